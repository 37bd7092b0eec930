import { inflateSync } from 'node:zlib';

/**
 * What a test reads of a PDF Chromium printed, without a PDF library: the page boxes, and its text.
 * Chromium writes text as one-byte glyph codes of small subset fonts (often one font per few glyphs,
 * switched with `Tf` inside a line), each font with a ToUnicode map; a glyph drawn from a fallback
 * carries its text in a marked span (`/ActualText`). The text is read in drawing order, fonts and
 * spans followed, positions left out.
 */
export interface PdfFacts {
  /** each page's MediaBox width and height in points */
  pages: [number, number][];
  /** the pages' text in drawing order */
  text: string;
  /** whether the text holds this (white space ignored on both sides) */
  has: (text: string) => boolean;
}

interface PdfObject {
  dict: string;
  stream: string | null;
}

/** Every `N 0 obj … endobj` by number, with its stream inflated when it has one. */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const header = /(\d+)\s+0\s+obj\b/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const from = header.lastIndex;
    const endobj = text.indexOf('endobj', from);
    const streamAt = text.indexOf('stream', from);
    if (streamAt < 0 || streamAt > endobj) {
      out.set(Number(m[1]), { dict: text.slice(from, endobj), stream: null });
      header.lastIndex = endobj;
      continue;
    }
    let start = streamAt + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let stream: string;
    try {
      stream = inflateSync(raw).toString('latin1');
    } catch {
      stream = raw.toString('latin1');
    }
    out.set(Number(m[1]), { dict: text.slice(from, streamAt), stream });
    header.lastIndex = text.indexOf('endobj', end);
  }
  return out;
}

const utf16 = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** A ToUnicode CMap: glyph code (hex, upper case) → the text it shows. */
function readCMap(cmap: string): Map<string, string> {
  const codes = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) codes.set(m[1]!.toUpperCase(), utf16(m[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [lo, hi, first] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
      for (let c = lo; c <= hi; c++)
        codes.set(c.toString(16).toUpperCase().padStart(m[1]!.length, '0'), String.fromCodePoint(first + c - lo));
    }
  return codes;
}

export function readPdf(pdf: Buffer): PdfFacts {
  const raw = pdf.toString('latin1');
  const pages = [...raw.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as [number, number],
  );
  const objs = objects(pdf);
  // font resource name → its ToUnicode map
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objs.values())
    for (const m of dict.matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
      const font = objs.get(Number(m[2]));
      const cmapRef = font && /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict);
      const cmap = cmapRef && objs.get(Number(cmapRef[1]))?.stream;
      if (cmap) fonts.set(m[1]!, readCMap(cmap));
    }
  const token = /\/Span\s*<<\s*\/ActualText\s*<([0-9A-Fa-f]*)>\s*>>\s*BDC|\/(F\d+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>|\bEMC\b/g;
  let text = '';
  for (const { stream } of objs.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font: Map<string, string> | undefined;
    let spanned = false;
    for (const m of stream.matchAll(token)) {
      if (m[1] !== undefined) {
        // a span's own text stands for the glyphs inside it
        text += utf16(m[1].replace(/^FEFF/i, ''));
        spanned = true;
      } else if (m[2] !== undefined) font = fonts.get(m[2]);
      else if (m[3] !== undefined) {
        if (!spanned) for (const code of m[3].replace(/\s/g, '').toUpperCase().match(/.{2}/g) ?? []) text += font?.get(code) ?? '';
      } else spanned = false;
    }
    text += '\n';
  }
  const squeeze = (s: string) => s.replace(/\s/g, '');
  return { pages, text, has: (wanted) => squeeze(text).includes(squeeze(wanted)) };
}
