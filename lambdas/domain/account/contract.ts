/**
 * The HTTP contract of the account (spec 3, 7.2, 7.5): sign-up help, sign-in links, the profile
 * and the account's deletion, as zod schemas and TypeScript types. Pure (zod only), so the web
 * app sends and reads with the same schemas the functions check and answer with.
 *
 * Public routes (no token; the answer never tells whether an address has an account):
 *
 *   POST /api/captcha                       —                          → CaptchaResponse
 *   POST /api/magic-link                    MagicLinkRequest           → OkResponse
 *   POST /api/send-new-password             PasswordResetRequest       → OkResponse
 *   POST /api/send-bilingual-confirmation   ConfirmationResendRequest  → OkResponse
 *   POST /api/unsubscribe                   UnsubscribeRequest         → OkResponse
 *
 * Routes that need the Cognito bearer token (every read and write is the caller's own):
 *
 *   GET  /api/profile               —                     → ProfileResponse
 *   POST /api/delete-user-account   DeleteAccountRequest  → OkResponse
 *   POST /api/password-changed      PasswordChangedReport → OkResponse
 */
import * as z from 'zod';
import { LANGUAGES } from '../language';

/** What a request that only does its work answers. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** The language of an email; an unknown one is ignored rather than refused. */
const mailLanguage = z.enum(LANGUAGES).optional().catch(undefined);

/** A fresh addition challenge: the server signs the pair into `token`, so it keeps no state. */
export const captchaResponseSchema = z.object({
  a: z.number().int(),
  b: z.number().int(),
  token: z.string().min(1),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const magicLinkRequestSchema = z.object({
  email: z.string().default(''),
  // Unsafe destinations are dropped by the domain rule, not refused: the link still works.
  redirectTo: z.string().optional().catch(undefined),
  language: mailLanguage,
});
export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

/** An email to an address, in `language` when given. */
const addressedMailSchema = z.object({ email: z.string().default(''), language: mailLanguage });

/** Without `language` the email follows the caller's Accept-Language. */
export const passwordResetRequestSchema = addressedMailSchema;
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** Without `language` the email follows the account's. */
export const confirmationResendRequestSchema = addressedMailSchema;
export type ConfirmationResendRequest = z.input<typeof confirmationResendRequestSchema>;

/**
 * The opt-out names the address and carries the token of the email's link (HMAC of the address
 * and the list, domain/account/unsubscribe-token.ts): without it nothing changes.
 */
export const unsubscribeRequestSchema = z.object({
  email: z.email().max(320),
  token: z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

// Lenient on purpose: a new optional field or a missing phone must not hide the whole profile.
export const profileResponseSchema = z.object({
  id: z.string(),
  mode: z.string(),
  email: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  phone: z.string().nullish(),
  created_at: z.string().nullish(),
  /** Whether the free first scan can still be run (domain/sync/free-scan). */
  free_scan: z.enum(['available', 'used']).optional().catch(undefined),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Whose account is decided by the token alone; the email only confirms it. */
export const deleteAccountRequestSchema = z
  .object({ email: z.string().default('') })
  .default({ email: '' });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/**
 * The change-password page reports a change the user pool accepted; the server reads the
 * moment of the change from the pool itself and emails the seller once per change.
 */
export const passwordChangedReportSchema = z.object({}).strict();
export type PasswordChangedReport = z.infer<typeof passwordChangedReportSchema>;
