import 'i18next';
import type zh_cn from './locales/zh_cn';

// Keys (and their interpolation values) are checked against the zh_cn pack. At run time the keys live
// in namespaces (./namespaces.ts) and `t` looks through the loaded ones (fallbackNS); to the types they
// are all of the default namespace, so `t('any.key')` stays one call whichever feature holds the key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof zh_cn };
    keySeparator: false;
    nsSeparator: false;
    // '_' only marks plural forms: permission names such as event_confirm are part of their keys.
    contextSeparator: '|';
    returnNull: false;
  }
}
