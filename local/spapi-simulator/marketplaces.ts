/** What getMarketplaceParticipations says about each marketplace a scenario may use. */
export interface MarketplaceInfo {
  id: string;
  name: string;
  countryCode: string;
  defaultCurrencyCode: string;
  defaultLanguageCode: string;
  domainName: string;
}

const LIST: MarketplaceInfo[] = [
  mk('APJ6JRA9NG5V4', 'Amazon.it', 'IT', 'EUR', 'it_IT', 'www.amazon.it'),
  mk('A1PA6795UKMFR9', 'Amazon.de', 'DE', 'EUR', 'de_DE', 'www.amazon.de'),
  mk('A13V1IB3VIYZZH', 'Amazon.fr', 'FR', 'EUR', 'fr_FR', 'www.amazon.fr'),
  mk('A1RKKUPIHCS9HS', 'Amazon.es', 'ES', 'EUR', 'es_ES', 'www.amazon.es'),
  // Amazon reports the UK marketplace with the ISO code GB.
  mk('A1F83G8C2ARO7P', 'Amazon.co.uk', 'GB', 'GBP', 'en_GB', 'www.amazon.co.uk'),
  mk('A1805IZSGTT6HS', 'Amazon.nl', 'NL', 'EUR', 'nl_NL', 'www.amazon.nl'),
  mk('AMEN7PMS3EDWL', 'Amazon.com.be', 'BE', 'EUR', 'fr_BE', 'www.amazon.com.be'),
  mk('A1C3SOZRARQ6R3', 'Amazon.pl', 'PL', 'PLN', 'pl_PL', 'www.amazon.pl'),
  mk('A2NODRKZP88ZB9', 'Amazon.se', 'SE', 'SEK', 'sv_SE', 'www.amazon.se'),
  mk('A28R8C7NBKEWEA', 'Amazon.ie', 'IE', 'EUR', 'en_IE', 'www.amazon.ie'),
  mk('ATVPDKIKX0DER', 'Amazon.com', 'US', 'USD', 'en_US', 'www.amazon.com'),
];

function mk(
  id: string,
  name: string,
  countryCode: string,
  defaultCurrencyCode: string,
  defaultLanguageCode: string,
  domainName: string,
): MarketplaceInfo {
  return { id, name, countryCode, defaultCurrencyCode, defaultLanguageCode, domainName };
}

/** Marketplaces the simulator knows, by marketplace id. */
export const MARKETPLACES: ReadonlyMap<string, MarketplaceInfo> = new Map(
  LIST.map((m) => [m.id, m]),
);

/** The marketplace of a country code; `UK` is accepted for `GB` because sellers say UK. */
export function marketplaceForCountry(countryCode: string): MarketplaceInfo | undefined {
  const code = countryCode === 'UK' ? 'GB' : countryCode;
  return LIST.find((m) => m.countryCode === code);
}
