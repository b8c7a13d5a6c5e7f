import { apiRequest } from '../../../lib/api-client';

/**
 * Asks for the account's deletion (spec 7.5, `delete-user-account`): answered at once (202)
 * once every session is ended; the Cognito user and everything stored for them are removed in
 * the background.
 */
export async function deleteAccount(email: string): Promise<void> {
  await apiRequest('/delete-user-account', { method: 'POST', body: { email } });
}
