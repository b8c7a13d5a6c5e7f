import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../domain/profile';
import { documents, TABLE_NAME } from './client';
import { keys } from './keys';

/**
 * Stores a new profile unless the user has one: Cognito may deliver the post-confirmation
 * trigger more than once, and a repeat must not reset a profile already in use.
 * @returns whether this call created it.
 */
export async function createProfileIfAbsent(profile: Profile): Promise<boolean> {
  try {
    await documents.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...keys.profile(profile.id),
          ...keys.profileListing(profile.created_at, profile.id),
          type: 'profile',
          ...profile,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await documents.send(
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
  } as Profile;
}

/** Connecting switches the profile to live, disconnecting back to demo (spec 4.6). */
export async function setProfileMode(userId: string, mode: Profile['mode']): Promise<void> {
  try {
    await documents.send(
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
