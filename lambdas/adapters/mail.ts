import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import nodemailer from 'nodemailer';
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
  /** Files sent with the message (dispute documents); the message then goes out as raw MIME. */
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

function nodemailerAttachments(message: MailMessage) {
  return message.attachments?.map((a) => ({
    filename: a.filename,
    content: Buffer.from(a.content),
    contentType: a.contentType,
  }));
}

function smtpSender(host: string, port: number): Send {
  const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true });
  return async (message) => {
    const info = await transport.sendMail({
      from,
      ...message,
      attachments: nodemailerAttachments(message),
    });
    return { provider: 'smtp', messageId: String(info.messageId) };
  };
}

function sesSender(): Send {
  const ses = new SESv2Client({ region: env.AWS_REGION });
  // Messages with attachments go out as raw MIME, composed by nodemailer's SES transport.
  const raw = nodemailer.createTransport({ SES: { sesClient: ses, SendEmailCommand } });
  return async (message) => {
    if (message.attachments?.length) {
      const info = await raw.sendMail({
        from,
        ...message,
        attachments: nodemailerAttachments(message),
        ses: { ConfigurationSetName: env.MAIL_CONFIGURATION_SET },
      });
      return { provider: 'ses', messageId: String(info.messageId) };
    }
    const result = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        ReplyToAddresses: message.replyTo ? [message.replyTo] : undefined,
        Destination: { ToAddresses: [message.to] },
        ConfigurationSetName: env.MAIL_CONFIGURATION_SET,
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Html: { Data: message.html, Charset: 'UTF-8' },
              Text: { Data: message.text, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
    return { provider: 'ses', messageId: result.MessageId ?? '' };
  };
}

const send: Send = env.SMTP_HOST ? smtpSender(env.SMTP_HOST, env.SMTP_PORT) : sesSender();

/** Sends one email: through SES in AWS, to the local inbox (maildev) on a laptop. */
export async function sendMail(message: MailMessage): Promise<void> {
  await send(message);
}

/** Sends one email and tells who carried it and its message id (dispute submissions). */
export const sendMailWithReceipt: Send = send;
