import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import type { Message } from 'cognito-local/lib/services/messages';
import type { User } from 'cognito-local/lib/services/userPoolService';
import type { Context } from 'cognito-local/lib/services/context';
import { CognitoError } from 'cognito-local/lib/errors';
import nodemailer from 'nodemailer';

/** Cognito's placeholders in a CustomMessage, replaced wherever they occur (as Cognito does). */
const CODE_PLACEHOLDER = '{####}';
const USERNAME_PLACEHOLDER = '{username}';

/**
 * Delivers cognito-local's emails over SMTP (to maildev) instead of printing them, the way
 * Cognito delivers through SES in AWS: the subject and body the CustomMessage trigger wrote,
 * with the code in place of every `{####}`. Without a trigger result, Cognito's default text.
 */
export class SmtpMessageSender implements MessageSender {
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtp: { host: string; port: number },
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
  }

  async sendEmail(ctx: Context, user: User, destination: string, message: Message): Promise<void> {
    const code = message.__code ?? '';
    const fill = (text: string) =>
      text.split(CODE_PLACEHOLDER).join(code).split(USERNAME_PLACEHOLDER).join(user.Username);
    const subject = message.emailSubject ? fill(message.emailSubject) : 'Your verification code';
    const body = message.emailMessage
      ? fill(message.emailMessage)
      : `Your verification code is ${code}`;
    const isHtml = /<\/?[a-z][\s\S]*>/i.test(body);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: destination,
        subject,
        ...(isHtml ? { html: body } : { text: body }),
      });
    } catch (error) {
      ctx.logger.error({ error: (error as Error).message }, 'SMTP delivery failed');
      throw new CognitoError('CodeDeliveryFailureException', 'Unable to deliver the email');
    }
    ctx.logger.info({ to: destination, subject }, 'Email delivered to the local inbox');
  }

  async sendSms(ctx: Context, user: User, destination: string): Promise<void> {
    // No SMS flow exists in the product; say so instead of pretending to deliver.
    ctx.logger.warn({ username: user.Username, destination }, 'SMS delivery is not emulated');
  }
}
