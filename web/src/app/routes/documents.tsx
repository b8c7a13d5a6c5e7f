import { useState } from 'react';
import { DocumentsPage } from '../../features/cases/components/documents-page';
import { useShipments } from '../../features/shipments/api/shipments';

/** /documents: the cases feature's document flow over the shipments feature's list. */
export function DocumentsRoute() {
  const [refreshKey, setRefreshKey] = useState(0);
  const { data, loading, error } = useShipments(refreshKey);
  return (
    <DocumentsPage
      source={{
        shipments: data?.shipments,
        mode: data?.mode,
        loading,
        error,
        reload: () => setRefreshKey((key) => key + 1),
      }}
    />
  );
}
