import type { TFunction } from 'i18next';
import { ApiError, ApiNetworkError } from '../../../lib/api-client';

/**
 * Spec 8, "forgot password and resend": 429 or a rate-limit message → too many attempts; a
 * failed connection → connection error; a refusal with its own text → that text; else generic.
 */
export function describeSendError(error: unknown, t: TFunction<'auth'>): string {
  if (error instanceof ApiNetworkError) return t('errors.connection');
  if (error instanceof ApiError) {
    // The address's daily cap: trying again in a minute will not help.
    if (error.status === 429 && error.code === 'daily_limit') return t('errors.dailyLimit');
    if (error.status === 429 || /rate.?limit|too many/i.test(error.message)) {
      return t('errors.tooManyAttempts');
    }
    if (error.status < 500 && error.message) return error.message;
  }
  return t('errors.sendFailed');
}

export function isTooManyRequests(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}
