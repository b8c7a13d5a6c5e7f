import { DocumentsPage } from '../../features/cases/components/documents-page';
import { refreshShipments, useShipmentPages } from '../../features/shipments/api/shipments';

/**
 * /documents: the cases feature's document flow over the shipments feature's list, a page at a
 * time (issue 18): the next page comes as the seller scrolls or asks for more.
 */
export function DocumentsRoute() {
  const list = useShipmentPages({ deadlineSoon: false });
  const first = list.pages[0];
  return (
    <DocumentsPage
      source={{
        shipments: first ? list.pages.flatMap((page) => page.shipments) : undefined,
        mode: first?.mode,
        loading: list.isLoading,
        error: list.error,
        reload: () => void refreshShipments(),
        more: {
          hasMore: list.hasMore,
          loading: list.loadingMore,
          load: () => void list.loadMore(),
        },
      }}
    />
  );
}
