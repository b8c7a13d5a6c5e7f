import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Connection, ConnectionStatus } from '../../domain/connection/connection';
import type { ConnectionWriter } from '../../domain/connection/seller-link';
import { table, queryPages, TABLE_NAME } from './client';
import { marketplaceKeys } from './keys';

/**
 * The attributes a connection may show. Reads for the app project exactly these, so the
 * encrypted refresh token (`lwa_refresh_token`) is never even read outside the sync.
 */
const PUBLIC_ATTRIBUTES = [
  'id',
  'user_id',
  'marketplace_id',
  'store_name',
  'country_code',
  'seller_id',
  '#status',
  'access_granted_at',
  'active_marketplaces',
  'last_error',
  'granted_roles',
  'created_at',
  'updated_at',
];

function toConnection(item: Record<string, unknown>): Connection {
  return {
    id: item.id as string,
    userId: item.user_id as string,
    marketplaceId: item.marketplace_id as string,
    storeName: item.store_name as string,
    countryCode: item.country_code as string,
    sellerId: item.seller_id as string,
    status: item.status as ConnectionStatus,
    accessGrantedAt: (item.access_granted_at as string | undefined) ?? null,
    activeMarketplaces: (item.active_marketplaces as string[] | undefined) ?? [],
    lastError: (item.last_error as string | undefined) ?? null,
    grantedRoles: (item.granted_roles as string[] | undefined) ?? null,
    createdAt: item.created_at as string,
    updatedAt: item.updated_at as string,
  };
}

/** The user's connection without its token (spec 7.2: one per user). */
export async function getConnection(userId: string): Promise<Connection | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.connection(userId),
      ProjectionExpression: PUBLIC_ATTRIBUTES.join(', '),
      ExpressionAttributeNames: { '#status': 'status' },
      ConsistentRead: true,
    }),
  );
  return Item ? toConnection(Item) : undefined;
}

/** The encrypted refresh token, for the sync only; decrypt it with the TokenCipher. */
export async function getEncryptedRefreshToken(userId: string): Promise<string | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.connection(userId),
      ProjectionExpression: 'lwa_refresh_token',
      ConsistentRead: true,
    }),
  );
  return (Item?.lwa_refresh_token as string | undefined) ?? undefined;
}

/**
 * Creates or replaces the user's connection in status connected (spec 4.6, create): stamps
 * access_granted_at, sets active_marketplaces to the chosen country, stores the encrypted
 * token, and enters it in the index of sellers due for sync. created_at and id survive a
 * reconnection.
 */
export const saveConnected: ConnectionWriter['saveConnected'] = async (input) => {
  const now = new Date(input.now).toISOString();
  const { Attributes } = await table.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.connection(input.userId),
      UpdateExpression:
        'SET #type = :type, id = if_not_exists(id, :id), user_id = :user, ' +
        'marketplace_id = :marketplace, store_name = :store, country_code = :country, ' +
        'seller_id = :seller, #status = :connected, access_granted_at = :now, ' +
        'active_marketplaces = :active, lwa_refresh_token = :token, last_error = :null, ' +
        'granted_roles = :roles, ' +
        'created_at = if_not_exists(created_at, :now), updated_at = :now, ' +
        'GSI2PK = :gsiPk, GSI2SK = :gsiSk',
      ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
      ExpressionAttributeValues: {
        ':type': 'connection',
        ':id': randomUUID(),
        ':user': input.userId,
        ':marketplace': input.marketplaceId,
        ':store': input.storeName,
        ':country': input.countryCode,
        ':seller': input.sellerId,
        ':connected': 'connected',
        ':now': now,
        ':active': [input.countryCode],
        ':token': input.encryptedRefreshToken,
        ':roles': [...input.grantedRoles],
        ':null': null,
        ':gsiPk': marketplaceKeys.connectedForSync(input.userId).GSI2PK,
        ':gsiSk': marketplaceKeys.connectedForSync(input.userId).GSI2SK,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toConnection(Attributes ?? {});
};

/**
 * Sets the status with an optional last error (spec 4.6, other updates). Only a connected
 * connection stays in the sync index. Does nothing when the user has no connection.
 */
export async function setConnectionStatus(
  userId: string,
  status: ConnectionStatus,
  lastError: string | null,
  now: number = Date.now(),
): Promise<void> {
  const gsi = marketplaceKeys.connectedForSync(userId);
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.connection(userId),
        UpdateExpression:
          status === 'connected'
            ? 'SET #status = :status, last_error = :error, updated_at = :now, GSI2PK = :gsiPk, GSI2SK = :gsiSk'
            : 'SET #status = :status, last_error = :error, updated_at = :now REMOVE GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':error': lastError,
          ':now': new Date(now).toISOString(),
          ...(status === 'connected' ? { ':gsiPk': gsi.GSI2PK, ':gsiSk': gsi.GSI2SK } : {}),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Disconnects (spec 4.6): status disconnected, refresh token and marketplaces cleared, out of
 * the sync index. Setting the profile mode back to demo is the profile's business.
 */
export async function disconnect(userId: string, now: number = Date.now()): Promise<void> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.connection(userId),
        UpdateExpression:
          'SET #status = :status, active_marketplaces = :none, updated_at = :now ' +
          'REMOVE lwa_refresh_token, GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': 'disconnected',
          ':none': [],
          ':now': new Date(now).toISOString(),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The ids of users with a connected connection, a page at a time (the sync index, GSI2). */
export async function* connectedUserIds(pageSize = 100): AsyncGenerator<string[]> {
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': marketplaceKeys.connectedForSyncPartition },
    ProjectionExpression: 'GSI2SK',
    Limit: pageSize,
  });
  for await (const page of pages) {
    const ids = page.map((item) => item.GSI2SK as string);
    if (ids.length > 0) yield ids;
  }
}
