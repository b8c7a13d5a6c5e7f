import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from './language';
import type { PasswordResetRequest } from '@domain/account/contract';

/** Emails a link to /update-password; the server answers the same whether the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  const body: PasswordResetRequest = { email, language: currentLanguage() };
  await apiRequest('/send-new-password', { method: 'POST', body });
}
