/**
 * The language packs are split by feature into i18next namespaces (src/app/i18n/locales/<language>/<namespace>.ts).
 * `common` is loaded before the first paint; a feature's namespace comes with its screen's chunk
 * (src/app/routing/screens.ts says which screen needs which), so the first screen does not carry the
 * text of screens the user has not opened. A key lives in exactly one namespace.
 */
export const FEATURE_NAMESPACES = [
  'monitor',
  'realtime',
  'history',
  'alarms',
  'notify',
  'workorders',
  'reports',
  'ledger',
  'users',
  'system',
  'platform',
] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];
export type Namespace = 'common' | FeatureNamespace;
