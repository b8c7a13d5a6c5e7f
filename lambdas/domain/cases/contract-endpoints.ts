import * as z from 'zod';

/**
 * The reply addresses API (spec 4.9, 7.3), one address per marketplace where Amazon's answers
 * to the seller's disputes arrive; the handler and the web app share these shapes.
 *
 *   GET    /api/case-endpoints                          → CaseEndpointsResponse
 *   PUT    /api/case-endpoints   SaveCaseEndpointRequest → SaveCaseEndpointResponse (empty address deletes)
 *   DELETE /api/case-endpoints?marketplace=amazon.it    → SaveCaseEndpointResponse
 */

export const caseEndpoint = z.object({
  marketplace: z.string(),
  reply_email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseEndpoint = z.infer<typeof caseEndpoint>;

export const caseEndpointsResponse = z.object({
  endpoints: z.array(caseEndpoint),
  accepted_domains: z.array(z.string()).readonly().optional(),
});
export type CaseEndpointsResponse = z.infer<typeof caseEndpointsResponse>;

export const saveCaseEndpointRequest = z.object({
  marketplace: z.string().trim().min(1).max(40),
  reply_email: z.string().max(320).default(''),
});
export type SaveCaseEndpointRequest = z.input<typeof saveCaseEndpointRequest>;

export const saveCaseEndpointResponse = z.object({
  deleted: z.boolean(),
  endpoint: caseEndpoint.nullable(),
  message: z.string().optional(),
});
export type SaveCaseEndpointResponse = z.infer<typeof saveCaseEndpointResponse>;

/** `DELETE`'s query: the marketplace whose address goes (checked by the use case). */
export const caseEndpointQuery = z.object({ marketplace: z.string().optional() });
