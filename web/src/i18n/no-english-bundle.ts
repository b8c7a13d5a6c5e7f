import type { BundledEnglish } from './english-bundle';

/**
 * Stands in for `english-bundle.ts` in the public pages' light build (web/vite.config.ts): the
 * prerendered pages are Italian, so their English loads only when a visitor asks for it.
 */
export const bundledEnglish: BundledEnglish | undefined = undefined;
