/** Shared by the SP-API client tests, which run against the local SP-API simulator. */
import { LOCAL_LWA_CLIENT_ID, LOCAL_LWA_CLIENT_SECRET } from '../../../local/spapi-simulator';

/** The default number of retries, without the waits. */
export const FAST_RETRY = { maxRetries: 6, baseDelayMs: 1, maxDelayMs: 5 };

/** The LWA client credentials the simulator accepts. */
export const simulatorCredentials = async () => ({
  clientId: LOCAL_LWA_CLIENT_ID,
  clientSecret: LOCAL_LWA_CLIENT_SECRET,
});
