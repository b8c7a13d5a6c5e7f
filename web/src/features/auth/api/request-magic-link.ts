import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from './language';
import type { MagicLinkRequest } from '@domain/account/contract';

export async function requestMagicLink(input: { email: string; redirectTo: string }) {
  const body: MagicLinkRequest = { ...input, language: currentLanguage() };
  await apiRequest('/magic-link', { method: 'POST', body });
}
