import type { Namespace } from '../../namespaces';
import common from './common';
import monitor from './monitor';
import realtime from './realtime';
import history from './history';
import alarms from './alarms';
import notify from './notify';
import workorders from './workorders';
import reports from './reports';
import ledger from './ledger';
import users from './users';
import system from './system';
import platform from './platform';

/**
 * The zh_cn pack whole, namespace by namespace: the source of the key types (i18next.d.ts) and what the
 * unit tests read. The console never imports this file's values (only its types): it loads each
 * namespace as a chunk of its own (../../i18n.ts), and a form that needs a domain message's Chinese
 * text imports ./common.
 */
export const zh_cnNamespaces = {
  common,
  monitor,
  realtime,
  history,
  alarms,
  notify,
  workorders,
  reports,
  ledger,
  users,
  system,
  platform,
} satisfies Record<Namespace, Record<string, string>>;
type Namespaces = typeof zh_cnNamespaces;
const zh_cn = Object.assign({}, ...Object.values(zh_cnNamespaces)) as UnionToIntersection<Namespaces[Namespace]>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every key of the packs, plural forms with their suffix (`table.total_other`). */
type PackKey = keyof typeof zh_cn;
/** What `t` takes: a pack key, plural forms by their base (`table.total` with `count`). */
export type MessageKey = PackKey extends infer K ? (K extends `${infer B}_other` ? B : K) : never;
type PluralBase<K> = K extends `${infer B}_other` ? B : never;
/** One namespace in a language: its zh_cn keys; a language may add its other plural forms (`_one`). */
export type NamespacePack<N extends Namespace> = Record<keyof Namespaces[N], string> &
  Partial<Record<`${PluralBase<keyof Namespaces[N]>}_one`, string>>;
/** The shape of a whole pack (all namespaces together), as the unit tests hand it to useLanguagePack. */
export type LanguagePack = Record<PackKey, string> & Partial<Record<`${PluralBase<PackKey>}_one`, string>>;
export default zh_cn;
