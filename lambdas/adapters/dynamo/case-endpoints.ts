import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, queryPages, TABLE_NAME } from './client';
import { feedbackKeys } from './keys';

/** A reply address of one marketplace (spec 3, case_endpoints). */
export interface CaseEndpoint {
  marketplace: string;
  reply_email: string;
  created_at: string;
  updated_at: string;
}

function toEndpoint(item: Record<string, unknown>): CaseEndpoint {
  return {
    marketplace: item.marketplace as string,
    reply_email: item.reply_email as string,
    created_at: item.created_at as string,
    updated_at: (item.updated_at as string | undefined) ?? (item.created_at as string),
  };
}

/** The reply address the user saved for a marketplace, if any. */
export async function getCaseEndpoint(
  userId: string,
  marketplace: string,
): Promise<{ reply_email: string } | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: feedbackKeys.caseEndpoint(userId, marketplace),
      ConsistentRead: true,
    }),
  );
  return Item ? { reply_email: Item.reply_email as string } : undefined;
}

/** Every reply address of the user (spec 7.2: by user_id). */
export async function listCaseEndpoints(userId: string): Promise<CaseEndpoint[]> {
  const endpoints: CaseEndpoint[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': feedbackKeys.caseEndpoint(userId, '').PK,
      ':prefix': feedbackKeys.caseEndpointPrefix,
    },
    ConsistentRead: true,
  });
  for await (const page of pages) endpoints.push(...page.map(toEndpoint));
  return endpoints.sort((a, b) => a.marketplace.localeCompare(b.marketplace));
}

/**
 * Upsert on user and marketplace (spec 7.3): one item per pair, so a repeat replaces the
 * address and keeps created_at.
 */
export async function saveCaseEndpoint(
  userId: string,
  marketplace: string,
  replyEmail: string,
  now: string = new Date().toISOString(),
): Promise<CaseEndpoint> {
  const { Attributes } = await table.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: feedbackKeys.caseEndpoint(userId, marketplace),
      UpdateExpression:
        'SET #type = :type, user_id = :user, marketplace = :marketplace, reply_email = :email, ' +
        'created_at = if_not_exists(created_at, :now), updated_at = :now',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'case_endpoint',
        ':user': userId,
        ':marketplace': marketplace,
        ':email': replyEmail,
        ':now': now,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toEndpoint(Attributes ?? {});
}

/** Delete by user and marketplace (spec 7.3); deleting a missing address is not an error. */
export async function deleteCaseEndpoint(userId: string, marketplace: string): Promise<void> {
  await table.send(
    new DeleteCommand({
      TableName: TABLE_NAME,
      Key: feedbackKeys.caseEndpoint(userId, marketplace),
    }),
  );
}
