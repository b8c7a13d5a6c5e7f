import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enLanding from './en/landing.json';
import type { Resources } from './resources';

export type BundledEnglish = Pick<Resources, 'common' | 'landing' | 'errors'>;

/**
 * The English of the bundled namespaces, shipped in the first load with the Italian.
 * `satisfies` makes the build fail when an Italian key has no English one.
 */
export const bundledEnglish: BundledEnglish = {
  common: enCommon,
  landing: enLanding,
  errors: enErrors,
} satisfies BundledEnglish;
