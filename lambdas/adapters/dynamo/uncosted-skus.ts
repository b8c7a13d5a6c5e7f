import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UncostedSku } from '../../domain/claims/uncosted';
import { table, TABLE_NAME } from './client';
import { claimKeys } from './keys';

/**
 * The SKUs the last audit could not check for lack of a unit cost (domain/claims/uncosted.ts):
 * one item per seller, replaced by each run (at most 500 SKUs, well under an item's size).
 */

export async function putUncostedSkus(userId: string, skus: UncostedSku[]): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...claimKeys.uncostedSkus(userId),
        type: 'audit_uncosted',
        user_id: userId,
        skus: skus.map((s) => ({
          sku: s.sku,
          fnsku: s.fnsku,
          reimbursements: s.reimbursements,
          units: s.units,
          latest_approval: s.latestApproval,
        })),
      },
    }),
  );
}

/** What the last audit left unchecked; empty before any audit. */
export async function getUncostedSkus(userId: string): Promise<UncostedSku[]> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: claimKeys.uncostedSkus(userId) }),
  );
  const skus = (Item?.skus ?? []) as Record<string, unknown>[];
  return skus.map((s) => ({
    sku: s.sku as string,
    fnsku: (s.fnsku as string | null | undefined) ?? null,
    reimbursements: s.reimbursements as number,
    units: s.units as number,
    latestApproval: s.latest_approval as string,
  }));
}
