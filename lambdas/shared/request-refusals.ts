import { RequestRefused } from '../domain/account/requests';
import type { Language } from '../domain/language';
import { type AppError, DailyLimitError, TooManyRequestsError, ValidationError } from './errors';
import { message, type MessageKey } from './messages';

/**
 * Runs one of the public "send me an email" requests and turns its refusals into HTTP errors
 * with the spec's messages in the caller's language.
 */
export async function withRequestRefusals<T>(
  language: Language,
  run: () => Promise<T>,
  messages: { emailRequired: MessageKey } = { emailRequired: 'invalidEmail' },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RequestRefused) throw toHttpError(error, language, messages.emailRequired);
    throw error;
  }
}

function toHttpError(
  error: RequestRefused,
  language: Language,
  emailRequired: MessageKey,
): AppError {
  switch (error.reason) {
    case 'email_required':
      return new ValidationError(message(emailRequired, language), { field: 'email' });
    case 'invalid_email':
      return new ValidationError(message('invalidEmail', language), { field: 'email' });
    case 'too_many_requests':
      return new TooManyRequestsError(message('tooManyRequests', language), {
        retry_after_seconds: error.retryAfterSeconds,
      });
    case 'daily_limit':
      return new DailyLimitError(message('dailyMailLimit', language), {
        retry_after_seconds: error.retryAfterSeconds,
      });
  }
}
