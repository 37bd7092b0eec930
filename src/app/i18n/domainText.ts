import { currentLanguage, sourcePack, t, tDynamic, type MessageKey } from './i18n';

/**
 * The shared schemas in domain/ carry the spec's Chinese messages (the server answers with them too).
 * A form shows them through here: the zh_cn pack says which key a message is (exactly, or by the shape
 * of a key with placeholders, such as 请选择{{what}}), and the message is shown in the language in
 * force, its placeholder values translated the same way (租户 → tenant).
 */
const SECTIONS = ['validation.', 'term.', 'msg.'];
type Entry = { key: MessageKey; pattern: RegExp; names: string[] };

let exact: Map<string, MessageKey> | undefined;
let patterns: Entry[] | undefined;

function index() {
  if (exact && patterns) return { exact, patterns };
  // The common namespace, which holds these sections, is loaded before the first paint (i18n.ts), not
  // imported: it stays a chunk of its own.
  const zh_cn = sourcePack();
  if (!zh_cn) return { exact: new Map<string, MessageKey>(), patterns: [] as Entry[] };
  exact = new Map();
  patterns = [];
  for (const [k, v] of Object.entries(zh_cn) as [MessageKey, string][]) {
    if (!SECTIONS.some((s) => k.startsWith(s))) continue;
    if (!v.includes('{{')) {
      exact.set(v, k);
      continue;
    }
    const names: string[] = [];
    const source = v
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const m = /^\{\{(\w+)\}\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]!);
        return m[1] === 'unit' ? '(.*?)' : '(.+?)';
      })
      .join('');
    patterns.push({ key: k, pattern: new RegExp(`^${source}$`), names });
  }
  // Longer patterns first: 请选择{{what}} must not swallow a more specific message.
  patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return { exact, patterns };
}

function translate(text: string): string | undefined {
  const { exact, patterns } = index();
  const key = exact.get(text);
  if (key) return t(key);
  for (const p of patterns) {
    const m = p.pattern.exec(text);
    if (!m) continue;
    const values = Object.fromEntries(p.names.map((n, i) => [n, translate(m[i + 1]!) ?? m[i + 1]!]));
    return tDynamic(p.key, values);
  }
  return undefined;
}

/** A domain message (Chinese) in the language in force; unknown messages are shown as they are. */
export function localizeMessage(text: string): string {
  if (currentLanguage() === 'zh_cn') return text;
  return translate(text) ?? text;
}
