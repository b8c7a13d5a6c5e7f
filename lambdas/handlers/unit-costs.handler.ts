import { decideUnitCost, unitCostPage } from '../domain/costs/cost-page';
import { unitCostDecisionSchema, unitCostQuerySchema } from '../domain/costs/contract';
import { httpRoutes, route } from '../shared/http';
import { unitCostDependencies as deps } from '../wiring/unit-costs';

/**
 * The Costi screen (issue 31; `domain/costs`): `GET /api/unit-costs?limit=&cursor=` answers a
 * page of the caller's SKUs with their unit cost, its source (an invoice line, or the seller) and
 * its state; `PUT /api/unit-costs` confirms the invoice cost shown or holds the seller's own.
 * Contract: `domain/costs/contract.ts`.
 */
export const handler = httpRoutes({
  'GET /api/unit-costs': route({ query: unitCostQuerySchema }, ({ userId, query }) =>
    unitCostPage(deps, userId, query),
  ),
  'PUT /api/unit-costs': route({ body: unitCostDecisionSchema }, ({ userId, body }) =>
    decideUnitCost(deps, userId, body),
  ),
});
