import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documents, TABLE_NAME } from './client';
import { keys } from './keys';

export interface SupportMessage {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: 'it' | 'en';
}

/** Stored before the email goes out, so a mail outage never loses a request. */
export async function putSupportMessage(message: SupportMessage): Promise<void> {
  await documents.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.supportMessage(message.id),
        ...keys.supportListing(message.createdAt, message.id),
        id: message.id,
        created_at: message.createdAt,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        language: message.language,
        resolved: false,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}
