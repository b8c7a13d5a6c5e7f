import { apiRequest } from '../../../lib/api-client';
import { okResponseSchema, type PasswordChangedReport } from '@domain/account/contract';

/**
 * Tells the server the user pool accepted a new password: the seller gets the email saying so.
 * The password is changed whatever happens here, so a failure is not the page's to show.
 */
export async function reportPasswordChanged(): Promise<void> {
  const body: PasswordChangedReport = {};
  try {
    await apiRequest('/password-changed', { method: 'POST', body, schema: okResponseSchema });
  } catch {
    // The change itself succeeded; the notice is best effort from here.
  }
}
