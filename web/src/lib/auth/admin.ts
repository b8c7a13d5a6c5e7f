import { z } from 'zod';
import { apiRequest } from '../api-client';
import { perUserCache, useUserQuery } from '../use-user-query';

const adminMeSchema = z.object({ is_admin: z.boolean() });

const adminChecks = perUserCache(async () => {
  try {
    const { is_admin } = await apiRequest('/admin-me', { method: 'POST', schema: adminMeSchema });
    return is_admin;
  } catch (error) {
    // Spec 6: a failed check is logged and means "not an admin".
    console.error('admin-me check failed', error);
    return false;
  }
});
const loadIsAdmin = (userId: string) => adminChecks.load(userId);

/** Whether the signed-in user is in the Cognito `admins` group, as the server reports it. */
export function useIsAdmin(): boolean {
  return useAdminStatus() === true;
}

/** The same check, undefined while the server has not answered yet. */
export function useAdminStatus(): boolean | undefined {
  return useUserQuery(loadIsAdmin).data;
}
