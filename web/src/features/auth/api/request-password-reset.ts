import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from './language';

/** Emails a link to /update-password; the server answers the same whether the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/send-new-password', {
    method: 'POST',
    body: { email, language: currentLanguage() },
  });
}
