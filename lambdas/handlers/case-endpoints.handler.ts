import * as store from '../adapters/dynamo/case-endpoints';
import { caseEndpointQuery, saveCaseEndpointRequest } from '../domain/cases/contract-endpoints';
import {
  listReplyAddresses,
  removeReplyAddress,
  saveReplyAddress,
} from '../domain/cases/reply-addresses';
import { httpRoutes, route } from '../shared/http';

/** `GET | PUT | DELETE /api/case-endpoints`: the caller's reply addresses per marketplace. */
export const handler = httpRoutes({
  'GET /api/case-endpoints': route({}, ({ userId }) => listReplyAddresses(store, userId)),
  'PUT /api/case-endpoints': route(
    { body: saveCaseEndpointRequest },
    ({ userId, body, language }) => saveReplyAddress(store, userId, body, language),
  ),
  'DELETE /api/case-endpoints': route({ query: caseEndpointQuery }, ({ userId, query, language }) =>
    removeReplyAddress(store, userId, query.marketplace, language),
  ),
});
