import { apiRequest } from '../api-client';
import useSWR from 'swr';
import { useUserKey } from '../swr';
import { adminMeResponseSchema } from '@domain/admin/contract';

async function checkIsAdmin(): Promise<boolean> {
  try {
    const { is_admin } = await apiRequest('/admin-me', {
      method: 'POST',
      schema: adminMeResponseSchema,
    });
    return is_admin;
  } catch (error) {
    // Spec 6: a failed check is logged and means "not an admin".
    console.error('admin-me check failed', error);
    return false;
  }
}

/** Whether the signed-in user is in the Cognito `admins` group, as the server reports it. */
export function useIsAdmin(): boolean {
  return useAdminStatus() === true;
}

/** The same check, undefined while the server has not answered yet. */
export function useAdminStatus(): boolean | undefined {
  // Group membership does not change while the user is signed in: one check per user.
  const { data } = useSWR(useUserKey('/admin-me'), checkIsAdmin, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  return data;
}
