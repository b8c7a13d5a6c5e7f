import * as z from 'zod';
import { authorizationStates } from '../adapters/dynamo/authorization-states';
import { consentSettingsFromEnv } from '../adapters/spapi-consent';
import { systemClock } from '../domain/clock';
import {
  countryForMarketplaceId,
  marketplaceIdForCountry,
  type MarketplaceCountry,
} from '../domain/marketplaces';
import { startAuthorization } from '../domain/connection/spapi-authorization';
import { ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const settings = consentSettingsFromEnv();

const body = z.object({
  /** A marketplace id or its country code (`IT`, `UK`...); missing is refused in words. */
  marketplace_id: z.string().max(20).optional(),
  store_name: z.string().max(200).optional(),
  /** Ignored: the server always makes the state, so a browser cannot choose one. */
  state: z.string().max(100).optional(),
});

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
export const handler = httpHandler({ body }, async ({ userId, body, language }) => {
  const countryCode = body.marketplace_id ? countryOf(body.marketplace_id) : undefined;
  // Spec 5: authorization needs a marketplace; the seller reads why in their language.
  if (!countryCode) throw new ValidationError(message('marketplaceRequired', language));
  return startAuthorization(
    { userId: userId, countryCode, storeName: body.store_name },
    { states: authorizationStates, clock: systemClock, settings },
  );
});
