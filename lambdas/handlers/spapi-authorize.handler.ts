import { authorizationStates } from '../adapters/dynamo/authorization-states';
import { consentSettingsFromEnv } from '../adapters/spapi-consent';
import { systemClock } from '../domain/clock';
import {
  countryForMarketplaceId,
  marketplaceIdForCountry,
  type MarketplaceCountry,
} from '../domain/marketplaces';
import {
  spapiAuthorizeRequestSchema,
  type SpapiAuthorizeResponse,
} from '../domain/connection/contract';
import { startAuthorization } from '../domain/connection/spapi-authorization';
import { ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const settings = consentSettingsFromEnv();

function countryOf(value: string): MarketplaceCountry | undefined {
  const byId = countryForMarketplaceId(value);
  if (byId) return byId;
  const id = marketplaceIdForCountry(value);
  return id ? countryForMarketplaceId(id) : undefined;
}

/**
 * `POST /api/spapi-authorize` (spec 7.5): stores a single-use state bound to the caller and the
 * chosen marketplace for 10 minutes and answers the consent URL of that country's Seller
 * Central.
 */
export const handler = httpHandler(
  { body: spapiAuthorizeRequestSchema },
  async ({ userId, body, language }): Promise<SpapiAuthorizeResponse> => {
    const countryCode = body.marketplace_id ? countryOf(body.marketplace_id) : undefined;
    // Spec 5: authorization needs a marketplace; the seller reads why in their language.
    if (!countryCode) throw new ValidationError(message('marketplaceRequired', language));
    return startAuthorization(
      { userId, countryCode, storeName: body.store_name },
      { states: authorizationStates, clock: systemClock, settings },
    );
  },
);
