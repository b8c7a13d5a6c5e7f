import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { putSupportMessage } from '../adapters/dynamo/support-messages';
import { sendMail } from '../adapters/mail';
import { httpHandler } from '../shared/http';

const inbox = z
  .email()
  .default('supporto@rimborsifba.example')
  .parse(process.env.SUPPORT_INBOX || undefined);

const body = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().max(5000).optional(),
  description: z.string().trim().max(5000).optional(),
  /** Hidden field real people leave empty; bots fill it. */
  website: z.string().optional(),
});

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * `POST /api/send-support-request` (spec 7.5): the help-center and data-deletion forms. The
 * request is stored for the admin inbox, then mailed to support with reply-to the sender.
 */
export const handler = httpHandler({ public: true, body }, async ({ body, language }) => {
  // A filled honeypot gets the same answer, so bots learn nothing.
  if (body.website) return { ok: true };
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const text = body.message ?? body.description ?? '';
  await putSupportMessage({
    id,
    createdAt,
    name: body.name,
    email: body.email,
    subject: body.subject,
    message: text,
    language,
  });
  const lines = [
    `From: ${body.name} <${body.email}>`,
    `Language: ${language}`,
    `Request: ${id}`,
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
