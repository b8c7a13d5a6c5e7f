import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { claimSupportAllowance, putSupportMessage } from '../adapters/dynamo/support-messages';
import { sendMail } from '../adapters/mail';
import { normalizeEmail } from '../domain/email-address';
import { hourWindow } from '../domain/account/rate-limit';
import { DailyLimitError, TooManyRequestsError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message as localized } from '../shared/messages';
import { escapeHtml } from '../domain/html';

const inbox = z
  .email()
  .default('supporto@rimborsifba.example')
  .parse(process.env.SUPPORT_INBOX || undefined);

const body = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  // One line: it becomes the mail's subject.
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((value) => !/\p{Cc}/u.test(value)),
  message: z.string().trim().max(5000).optional(),
  description: z.string().trim().max(5000).optional(),
  /** Hidden field real people leave empty; bots fill it. */
  website: z.string().optional(),
  /** The data-deletion form says so: its requests have their own allowance. */
  kind: z.enum(['support', 'deletion']).default('support'),
});

/** Each form's per-address limits are counted apart. */
const MAIL_KIND = { support: 'support-request', deletion: 'deletion-request' } as const;

/**
 * `POST /api/send-support-request` (spec 7.5): the help-center and data-deletion forms. The
 * request is stored for the admin inbox, then mailed to support with reply-to the sender.
 */
export const handler = httpHandler({ public: true, body }, async ({ body, language }) => {
  // A filled honeypot gets the same answer, so bots learn nothing.
  if (body.website) return { ok: true };
  const now = Date.now();
  // Per sender address one request a minute and a few a day, and an hourly allowance for
  // everyone together; data-deletion requests count apart from support messages, so a flood of
  // the one never blocks the other.
  const slot = await claimSendSlot(MAIL_KIND[body.kind], normalizeEmail(body.email), now);
  if (!slot.allowed) {
    const details = { retry_after_seconds: slot.retryAfterSeconds };
    throw slot.reason === 'daily'
      ? new DailyLimitError(localized('dailySupportLimit', language), details)
      : new TooManyRequestsError(localized('tooManyRequests', language), details);
  }
  if (!(await claimSupportAllowance(now, body.kind))) {
    throw new TooManyRequestsError(localized('tooManyRequests', language), {
      retry_after_seconds: hourWindow(now).secondsLeft,
    });
  }
  const id = randomUUID();
  const createdAt = new Date(now).toISOString();
  const text = body.message ?? body.description ?? '';
  await putSupportMessage({
    id,
    createdAt,
    name: body.name,
    email: body.email,
    subject: body.subject,
    message: text,
    language,
    kind: body.kind,
  });
  const lines = [
    `From: ${body.name} <${body.email}>`,
    `Language: ${language}`,
    `Request: ${id}`,
    `Form: ${body.kind === 'deletion' ? 'data deletion' : 'help center'}`,
    '',
    text || '(no message)',
  ];
  await sendMail({
    to: inbox,
    replyTo: body.email,
    subject: `[Support] ${body.subject}`,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  });
  return { ok: true, id };
});
