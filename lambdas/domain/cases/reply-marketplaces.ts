/**
 * The marketplaces a reply address can be saved for (spec 2.11, /feedback/settings): every
 * marketplace the connection wizard offers, then the feedback area's others (amazon.com), so a
 * case of any connected marketplace can be sent by email once Amazon gave its address. Pure:
 * the server validates against it and the web app draws its cards from it.
 */
import {
  ACCEPTED_REPLY_DOMAINS,
  FEEDBACK_MARKETPLACES,
  isAcceptedReplyEmail,
} from '../feedback/feedback-marketplaces';
import {
  sellerCentralCaseUrl,
  WIZARD_MARKETPLACE_TABLE,
  type MarketplaceCountry,
} from '../marketplaces';

export interface ReplyAddressMarketplace {
  /** The name key (feedback `marketplaces.<code>`): UK for Great Britain, as the feedback area. */
  code: Exclude<MarketplaceCountry, 'GB'> | 'UK' | 'US';
  /** The storefront domain the address is kept under (`amazon.it`). */
  domain: string;
  /** Seller Central's page where the seller opens a case for this marketplace. */
  sellerCentralUrl: string;
}

const fromWizard = WIZARD_MARKETPLACE_TABLE.map((m): ReplyAddressMarketplace => ({
  code: m.country === 'GB' ? 'UK' : m.country,
  domain: m.domain,
  sellerCentralUrl: sellerCentralCaseUrl(m.domain),
}));

export const REPLY_ADDRESS_MARKETPLACES: readonly ReplyAddressMarketplace[] = [
  ...fromWizard,
  ...FEEDBACK_MARKETPLACES.filter((m) => !fromWizard.some((w) => w.domain === m.domain)).map(
    (m) => ({ code: m.code, domain: m.domain, sellerCentralUrl: sellerCentralCaseUrl(m.domain) }),
  ),
];

export function isReplyAddressMarketplace(value: string): boolean {
  return REPLY_ADDRESS_MARKETPLACES.some((m) => m.domain === value);
}

/**
 * Spec 5's accepted domains (the six feedback marketplaces, Amazon's partner-support and support
 * domains) and the wizard's other storefronts, whose Seller Support writes from their own domain.
 */
export const ACCEPTED_CASE_REPLY_DOMAINS: readonly string[] = [
  ...ACCEPTED_REPLY_DOMAINS,
  ...fromWizard
    .map((m) => m.domain)
    .filter((d) => !(ACCEPTED_REPLY_DOMAINS as readonly string[]).includes(d)),
];

/** Spec 5's reply-address check, over {@link ACCEPTED_CASE_REPLY_DOMAINS}. */
export function isAcceptedCaseReplyEmail(value: string): boolean {
  return isAcceptedReplyEmail(value, ACCEPTED_CASE_REPLY_DOMAINS);
}
