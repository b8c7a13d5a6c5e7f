import { z } from 'zod';
import type { SWRConfiguration } from 'swr';
import type { SWRInfiniteConfiguration } from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';
import { useUserPages, useUserRead } from '../../../lib/swr';

const userRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof userRow>;

const userPage = z.object({
  items: z.array(userRow),
  total: z.number(),
  cursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof userPage>;

const userDetails = z.object({
  user: userRow.extend({ mode: z.string(), locale: z.string() }),
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
export type AdminUserDetails = z.infer<typeof userDetails>;

const supportMessage = z.object({
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
export type SupportMessage = z.infer<typeof supportMessage>;

const supportPage = z.object({ items: z.array(supportMessage), cursor: z.string().nullable() });

/** `GET /api/admin/users?q=`: the users (all, or those matching `q`), page after page. */
export function useAdminUsers(q: string, config?: SWRInfiniteConfiguration<AdminUserPage>) {
  const query: Record<string, string> = q.trim() ? { q: q.trim() } : {};
  return useUserPages('/admin/users', query, userPage, (page) => page.cursor, config);
}

/** `GET /api/admin/users/{id}`: one user's connection, plan, cases, last sync and error. */
export function useAdminUserDetails(id: string, config?: SWRConfiguration<AdminUserDetails>) {
  return useUserRead(`/admin/users/${encodeURIComponent(id)}`, userDetails, config);
}

export type SupportPage = z.infer<typeof supportPage>;

/** `GET /api/admin/support-messages`: newest first, page after page. */
export function useSupportMessages(config?: SWRInfiniteConfiguration<SupportPage>) {
  return useUserPages('/admin/support-messages', {}, supportPage, (page) => page.cursor, config);
}

export function resolveSupportMessage(id: string) {
  return apiRequest(`/admin/support-messages/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    schema: z.object({ ok: z.literal(true), resolved_at: z.string() }),
  });
}
