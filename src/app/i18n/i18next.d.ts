import 'i18next';
import type zh_cn from './locales/zh_cn';

// Keys (and their interpolation values) are checked against the zh_cn pack.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zh_cn };
    keySeparator: false;
    nsSeparator: false;
    // '_' only marks plural forms: permission names such as event_confirm are part of their keys.
    contextSeparator: '|';
    returnNull: false;
  }
}
