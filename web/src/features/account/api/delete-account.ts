import { apiRequest } from '../../../lib/api-client';

/** Removes the Cognito user and everything stored for them (spec 7.5, `delete-user-account`). */
export async function deleteAccount(email: string): Promise<void> {
  await apiRequest('/delete-user-account', { method: 'POST', body: { email } });
}
