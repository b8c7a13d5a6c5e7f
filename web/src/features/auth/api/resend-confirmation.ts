import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from './language';
import type { ConfirmationResendRequest } from '@domain/account/contract';

/** Sends the sign-up confirmation email again, in the language on screen. */
export async function resendConfirmation(email: string): Promise<void> {
  const body: ConfirmationResendRequest = { email, language: currentLanguage() };
  await apiRequest('/send-bilingual-confirmation', { method: 'POST', body });
}
