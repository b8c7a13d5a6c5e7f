import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  StateRefused,
  type AuthorizationState,
  type AuthorizationStateStore,
} from '../../domain/connection/spapi-authorization';
import { table, epochSeconds, TABLE_NAME } from './client';
import { marketplaceKeys, TTL_ATTRIBUTE } from './keys';

function toState(item: Record<string, unknown>): AuthorizationState {
  return {
    state: item.state as string,
    userId: item.user_id as string,
    countryCode: item.country_code as string,
    marketplaceId: item.marketplace_id as string,
    storeName: (item.store_name as string | null | undefined) ?? null,
    expiresAt: item.expires_at as number,
  };
}

/** The server side of the OAuth state (spec 4.6): single use, bound to a user, 10 minutes. */
export const authorizationStates: AuthorizationStateStore = {
  async put(state) {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...marketplaceKeys.authorizationState(state.state),
          type: 'spapi_state',
          state: state.state,
          user_id: state.userId,
          country_code: state.countryCode,
          marketplace_id: state.marketplaceId,
          store_name: state.storeName,
          expires_at: state.expiresAt,
          used: false,
          // TTL deletion lags by up to days; expires_at is what the callback checks.
          [TTL_ATTRIBUTE]: epochSeconds(state.expiresAt + 24 * 3600_000),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    // Listed in the user's partition too, so deleting the account deletes the state.
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...marketplaceKeys.authorizationStateRef(state.userId, state.state),
          type: 'spapi_state_ref',
          [TTL_ATTRIBUTE]: epochSeconds(state.expiresAt + 24 * 3600_000),
        },
      }),
    );
  },

  async consume(state, userId, now) {
    try {
      const { Attributes } = await table.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: marketplaceKeys.authorizationState(state),
          UpdateExpression: 'SET used = :true, used_at = :now',
          ConditionExpression:
            'attribute_exists(PK) AND used = :false AND user_id = :user AND expires_at > :now',
          ExpressionAttributeValues: {
            ':true': true,
            ':false': false,
            ':user': userId,
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return toState(Attributes ?? {});
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const old = error.Item;
      // Only the owner learns that their own unused state merely expired.
      if (old && old.used?.BOOL === false && old.user_id?.S === userId) {
        throw new StateRefused('state_expired');
      }
      throw new StateRefused('state_invalid');
    }
  },
};
