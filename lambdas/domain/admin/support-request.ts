import type { MessageKey } from '../messages';
import { normalizeEmail } from '../email-address';
import { DomainError, type ErrorKind } from '../errors';
import { escapeHtml } from '../html';
import type { Language } from '../language';
import { hourWindow, type SupportRequestKind } from '../account/rate-limit';
import type { SendSlot } from '../account/requests';
import type { supportRequestSchema } from './contract';
import type * as z from 'zod';

type SupportRequest = z.output<typeof supportRequestSchema>;

/** Each form's per-address limits are counted apart. */
const MAIL_KIND = { support: 'support-request', deletion: 'deletion-request' } as const;

/** Too many requests: from this address (a minute, or the day), or from everyone this hour. */
export class SupportRequestRefused extends DomainError {
  readonly kind: ErrorKind;
  readonly messageKey: MessageKey;

  constructor(daily: boolean, retryAfterSeconds: number) {
    super(daily ? 'daily_limit' : 'too_many_requests', {
      details: { retry_after_seconds: retryAfterSeconds },
    });
    this.kind = daily ? 'daily_limit' : 'too_many_requests';
    this.messageKey = daily ? 'dailySupportLimit' : 'tooManyRequests';
  }
}

export interface StoredSupportRequest {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
  kind: SupportRequestKind;
}

export interface SupportRequestDeps {
  /** One request a minute and a few a day per sender address and form. */
  claimSendSlot(
    kind: (typeof MAIL_KIND)[SupportRequestKind],
    email: string,
    now: number,
  ): Promise<SendSlot>;
  /** The hourly allowance of each form for everyone together. */
  claimHourlyAllowance(now: number, kind: SupportRequestKind): Promise<boolean>;
  store(request: StoredSupportRequest): Promise<void>;
  sendMail(message: {
    to: string;
    replyTo: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<void>;
  /** Support's inbox. */
  inbox: string;
  newId(): string;
  now: number;
}

/**
 * The help-center and data-deletion forms (spec 7.5): the request is stored for the admin inbox,
 * then mailed to support with reply-to the sender. A filled honeypot gets the same answer, so
 * bots learn nothing. Data-deletion requests count apart from support messages, so a flood of
 * the one never blocks the other.
 */
export async function sendSupportRequest(
  request: SupportRequest,
  language: Language,
  deps: SupportRequestDeps,
): Promise<{ ok: true; id?: string }> {
  if (request.website) return { ok: true };
  const { now } = deps;
  const slot = await deps.claimSendSlot(
    MAIL_KIND[request.kind],
    normalizeEmail(request.email),
    now,
  );
  if (!slot.allowed)
    throw new SupportRequestRefused(slot.reason === 'daily', slot.retryAfterSeconds);
  if (!(await deps.claimHourlyAllowance(now, request.kind))) {
    throw new SupportRequestRefused(false, hourWindow(now).secondsLeft);
  }
  const id = deps.newId();
  const text = request.message ?? request.description ?? '';
  await deps.store({
    id,
    createdAt: new Date(now).toISOString(),
    name: request.name,
    email: request.email,
    subject: request.subject,
    message: text,
    language,
    kind: request.kind,
  });
  const lines = [
    `From: ${request.name} <${request.email}>`,
    `Language: ${language}`,
    `Request: ${id}`,
    `Form: ${request.kind === 'deletion' ? 'data deletion' : 'help center'}`,
    '',
    text || '(no message)',
  ];
  await deps.sendMail({
    to: deps.inbox,
    replyTo: request.email,
    subject: `[Support] ${request.subject}`,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  });
  return { ok: true, id };
}
