/**
 * The marketplaces a seller can connect (spec section 3, Reading B), by the country code the
 * connection stores. Amazon reports the United Kingdom as GB; sellers and the wizard say UK, so
 * both name the same marketplace.
 */
export const MARKETPLACE_IDS = {
  IT: 'APJ6JRA9NG5V4',
  DE: 'A1PA6795UKMFR9',
  FR: 'A13V1IB3VIYZZH',
  ES: 'A1RKKUPIHCS9HS',
  GB: 'A1F83G8C2ARO7P',
  NL: 'A1805IZSGTT6HS',
  BE: 'AMEN7PMS3EDWL',
  PL: 'A1C3SOZRARQ6R3',
  SE: 'A2NODRKZP88ZB9',
} as const;

export type MarketplaceCountry = keyof typeof MARKETPLACE_IDS;

/** The international calling code of each marketplace's country (the phone field's prefixes). */
export const MARKETPLACE_CALLING_CODES: Readonly<Record<MarketplaceCountry, string>> = {
  IT: '+39',
  DE: '+49',
  FR: '+33',
  ES: '+34',
  GB: '+44',
  NL: '+31',
  BE: '+32',
  PL: '+48',
  SE: '+46',
};

function normalizeCountry(countryCode: string): string {
  const upper = countryCode.trim().toUpperCase();
  return upper === 'UK' ? 'GB' : upper;
}

/** The marketplace id of a country code (`UK` and `GB` alike); undefined for other countries. */
export function marketplaceIdForCountry(countryCode: string): string | undefined {
  return (MARKETPLACE_IDS as Record<string, string>)[normalizeCountry(countryCode)];
}

/** The country code of a marketplace id, as Amazon reports it (GB for the UK). */
export function countryForMarketplaceId(marketplaceId: string): MarketplaceCountry | undefined {
  const entry = Object.entries(MARKETPLACE_IDS).find(([, id]) => id === marketplaceId);
  return entry?.[0] as MarketplaceCountry | undefined;
}

/** Whether two country codes name the same marketplace (`UK` = `GB`). */
export function sameCountry(a: string, b: string): boolean {
  return normalizeCountry(a) === normalizeCountry(b);
}

/**
 * The marketplaces the connection wizard offers, in its order, each with its storefront domain
 * (the name reply addresses and shipments are kept under) and its Seller Central host. One
 * table: the wizard, the filing step ("open the case on Seller Central") and the reply
 * addresses all read it, so a marketplace the wizard offers can always be filed for.
 */
export const WIZARD_MARKETPLACE_TABLE = [
  { country: 'IT', id: MARKETPLACE_IDS.IT, domain: 'amazon.it' },
  { country: 'DE', id: MARKETPLACE_IDS.DE, domain: 'amazon.de' },
  { country: 'FR', id: MARKETPLACE_IDS.FR, domain: 'amazon.fr' },
  { country: 'ES', id: MARKETPLACE_IDS.ES, domain: 'amazon.es' },
  { country: 'GB', id: MARKETPLACE_IDS.GB, domain: 'amazon.co.uk' },
  { country: 'NL', id: MARKETPLACE_IDS.NL, domain: 'amazon.nl' },
  { country: 'BE', id: MARKETPLACE_IDS.BE, domain: 'amazon.com.be' },
  { country: 'PL', id: MARKETPLACE_IDS.PL, domain: 'amazon.pl' },
  { country: 'SE', id: MARKETPLACE_IDS.SE, domain: 'amazon.se' },
] as const satisfies readonly { country: MarketplaceCountry; id: string; domain: string }[];

export type WizardMarketplaceDomain = (typeof WIZARD_MARKETPLACE_TABLE)[number]['domain'];

/**
 * The country of a shipment: from Amazon's marketplace id when the sync kept it, else from its
 * storefront domain (`amazon.it`); undefined when neither names a marketplace we know.
 */
export function shipmentCountry(shipment: {
  marketplace_id?: string | undefined;
  marketplace?: string | undefined;
}): MarketplaceCountry | undefined {
  if (shipment.marketplace_id) return countryForMarketplaceId(shipment.marketplace_id);
  return WIZARD_MARKETPLACE_TABLE.find((m) => m.domain === shipment.marketplace)?.country;
}

/** The storefront domain of a marketplace id the wizard offers (undefined for any other). */
export function marketplaceDomainForId(marketplaceId: string): WizardMarketplaceDomain | undefined {
  return WIZARD_MARKETPLACE_TABLE.find((m) => m.id === marketplaceId)?.domain;
}

/**
 * Seller Central's "Get support" page of a marketplace (`sellercentral.amazon.it/help/hub/support`),
 * where a seller opens a case with Seller Support ("Contact us"). Any storefront domain works;
 * an empty one falls back to the Italian marketplace.
 */
export function sellerCentralCaseUrl(domain: string | null | undefined): string {
  return `https://sellercentral.${domain || 'amazon.it'}/help/hub/support`;
}
