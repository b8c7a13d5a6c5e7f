import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enLanding from './en/landing.json';
import itCommon from './it/common.json';
import itErrors from './it/errors.json';
import itLanding from './it/landing.json';

/**
 * Namespaces shipped inside the first bundle: what the landing page, the shell and the error
 * pages need before anything else can load. Every other screen's namespace is fetched on demand.
 */
export const bundledResources = {
  it: { common: itCommon, landing: itLanding, errors: itErrors },
  // `satisfies` makes the build fail when an Italian key has no English counterpart.
  en: { common: enCommon, landing: enLanding, errors: enErrors } satisfies Resources,
};

export type Resources = {
  common: typeof itCommon;
  landing: typeof itLanding;
  errors: typeof itErrors;
};

export type Namespace = keyof Resources;
