import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import nodemailer from 'nodemailer';
import { z } from 'zod';
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
}

/** The From header, with the display name quoted so any punctuation in it stays intact. */
const from = `"${env.MAIL_FROM_NAME.replace(/["\\]/g, '')}" <${env.MAIL_FROM}>`;

type Send = (message: MailMessage) => Promise<void>;

function smtpSender(host: string, port: number): Send {
  const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true });
  return async (message) => {
    await transport.sendMail({ from, ...message });
  };
}

function sesSender(): Send {
  const ses = new SESv2Client({ region: env.AWS_REGION });
  return async (message) => {
    await ses.send(
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
  };
}

/** Sends one email: through SES in AWS, to the local inbox (maildev) on a laptop. */
export const sendMail: Send = env.SMTP_HOST
  ? smtpSender(env.SMTP_HOST, env.SMTP_PORT)
  : sesSender();
