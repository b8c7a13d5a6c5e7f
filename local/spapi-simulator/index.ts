/**
 * Local stand-in for the parts of Amazon's Selling Partner API, Login with Amazon and the
 * Seller Central consent page that the product talks to. See
 * `../shared/design/spapi-simulator.md`.
 */
export { startSpapiSimulator } from './server';
export type { SpapiSimulator, SpapiSimulatorOptions, SpapiSimulatorStats } from './server';
export {
  loadScenarioFile,
  parseScenario,
  resolveScenarioDates,
  ScenarioError,
  SHIPMENT_STATUSES,
} from './scenario';
export type {
  FeedbackRow,
  ParseScenarioOptions,
  Scenario,
  ScenarioInput,
  ScenarioIssue,
  ScenarioInventorySummary,
  ScenarioShipment,
  ScenarioShipmentItem,
} from './scenario';
export {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTHORIZATION_CODE_TTL_MS,
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  LOCAL_SPAPI_APP_ID,
} from './lwa';
export { USAGE_PLANS } from './rate-limiter';
export type { SpapiOperation, UsagePlan } from './rate-limiter';
export { FEEDBACK_REPORT_TYPE } from './reports';
export { MARKETPLACES, marketplaceForCountry } from './marketplaces';
export type { MarketplaceInfo } from './marketplaces';
