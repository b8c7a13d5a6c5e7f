import type { SWRConfiguration } from 'swr';
import type { SWRInfiniteConfiguration } from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';
import { useUserPages, useUserRead } from '../../../lib/swr';
import {
  adminUserDetailsSchema,
  adminUserPageSchema,
  resolveSupportMessageResponseSchema,
  supportPageSchema,
  type AdminUserDetails,
  type AdminUserPage,
  type SupportPage,
} from '@domain/admin/contract';

export type {
  AdminUserDetails,
  AdminUserPage,
  AdminUserRow,
  SupportMessage,
  SupportPage,
} from '@domain/admin/contract';

/** `GET /api/admin/users?q=`: the users (all, or those matching `q`), page after page. */
export function useAdminUsers(q: string, config?: SWRInfiniteConfiguration<AdminUserPage>) {
  const query: Record<string, string> = q.trim() ? { q: q.trim() } : {};
  return useUserPages('/admin/users', query, adminUserPageSchema, (page) => page.cursor, config);
}

/** `GET /api/admin/users/{id}`: one user's connection, plan, cases, last sync and error. */
export function useAdminUserDetails(id: string, config?: SWRConfiguration<AdminUserDetails>) {
  return useUserRead(`/admin/users/${encodeURIComponent(id)}`, adminUserDetailsSchema, config);
}

/** `GET /api/admin/support-messages`: newest first, page after page. */
export function useSupportMessages(config?: SWRInfiniteConfiguration<SupportPage>) {
  return useUserPages(
    '/admin/support-messages',
    {},
    supportPageSchema,
    (page) => page.cursor,
    config,
  );
}

export function resolveSupportMessage(id: string) {
  return apiRequest(`/admin/support-messages/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    schema: resolveSupportMessageResponseSchema,
  });
}
