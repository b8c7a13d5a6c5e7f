import { readSiteContacts, type SiteContacts } from '@domain/site-contacts';
import { loadConfigJson } from './config-json';
import { useConfigValue } from './use-config-value';

let pending: Promise<SiteContacts | null> | undefined;

/**
 * The public contact points of this deployment (spec 2.3), from its runtime config: each
 * stage sets its own (`lib/config.ts`), so the bundle carries no address. Read without the
 * config schema, as the landing page shows the footer too.
 */
function fetchContacts(): Promise<SiteContacts | null> {
  pending ??= loadConfigJson()
    .then(readSiteContacts)
    .catch(() => {
      pending = undefined;
      return null;
    });
  return pending;
}

/** The contacts, or null until the config has loaded (or when it has none). */
export function useSiteContacts(): SiteContacts | null {
  return useConfigValue(fetchContacts, null);
}
