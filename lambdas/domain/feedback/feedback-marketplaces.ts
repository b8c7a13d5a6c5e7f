/**
 * The six marketplaces of the feedback area (spec 2.10, 2.11, 9) and the eight domains a reply
 * address may belong to (spec 5): one configuration list, read by the server (validation,
 * report import) and by the web app (filter, settings cards, help links).
 */

export const FEEDBACK_MARKETPLACES = [
  { code: 'IT', domain: 'amazon.it', marketplaceId: 'APJ6JRA9NG5V4', language: 'it' },
  { code: 'US', domain: 'amazon.com', marketplaceId: 'ATVPDKIKX0DER', language: 'en' },
  { code: 'UK', domain: 'amazon.co.uk', marketplaceId: 'A1F83G8C2ARO7P', language: 'en' },
  { code: 'DE', domain: 'amazon.de', marketplaceId: 'A1PA6795UKMFR9', language: 'de' },
  { code: 'FR', domain: 'amazon.fr', marketplaceId: 'A13V1IB3VIYZZH', language: 'fr' },
  { code: 'ES', domain: 'amazon.es', marketplaceId: 'A1RKKUPIHCS9HS', language: 'es' },
] as const;

export type FeedbackMarketplace = (typeof FEEDBACK_MARKETPLACES)[number]['domain'];

/** The filter value of every feedback row and endpoint: the marketplace's domain. */
export const FEEDBACK_MARKETPLACE_DOMAINS = FEEDBACK_MARKETPLACES.map(
  (m) => m.domain,
) as readonly FeedbackMarketplace[];

/** Spec 9: the default import marketplace is the Italian one. */
export const DEFAULT_FEEDBACK_MARKETPLACE: FeedbackMarketplace = 'amazon.it';

/**
 * Spec 5: the eight domains a reply address may use: the six marketplace domains, then
 * Amazon's partner-support and support domains (the addresses Seller Support replies from).
 */
export const ACCEPTED_REPLY_DOMAINS = [
  ...FEEDBACK_MARKETPLACE_DOMAINS,
  'partner-support.amazon.com',
  'support.amazon.com',
] as const;

export function isFeedbackMarketplace(value: string): value is FeedbackMarketplace {
  return (FEEDBACK_MARKETPLACE_DOMAINS as readonly string[]).includes(value);
}

/** The feedback marketplace of an SP-API marketplace id, if it is one of the six. */
export function feedbackMarketplaceForId(marketplaceId: string): FeedbackMarketplace | undefined {
  return FEEDBACK_MARKETPLACES.find((m) => m.marketplaceId === marketplaceId)?.domain;
}

/** Seller Central's contact page of a marketplace; the Italian one when unknown (spec 2.10). */
export function sellerHelpContactUrl(marketplace: string | null | undefined): string {
  const domain =
    marketplace && isFeedbackMarketplace(marketplace) ? marketplace : DEFAULT_FEEDBACK_MARKETPLACE;
  return `https://sellercentral.${domain}/help/hub/support`;
}

const EMAIL_SHAPE = /^[^\s@"<>()[\],;:\p{Cc}\p{Cf}]+@([a-z0-9-]+\.)+[a-z]{2,}$/iu;

/**
 * Spec 5: a reply address must look like an email address and its domain must be one of the
 * accepted domains or a subdomain of one (`seller-x@marketplace.amazon.it`). Empty is handled
 * by the caller (it deletes the setting). `domains`: the case reply addresses pass their wider list.
 */
export function isAcceptedReplyEmail(
  value: string,
  domains: readonly string[] = ACCEPTED_REPLY_DOMAINS,
): boolean {
  const email = value.trim();
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) return false;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}
