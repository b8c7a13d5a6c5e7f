import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from './language';

export async function requestMagicLink(input: { email: string; redirectTo: string }) {
  await apiRequest('/magic-link', {
    method: 'POST',
    body: { email: input.email, redirectTo: input.redirectTo, language: currentLanguage() },
  });
}
