import type { QueryParams } from './http-util';
import type { SpapiOperation } from './rate-limiter';
import type { Scenario } from './scenario';

/** What an SP-API operation handler gets from the server. */
export interface OperationRequest {
  query: QueryParams;
  /** Path parameters, percent-decoded, in the order the route's pattern captures them. */
  pathParams: string[];
  body: string;
  now: Date;
  /** The simulator's base URL as the caller reached it, for URLs placed in responses. */
  baseUrl: string;
  scenario: Scenario;
}

/** A handler's successful answer; failures are thrown as `SpapiError`. */
export interface OperationResult {
  status: number;
  body: unknown;
}

/** One SP-API operation bound to its method and path. */
export interface OperationRoute {
  operation: SpapiOperation;
  method: 'GET' | 'POST';
  /** Matches the still-encoded path; capture groups are the path parameters. */
  path: RegExp;
  handle(req: OperationRequest): OperationResult;
}
