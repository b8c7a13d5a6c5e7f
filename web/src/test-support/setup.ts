/// <reference types="jest" />
import { TextDecoder, TextEncoder } from 'node:util';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cleanup } from '@testing-library/react';
import itAdmin from '../i18n/it/admin.json';
import itCommon from '../i18n/it/common.json';
import itDashboard from '../i18n/it/dashboard.json';

// Browsers have them; jsdom does not, and React Router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The strings the tested screens show, in Italian as a visitor first sees them. The app's own
// i18n module loads namespaces through Vite, which Jest does not run.
void i18n.use(initReactI18next).init({
  lng: 'it',
  fallbackLng: 'it',
  resources: { it: { admin: itAdmin, common: itCommon, dashboard: itDashboard } },
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

afterEach(() => cleanup());
