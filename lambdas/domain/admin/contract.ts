/**
 * The HTTP contract of the admin pages (spec 6, 7.2; issue 9): every request and response body as
 * a zod schema and a TypeScript type. Pure (zod only), so the web app reads the answers with the
 * same schemas the functions answer with.
 *
 * The public help-center and data-deletion forms:
 *
 *   POST /api/send-support-request                   SupportRequest     → SupportRequestResponse
 *
 * Any signed-in user:
 *
 *   POST /api/admin-me                               —                  → AdminMeResponse
 *
 * Routes (members of the `admins` group only):
 *
 *   GET  /api/admin/users?q=&cursor=                 AdminUserListQuery → AdminUserPage
 *   GET  /api/admin/users/{id}                       —                  → AdminUserDetails
 *   GET  /api/admin/support-messages?cursor=         SupportListQuery   → SupportPage
 *   POST /api/admin/support-messages/{id}/resolve    —                  → ResolveSupportMessageResponse
 */
import * as z from 'zod';

/** Whether the caller is in the `admins` group as the user pool has it now. */
export const adminMeResponseSchema = z.object({ is_admin: z.boolean() });
export type AdminMeResponse = z.infer<typeof adminMeResponseSchema>;

/** `q` matches part of the email or the full name; `cursor` is the previous page's. */
export const adminUserListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  cursor: z.string().max(2000).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** A user's id in the path (a Cognito `sub`). */
export const adminUserIdSchema = z.string().min(1).max(128);

/** `/api/admin/users/{id}`: an id no user can have names nobody (404). */
export const adminUserPathSchema = z.object({ id: adminUserIdSchema });

/** A support message's id in the path. */
export const supportMessageIdSchema = z.string().min(1).max(100);

/** `/api/admin/support-messages/{id}/resolve`: an id no message can have names none (404). */
export const supportMessagePathSchema = z.object({ id: supportMessageIdSchema });

/** `cursor` is the previous page's. */
export const supportListQuerySchema = z.object({ cursor: z.string().max(2000).optional() });
export type SupportListQuery = z.infer<typeof supportListQuerySchema>;

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

/** A request from the help-center or the data-deletion form (spec 7.5). */
export const supportRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  // One line: it becomes the mail's subject.
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((value) => !/\p{Cc}/u.test(value)),
  message: z.string().trim().max(5000).optional(),
  description: z.string().trim().max(5000).optional(),
  /** Hidden field real people leave empty; bots fill it. */
  website: z.string().optional(),
  /** The data-deletion form says so: its requests have their own allowance. */
  kind: z.enum(['support', 'deletion']).default('support'),
});
export type SupportRequest = z.input<typeof supportRequestSchema>;

/** `id` is the stored request's (absent when a bot filled the hidden field). */
export const supportRequestResponseSchema = z.object({
  ok: z.literal(true),
  id: z.string().optional(),
});
export type SupportRequestResponse = z.infer<typeof supportRequestResponseSchema>;
