import { randomBytes } from 'node:crypto';
import type { MessageKey } from '../messages';
import type { Clock } from '../clock';
import { DomainError, type ErrorKind } from '../errors';
import { marketplaceIdForCountry, type MarketplaceCountry } from '../marketplaces';

/** How long a consent round trip may take before its state stops being accepted (spec 4.6). */
export const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Seller Central of each marketplace the wizard offers (spec 3, Reading B): the seller gives
 * consent on the Seller Central of the country they sell in, so the consent URL follows it.
 */
export const SELLER_CENTRAL_URLS: Record<MarketplaceCountry, string> = {
  IT: 'https://sellercentral.amazon.it',
  DE: 'https://sellercentral.amazon.de',
  FR: 'https://sellercentral.amazon.fr',
  ES: 'https://sellercentral.amazon.es',
  GB: 'https://sellercentral.amazon.co.uk',
  NL: 'https://sellercentral.amazon.nl',
  BE: 'https://sellercentral.amazon.com.be',
  PL: 'https://sellercentral.amazon.pl',
  SE: 'https://sellercentral.amazon.se',
};

/** A pending authorization, kept on the server so the callback cannot be forged or replayed. */
export interface AuthorizationState {
  state: string;
  userId: string;
  countryCode: string;
  marketplaceId: string;
  storeName: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export type StateRefusal = 'state_invalid' | 'state_expired';

/**
 * A consent state that cannot be used: malformed (refused as invalid input before any lookup),
 * or unknown, used, another user's or expired (a conflict with the stored state).
 */
export class StateRefused extends DomainError {
  readonly kind: ErrorKind;
  readonly messageKey: MessageKey;

  constructor(
    readonly reason: StateRefusal,
    options: { malformed?: boolean } = {},
  ) {
    super(reason, { details: { reason } });
    this.kind = options.malformed ? 'invalid_input' : 'conflict';
    this.messageKey = reason === 'state_expired' ? 'stateExpired' : 'stateInvalid';
  }
}

export interface AuthorizationStateStore {
  put(state: AuthorizationState): Promise<void>;
  /**
   * Marks the state used if it exists, is unused, belongs to the user and is unexpired, in one
   * conditional write (so two callbacks racing on one state cannot both pass).
   * @throws StateRefused otherwise.
   */
  consume(state: string, userId: string, now: number): Promise<AuthorizationState>;
}

/** 32 characters of URL-safe randomness (spec 4.6: a state of 32 characters). */
export function newState(): string {
  return randomBytes(24).toString('base64url');
}

export function isWellFormedState(state: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(state);
}

export interface ConsentSettings {
  applicationId: string;
  redirectUri: string;
  /** The app is still a draft on Amazon: the consent URL needs `version=beta`. */
  draft: boolean;
  /** Locally every country's Seller Central is the SP-API simulator. */
  sellerCentralOverride?: string | undefined;
}

export function consentUrl(
  countryCode: MarketplaceCountry,
  state: string,
  settings: ConsentSettings,
): string {
  const base = (settings.sellerCentralOverride ?? SELLER_CENTRAL_URLS[countryCode]).replace(
    /\/+$/,
    '',
  );
  const url = new URL(`${base}/apps/authorize/consent`);
  url.searchParams.set('application_id', settings.applicationId);
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', settings.redirectUri);
  if (settings.draft) url.searchParams.set('version', 'beta');
  return url.toString();
}

/** Starts an authorization (spec 7.5 spapi-authorize): stores the state, builds the URL. */
export async function startAuthorization(
  input: { userId: string; countryCode: MarketplaceCountry; storeName?: string | undefined },
  deps: { states: AuthorizationStateStore; clock: Clock; settings: ConsentSettings },
): Promise<{ authUrl: string; state: string; expiresAt: string }> {
  const marketplaceId = marketplaceIdForCountry(input.countryCode) as string;
  const state = newState();
  const expiresAt = deps.clock.now() + STATE_TTL_MS;
  await deps.states.put({
    state,
    userId: input.userId,
    countryCode: input.countryCode,
    marketplaceId,
    storeName: input.storeName ?? null,
    expiresAt,
  });
  return {
    authUrl: consentUrl(input.countryCode, state, deps.settings),
    state,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}
