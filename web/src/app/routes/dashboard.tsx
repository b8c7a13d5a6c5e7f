import { CaseAction } from '../../features/cases/components/case-action';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { ShipmentsList } from '../../features/shipments/components/shipments-list';

/**
 * /dashboard: the dashboard feature with the shipments list composed in, and in each row the
 * cases feature's action button and case sheet (spec 4.3). Features never import each other;
 * this route joins them.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      renderShipments={({ toolbar, onValuesChanged }) => (
        <ShipmentsList
          toolbar={toolbar}
          onValuesChanged={onValuesChanged}
          renderCaseAction={(shipment) => <CaseAction shipment={shipment} />}
        />
      )}
    />
  );
}
