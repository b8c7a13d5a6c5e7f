import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from './language';

/** Sends the sign-up confirmation email again, in the language on screen. */
export async function resendConfirmation(email: string): Promise<void> {
  await apiRequest('/send-bilingual-confirmation', {
    method: 'POST',
    body: { email, language: currentLanguage() },
  });
}
