import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { claimSupportAllowance, putSupportMessage } from '../adapters/dynamo/support-messages';
import { sendMail } from '../adapters/mail';
import { supportRequestSchema } from '../domain/admin/contract';
import { sendSupportRequest } from '../domain/admin/support-request';
import { httpHandler } from '../shared/http';

const inbox = z
  .email()
  .default('supporto@rimborsifba.example')
  .parse(process.env.SUPPORT_INBOX || undefined);

/**
 * `POST /api/send-support-request` (spec 7.5): the help-center and data-deletion forms. The
 * request is stored for the admin inbox, then mailed to support with reply-to the sender
 * (`domain/admin/support-request.ts`).
 */
export const handler = httpHandler(
  { public: true, body: supportRequestSchema },
  async ({ body, language }) =>
    sendSupportRequest(body, language, {
      claimSendSlot,
      claimHourlyAllowance: claimSupportAllowance,
      store: putSupportMessage,
      sendMail,
      inbox,
      newId: randomUUID,
      now: Date.now(),
    }),
);
