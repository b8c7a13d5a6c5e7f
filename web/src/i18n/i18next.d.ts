import 'i18next';
import type { Resources } from './resources';

// Typed keys: a misspelt key or a missing Italian string is a compile error, not a blank label.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
