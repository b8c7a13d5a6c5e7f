import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import * as z from 'zod';
import { awsEnv, loadConfig } from '../shared/config';

const env = loadConfig(
  awsEnv.extend({
    MAIL_FROM: z.email(),
    MAIL_FROM_NAME: z.string().min(1).default('RimborsiFBA'),
    MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
    /** Set only locally: mail then goes to the local SMTP inbox instead of SES. */
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().positive().default(1025),
  }),
);

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where replies go when it is not the sender (support requests: the person asking). */
  replyTo?: string;
  /** A hidden copy (the seller's copy of the dispute they sent). */
  bcc?: string;
  /** Files sent with the message (dispute documents). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

/** Who carried a message and the id it got there (stored on a submitted case). */
export interface SentMail {
  provider: 'ses' | 'smtp';
  messageId: string;
}

/** The From header, with the display name quoted so any punctuation in it stays intact. */
const from = `"${env.MAIL_FROM_NAME.replace(/["\\]/g, '')}" <${env.MAIL_FROM}>`;

type Send = (message: MailMessage) => Promise<SentMail>;

/**
 * The local inbox. nodemailer is loaded only here, on first use: only the local stack sets
 * SMTP_HOST, and the Lambda bundles leave nodemailer out (lib/bundling.ts).
 */
function smtpSender(host: string, port: number): Send {
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return async (message) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true }),
    );
    const info = (await (
      await transport
    ).sendMail({
      from,
      ...message,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content),
        contentType: a.contentType,
      })),
    })) as { messageId: unknown };
    return { provider: 'smtp', messageId: String(info.messageId) };
  };
}

/**
 * SESv2 SendEmail with simple content: SES composes the MIME message, attachments included
 * (`Content.Simple.Attachments`), and encodes non-ASCII subjects and file names itself.
 */
function sesSender(): Send {
  const ses = new SESv2Client({ region: env.AWS_REGION });
  return async (message) => {
    const result = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        ReplyToAddresses: message.replyTo ? [message.replyTo] : undefined,
        Destination: {
          ToAddresses: [message.to],
          BccAddresses: message.bcc ? [message.bcc] : undefined,
        },
        ConfigurationSetName: env.MAIL_CONFIGURATION_SET,
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Html: { Data: message.html, Charset: 'UTF-8' },
              Text: { Data: message.text, Charset: 'UTF-8' },
            },
            Attachments: message.attachments?.length
              ? message.attachments.map((a) => ({
                  FileName: a.filename,
                  RawContent: a.content,
                  ContentType: a.contentType,
                  ContentDisposition: 'ATTACHMENT',
                  ContentTransferEncoding: 'BASE64',
                }))
              : undefined,
          },
        },
      }),
    );
    // The Message-ID header SES gives the message, as the SMTP path answers its Message-ID.
    return { provider: 'ses', messageId: sesMessageId(result.MessageId ?? '') };
  };
}

/** `<id@region.amazonses.com>`: the Message-ID header SES sets from its message id. */
function sesMessageId(id: string): string {
  return id.includes('@') ? `<${id}>` : `<${id}@${env.AWS_REGION}.amazonses.com>`;
}

const send: Send = env.SMTP_HOST ? smtpSender(env.SMTP_HOST, env.SMTP_PORT) : sesSender();

/** Sends one email: through SES in AWS, to the local inbox (maildev) on a laptop. */
export async function sendMail(message: MailMessage): Promise<void> {
  await send(message);
}

/** Sends one email and tells who carried it and its message id (dispute submissions). */
export const sendMailWithReceipt: Send = send;
