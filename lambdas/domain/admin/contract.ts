/**
 * The HTTP contract of the admin pages (spec 6, 7.2; issue 9): every request and response body as
 * a zod schema and a TypeScript type. Pure (zod only), so the web app reads the answers with the
 * same schemas the functions answer with.
 *
 * Routes (members of the `admins` group only):
 *
 *   GET  /api/admin/users?q=&cursor=                 AdminUserListQuery → AdminUserPage
 *   GET  /api/admin/users/{id}                       —                  → AdminUserDetails
 *   GET  /api/admin/support-messages?cursor=         —                  → SupportPage
 *   POST /api/admin/support-messages/{id}/resolve    —                  → ResolveSupportMessageResponse
 */
import * as z from 'zod';

/** `q` matches part of the email or the full name; `cursor` is the previous page's. */
export const adminUserListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  cursor: z.string().max(2000).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** A user's id in the path (a Cognito `sub`). */
export const adminUserIdSchema = z.string().min(1).max(128);

/** A support message's id in the path. */
export const supportMessageIdSchema = z.string().min(1).max(100);

/** The admin list's row (spec 6): name, id, email, phone, registration date. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** Newest first; `cursor` is null on the last page. */
export const adminUserPageSchema = z.object({
  items: z.array(adminUserRowSchema),
  total: z.number(),
  cursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** One user's profile, connection, plan, case counts, last sync and last error. */
export const adminUserDetailsSchema = z.object({
  user: adminUserRowSchema.extend({ mode: z.string(), locale: z.string() }),
  connection: z
    .object({
      status: z.string(),
      store_name: z.string().nullable().optional(),
      country_code: z.string().nullable().optional(),
      marketplace_id: z.string().nullable().optional(),
      updated_at: z.string().nullable().optional(),
    })
    .nullable(),
  plan: z.object({
    active: z.boolean(),
    expires_at: z.string().nullable(),
    country_code: z.string().nullable(),
  }),
  cases: z.object({ total: z.number(), by_status: z.record(z.string(), z.number()) }),
  last_sync: z
    .object({
      status: z.string(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      last_success_at: z.string().nullable(),
    })
    .nullable(),
  last_error: z.object({ source: z.string(), message: z.string(), at: z.string() }).nullable(),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** A request sent from the help or data-deletion form. */
export const supportMessageSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  resolved: z.boolean(),
  resolved_at: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** Newest first; `cursor` is null on the last page. */
export const supportPageSchema = z.object({
  items: z.array(supportMessageSchema),
  cursor: z.string().nullable(),
});
export type SupportPage = z.infer<typeof supportPageSchema>;

/** Resolving again keeps the first resolution. */
export const resolveSupportMessageResponseSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  resolved: z.literal(true),
  resolved_at: z.string(),
});
export type ResolveSupportMessageResponse = z.infer<typeof resolveSupportMessageResponseSchema>;
