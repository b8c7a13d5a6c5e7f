import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import itCommon from './src/i18n/it/common.json';
import itLanding from './src/i18n/it/landing.json';
import { PUBLIC_BUILD_MODE, PUBLIC_MANIFEST } from './src/app/prerendered-pages';
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

/** The app: every route, React, and index.html as its shell. */
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

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

/**
 * What the public entry's build swaps, for the public pages only: Preact's compatibility layer
 * for React (React DOM alone is more than the 60 KB, gzip, the landing may ship), the public
 * pages' own small router for React Router, and no English bundle (the pages are Italian; their
 * English loads on demand). Listed exactly, so `react-i18next` resolves as itself.
 */
const publicAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-router-dom$/, replacement: source('app/public-router.tsx') },
  // Imported by i18n/resources.ts only.
  { find: /^\.\/english-bundle$/, replacement: source('i18n/no-english-bundle.ts') },
];

/**
 * The modules the public entry imports statically, found once the module graph is known: they
 * form one chunk beside the entry, so the landing downloads two scripts rather than the shared
 * pieces automatic splitting would cut between the entry and its lazy pages.
 */
function firstLoadOfEntry(): { plugin: Plugin; contains: (id: string) => boolean } {
  const firstLoad = new Set<string>();
  return {
    contains: (id) => firstLoad.has(id),
    plugin: {
      name: 'first-load-of-entry',
      buildEnd() {
        const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry);
        const pending = entry ? [...(this.getModuleInfo(entry)?.importedIds ?? [])] : [];
        while (pending.length) {
          const id = pending.pop()!;
          const info = this.getModuleInfo(id);
          if (firstLoad.has(id) || !info) continue;
          firstLoad.add(id);
          pending.push(...info.importedIds);
        }
      },
    },
  };
}

/**
 * `vite build --mode public`: the light entry that hydrates the prerendered public pages
 * (src/entry-public.tsx) into the same dist, after the app's build. No HTML and no stylesheet
 * of its own: bin/build-web.ts puts its script into the prerendered pages, which carry the
 * app's stylesheet inline. The manifest tells the build the entry's file and what it imports.
 */
function publicConfig(): UserConfig {
  const firstLoad = firstLoadOfEntry();
  return {
    root: webRoot,
    plugins: [react(), firstLoad.plugin],
    resolve: { alias: publicAliases },
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      manifest: PUBLIC_MANIFEST,
      rolldownOptions: {
        input: { public: source('entry-public.tsx') },
        output: {
          codeSplitting: { groups: [{ name: 'public-first-load', test: firstLoad.contains }] },
        },
      },
    },
  };
}

export default defineConfig(({ mode }) =>
  mode === PUBLIC_BUILD_MODE ? publicConfig() : appConfig,
);
