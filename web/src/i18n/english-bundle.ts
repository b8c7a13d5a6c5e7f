import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enLanding from './en/landing.json';
import type { Resources } from './resources';

export type BundledEnglish = Pick<Resources, 'common' | 'landing' | 'errors'>;

/**
 * The English of the bundled namespaces, shipped with the full app. The public pages' light
 * build replaces this module with `no-english-bundle.ts` (web/vite.config.ts) and loads these
 * strings on demand. `satisfies` makes the build fail when an Italian key has no English one.
 */
export const bundledEnglish: BundledEnglish | undefined = {
  common: enCommon,
  landing: enLanding,
  errors: enErrors,
} satisfies BundledEnglish;
