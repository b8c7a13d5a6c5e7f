import { CaseAction } from '../../features/cases/components/case-action';
import { ClaimsPage } from '../../features/claims/components/claims-page';

/**
 * /claims: the claims feature with, on each inbound shipment's row, the cases feature's action
 * button and case sheet (the same as on the dashboard's shipment row), so the claim is sent and
 * followed where it is listed. Features never import each other; this route joins them.
 */
export function ClaimsRoute() {
  return <ClaimsPage renderCaseAction={(shipment) => <CaseAction shipment={shipment} />} />;
}
