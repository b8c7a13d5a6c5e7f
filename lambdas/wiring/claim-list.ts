import { countFiledClaims, pageClaims, putClaims } from '../adapters/dynamo/claims';
import { caseOf } from '../adapters/dynamo/inbound-claims';
import { getProfile } from '../adapters/dynamo/profiles';
import { listSkuValues } from '../adapters/dynamo/sku-values';
import { getUncostedSkus } from '../adapters/dynamo/uncosted-skus';
import type { ClaimListDeps } from '../domain/claims/claims-list';

/** `GET /api/claims` against the table: claims, cases, unit costs and the seller's mode. */
export const claimListDependencies: ClaimListDeps = {
  mode: async (userId) => (await getProfile(userId))?.mode,
  page: pageClaims,
  countFiled: countFiledClaims,
  uncosted: getUncostedSkus,
  costedSkus: async (userId) => (await listSkuValues(userId)).map((v) => v.sku),
  caseOf,
  putClaims,
  clock: { now: () => Date.now() },
};
