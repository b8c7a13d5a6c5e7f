import type { TFunction } from 'i18next';
import { ApiError, ApiNetworkError } from '../../lib/api-client';

/**
 * Spec 8, submit-reimbursement: the description of the "Errore invio richiesta" toast for a
 * failed submission, by status; the network case has its own wording.
 */
export function submitErrorMessage(error: unknown, t: TFunction<'cases'>): string {
  if (error instanceof ApiNetworkError) return t('submit.network');
  if (error instanceof ApiError) {
    switch (error.status) {
      case 401:
        return t('submit.unauthorized');
      case 403:
        return t('submit.forbidden');
      case 422:
        // Repeats are answered "reused", not 422: here the server says what is missing (a
        // document, the reply address) in the user's language; the spec's text is the fallback.
        return error.message || t('submit.duplicate');
      case 429:
        // The seller's daily allowance has its own wording; a burst gets the spec's.
        return error.code === 'too_many_requests' && error.message
          ? error.message
          : t('submit.rateLimited');
      case 402:
      case 409:
      case 413:
        // No plan, a send to be checked, documents too large for one email: the server's words.
        return error.message || t('submit.unexpected');
      default:
        if (error.status >= 500 || !error.message) return t('submit.unexpected');
        return t('submit.other', { status: error.status, message: error.message });
    }
  }
  return t('submit.unexpected');
}

/** Other calls (upload, delete, download, generate): the server's own message when it has one. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}
