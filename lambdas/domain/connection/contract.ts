/**
 * The HTTP contract of the Amazon connection (spec 4.6): the connection as the app shows it and
 * the consent round trip, as zod schemas and TypeScript types. Pure (zod only), so the web app
 * reads the answers with the same schemas the functions answer with.
 *
 * Routes (all need the Cognito bearer token; every read and write is the caller's own):
 *
 *   GET  /api/connection              —                      → ConnectionResponse
 *   POST /api/connection/disconnect   —                      → DisconnectResponse
 *   POST /api/spapi-authorize         SpapiAuthorizeRequest  → SpapiAuthorizeResponse
 *   POST /api/spapi-callback          SpapiCallbackRequest   → SpapiCallbackResponse
 */
import * as z from 'zod';

/** The connection as the app reads it (the answer has more fields). */
export const connectionSchema = z.object({
  id: z.string(),
  marketplace_id: z.string(),
  store_name: z.string().nullish(),
  country_code: z.string(),
  status: z.string(),
  access_granted_at: z.string().nullish(),
  active_marketplaces: z.array(z.string()).default([]),
  last_error: z.string().nullish(),
  /** What the grant covers; `reauthorize`: the server asks the seller to authorize again. */
  grant: z
    .object({
      roles: z.array(z.string()).nullable(),
      covers: z.array(z.string()),
      reauthorize: z.boolean(),
      adds: z.array(z.enum(['customer_returns', 'removals', 'refunds'])),
    })
    .optional(),
});
export type ConnectionSummary = z.infer<typeof connectionSchema>;

/** null before the seller links an account. */
export const connectionResponseSchema = z.object({ connection: connectionSchema.nullable() });
export type ConnectionResponse = z.infer<typeof connectionResponseSchema>;

/** Disconnected (spec 4.6): the connection as it is now, with the message in the caller's language. */
export const disconnectResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  connection: connectionSchema.nullable(),
});
export type DisconnectResponse = z.infer<typeof disconnectResponseSchema>;

/** The marketplace the seller chose in the wizard. */
export const spapiAuthorizeRequestSchema = z.object({
  /** A marketplace id or its country code (`IT`, `UK`...); missing is refused in words. */
  marketplace_id: z.string().max(20).optional(),
  store_name: z.string().max(200).optional(),
  /** Ignored: the server always makes the state, so a browser cannot choose one. */
  state: z.string().max(100).optional(),
});
export type SpapiAuthorizeRequest = z.infer<typeof spapiAuthorizeRequestSchema>;

/** The consent URL of the country's Seller Central and its single-use state (10 minutes). */
export const spapiAuthorizeResponseSchema = z.object({
  authUrl: z.string(),
  state: z.string(),
  expiresAt: z.string(),
});
export type SpapiAuthorizeResponse = z.infer<typeof spapiAuthorizeResponseSchema>;

/** Amazon's consent redirect, forwarded by the wizard. */
export const spapiCallbackRequestSchema = z.object({
  state: z.string().max(100),
  spapi_oauth_code: z.string().min(1).max(2000),
  selling_partner_id: z.string().min(1).max(100),
});
export type SpapiCallbackRequest = z.infer<typeof spapiCallbackRequestSchema>;

export const spapiCallbackResponseSchema = z.object({ connection: connectionSchema });
export type SpapiCallbackResponse = z.infer<typeof spapiCallbackResponseSchema>;
