import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';

// The adapter reads its configuration at import: SES in eu-west-1, as in AWS (no SMTP_HOST).
process.env.MAIL_FROM = 'no-reply@rimborsi.example';
process.env.MAIL_FROM_NAME = 'RimborsiFBA';
process.env.MAIL_CONFIGURATION_SET = 'rimborsi-mail';
process.env.AWS_REGION = 'eu-west-1';
delete process.env.SMTP_HOST;

const ses = mockClient(SESv2Client);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sendMail, sendMailWithReceipt } = require('./mail') as typeof import('./mail');

afterEach(() => ses.reset());
afterAll(() => ses.restore());

const message = {
  to: 'seller-reply@marketplace.amazon.it',
  subject: 'Richiesta di rimborso – spedizione FBA15ABC',
  html: '<p>Gentile team</p>',
  text: 'Gentile team',
};

describe('mail through SES', () => {
  it('sends simple content with the sender, configuration set and reply address', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'abc-123' });

    await sendMail({ ...message, replyTo: 'asker@example.com' });

    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, {
      FromEmailAddress: '"RimborsiFBA" <no-reply@rimborsi.example>',
      ReplyToAddresses: ['asker@example.com'],
      Destination: { ToAddresses: ['seller-reply@marketplace.amazon.it'] },
      ConfigurationSetName: 'rimborsi-mail',
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Html: { Data: message.html, Charset: 'UTF-8' },
            Text: { Data: message.text, Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('attaches the documents to the same message and answers the Message-ID SES gave it', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: '0102019a-abcd' });
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00]);

    const receipt = await sendMailWithReceipt({
      ...message,
      attachments: [
        { filename: 'fattura n°12 – è.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });

    expect(receipt).toEqual({
      provider: 'ses',
      messageId: '<0102019a-abcd@eu-west-1.amazonses.com>',
    });
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Content?.Raw).toBeUndefined();
    expect(input?.Content?.Simple?.Attachments).toEqual([
      {
        FileName: 'fattura n°12 – è.pdf',
        RawContent: pdf,
        ContentType: 'application/pdf',
        ContentDisposition: 'ATTACHMENT',
        ContentTransferEncoding: 'BASE64',
      },
    ]);
  });

  it('passes an SES refusal on to the caller', async () => {
    ses.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(sendMail(message)).rejects.toThrow('MessageRejected');
  });
});
