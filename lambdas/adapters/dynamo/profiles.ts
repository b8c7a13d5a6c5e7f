import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { searchText } from '../../domain/admin/users';
import type { Profile } from '../../domain/account/profile';
import { table, TABLE_NAME } from './client';
import { keys } from './keys';

/**
 * Stores a new profile unless the user has one: Cognito may deliver the post-confirmation
 * trigger more than once, and a repeat must not reset a profile already in use.
 * @returns whether this call created it.
 */
export async function createProfileIfAbsent(profile: Profile): Promise<boolean> {
  try {
    await table.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TABLE_NAME,
              Item: {
                ...keys.profile(profile.id),
                ...keys.profileListing(profile.created_at, profile.id),
                type: 'profile',
                ...profile,
                // What the admin search filters on (domain/admin-users).
                search_text: searchText(profile),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          // The admin total: one more user, in the same transaction as the profile.
          {
            Update: {
              TableName: TABLE_NAME,
              Key: keys.userCount,
              UpdateExpression: 'ADD #count :one SET #type = :type',
              ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
              ExpressionAttributeValues: { ':one': 1, ':type': 'counter' },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function isConditionFailure(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')
  );
}

/**
 * Deletes a profile and counts one user fewer, together; deleting a profile that is already
 * gone changes nothing (account deletion may run again after a partial failure).
 */
export async function deleteProfileCounted(userId: string): Promise<void> {
  try {
    await table.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: TABLE_NAME,
              Key: keys.profile(userId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: TABLE_NAME,
              Key: keys.userCount,
              UpdateExpression: 'ADD #count :minusOne',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // No counter yet (it is created by the first count): the profile still goes.
    await table.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.profile(userId) }));
  }
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.profile(userId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    id: Item.id,
    mode: Item.mode,
    email: Item.email,
    first_name: Item.first_name,
    last_name: Item.last_name,
    phone: Item.phone,
    locale: Item.locale === 'en' ? 'en' : 'it',
    created_at: Item.created_at,
    ...(Item.free_scan_at ? { free_scan_at: Item.free_scan_at } : {}),
  } as Profile;
}

/** Connecting switches the profile to live, disconnecting back to demo (spec 4.6). */
export async function setProfileMode(userId: string, mode: Profile['mode']): Promise<void> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.profile(userId),
        UpdateExpression: 'SET #mode = :mode',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#mode': 'mode' },
        ExpressionAttributeValues: { ':mode': mode },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The free first scan's flag on the profile, set by one conditional write: of two runs asking
 * at once (two presses, two tabs, a retry), exactly one takes it.
 * @returns whether this call took it.
 */
export async function claimFreeScan(userId: string, runId: string, at: string): Promise<boolean> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.profile(userId),
        UpdateExpression: 'SET free_scan_run_id = :run, free_scan_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(free_scan_run_id)',
        ExpressionAttributeValues: { ':run': runId, ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives the free scan back when the run that took it could not start (only that run can). */
export async function releaseFreeScan(userId: string, runId: string): Promise<void> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.profile(userId),
        UpdateExpression: 'REMOVE free_scan_run_id, free_scan_at',
        ConditionExpression: 'free_scan_run_id = :run',
        ExpressionAttributeValues: { ':run': runId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
