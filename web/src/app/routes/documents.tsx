import { DocumentsPage } from '../../features/cases/components/documents-page';
import { refreshShipments, useShipments } from '../../features/shipments/api/shipments';

/** /documents: the cases feature's document flow over the shipments feature's list. */
export function DocumentsRoute() {
  const { data, isLoading: loading, error } = useShipments();
  return (
    <DocumentsPage
      source={{
        shipments: data?.shipments,
        mode: data?.mode,
        loading,
        error,
        reload: () => void refreshShipments(),
      }}
    />
  );
}
