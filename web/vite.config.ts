import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import itCommon from './src/i18n/it/common.json';
import itLanding from './src/i18n/it/landing.json';
import { DEFAULT_LANGUAGE } from './src/i18n/languages';
import { planFigures } from './src/lib/plan';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** `@domain/…`: the server's pure domain modules the app shares (contracts, rules). */
const domainRoot = fileURLToPath(new URL('../lambdas/domain', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Crawlers and no-JS visitors see index.html before i18next runs, so its title and description
 * come from the Italian resources: the brand stays in one translation key.
 */
function htmlMetaFromTranslations(): Plugin {
  const figures: Record<string, string> = planFigures(DEFAULT_LANGUAGE);
  const description = itLanding.meta.description.replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, name: string) => figures[name] ?? placeholder,
  );
  return {
    name: 'html-meta-from-translations',
    transformIndexHtml(html) {
      return html
        .replace('__APP_TITLE__', escapeHtml(itCommon.brand.name))
        .replace('__APP_DESCRIPTION__', escapeHtml(description));
    },
  };
}

/**
 * The app: every route, React, and index.html as its shell. The prerendered public pages
 * (bin/build-web.ts) load this same build and hydrate with it.
 */
const appConfig: UserConfig = {
  root: webRoot,
  plugins: [react(), tailwindcss(), htmlMetaFromTranslations()],
  resolve: { alias: { '@domain': domainRoot } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The runtime every page needs changes far less often than the app: its own chunk
              // stays cached across deploys. Listed by name so libraries used only by lazy
              // routes are not pulled into the first load; for the same reason react-i18next's
              // <Trans> (and the HTML parser it brings), used only by the account screens, stays
              // out.
              name: 'framework',
              test: /[\\/]node_modules[\\/](?!react-i18next[\\/]dist[\\/]es[\\/](?:Icu)?Trans)(react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // Node may resolve "localhost" to ::1 only; tests and the proxy target use IPv4 loopback.
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
};

export default defineConfig(appConfig);
