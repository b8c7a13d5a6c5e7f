import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { APP_URL } from '../adapters/app-url';
import { claimUserPoolEmail } from '../adapters/dynamo/last-sends';
import { userPoolEmail } from '../domain/account/user-pool-emails';
import { DAILY_EMAIL_CAP } from '../domain/account/rate-limit';
import { cognitoTrigger, TriggerRefusal } from '../shared/cognito-trigger';

/**
 * Cognito custom-message trigger (`domain/account/user-pool-emails.ts`): every email Cognito
 * sends in the user's language. Over an address's daily cap Cognito is told to send nothing (a
 * failing trigger stops the delivery). Cognito puts the code in place of `{####}` after this
 * returns.
 */
export const handler = cognitoTrigger<CustomMessageTriggerEvent>(async (event) => {
  const rendered = await userPoolEmail(
    { triggerSource: event.triggerSource, ...event.request },
    { appUrl: APP_URL, claimEmail: claimUserPoolEmail, now: Date.now() },
  );
  if (rendered === 'over_daily_cap') throw new TriggerRefusal(DAILY_EMAIL_CAP);
  if (!rendered) return event;
  event.response.emailSubject = rendered.subject;
  // Cognito sends one body, as HTML; the plain-text rendering serves our own mailer only.
  event.response.emailMessage = rendered.html;
  return event;
});
