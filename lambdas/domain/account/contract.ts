/**
 * The HTTP contract of the account (spec 3, 7.2, 7.5): the profile, the plan and the account's
 * deletion, as zod schemas and TypeScript types. Pure (zod only), so the web app reads the
 * answers with the same schemas the functions answer with.
 *
 * Routes (all need the Cognito bearer token; every read and write is the caller's own):
 *
 *   GET  /api/profile               —                     → ProfileResponse
 *   GET  /api/subscription          —                     → SubscriptionResponse
 *   POST /api/delete-user-account   DeleteAccountRequest  → { ok: true }
 */
import * as z from 'zod';

// Lenient on purpose: a new optional field or a missing phone must not hide the whole profile.
export const profileResponseSchema = z.object({
  id: z.string(),
  mode: z.string(),
  email: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  phone: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** The seller's plan: whether it is active, until when, and for which marketplace country. */
export const subscriptionResponseSchema = z.object({
  active: z.boolean(),
  expires_at: z.string().nullable(),
  days_left: z.number(),
  country: z.string().nullable(),
  /** Why a paid plan ended early (`refunded`, `reversed`, `disputed`); null otherwise. */
  ended_reason: z.string().nullish(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** Whose account is decided by the token alone; the email only confirms it. */
export const deleteAccountRequestSchema = z
  .object({ email: z.string().default('') })
  .default({ email: '' });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
