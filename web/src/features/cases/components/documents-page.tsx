import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { MoreWhenVisible } from '../../../components/ui/more-when-visible';
import { useConnection } from '../../../lib/connection';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLiveCases } from '../api/cases';
import type { CaseShipment } from '../types';
import { CasesErrorBoundary, LoadingErrorPanel } from './error-boundary';
import { SupplierLibrary } from './supplier-library';
import { Tabs } from './tabs';
import { UploadPanel } from './upload-panel';

export type ShipmentsSource = {
  shipments: CaseShipment[] | undefined;
  /** The profile mode the list was read in: a demo user is pointed to the demo sync. */
  mode?: 'demo' | 'real';
  loading: boolean;
  error: unknown;
  /** Reads the shipments again (the boundary's Retry). */
  reload?: () => void;
  /** The list comes in pages (issue 18): whether there are more, and how to read the next. */
  more?: { hasMore: boolean; loading: boolean; load: () => void };
};

function ShipmentPanels({ source }: { source: ShipmentsSource }) {
  const { t } = useTranslation('cases');
  // Subscribed here so every panel's badge follows live changes of the user's cases.
  useLiveCases();
  // A failed read shows the same "Loading Error" with Retry as a crash of the list.
  if (source.error) return <LoadingErrorPanel onRetry={() => source.reload?.()} />;
  if (source.loading || !source.shipments) {
    return <p role="status">{t('page.loading')}</p>;
  }
  if (source.shipments.length === 0) return <p className="text-slate-700">{t('page.empty')}</p>;
  const more = source.more;
  return (
    <div className="flex flex-col gap-6">
      {source.shipments.map((shipment) => (
        <UploadPanel key={shipment.shipment_id} shipment={shipment} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700" data-testid="documents-shown">
          {t('page.shown', { count: source.shipments.length })}
        </p>
        {more?.hasMore ? (
          <>
            <MoreWhenVisible onVisible={more.load} busy={more.loading} />
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={more.loading}
              onClick={more.load}
            >
              {more.loading ? t('page.loadingMore') : t('page.loadMore')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Spec 2.8 /documents: the document flow of every shipment with a discrepancy. The shipments
 * come from the app layer (the shipments feature owns them). No mock mode: the FBA tab is
 * available with a connected account or when the user has (demo) shipments to work on.
 */
export function DocumentsPage({ source }: { source: ShipmentsSource }) {
  const { t } = useTranslation('cases');
  useDocumentTitle(t('metaTitle'));
  const { data: connection } = useConnection();
  const connected = connection?.status === 'connected';
  const fbaAvailable = connected || (source.shipments?.length ?? 0) > 0 || source.loading;
  const [chosen, setTab] = useState<'fba' | 'supplier' | undefined>(undefined);
  const tab = chosen ?? (fbaAvailable ? 'fba' : 'supplier');
  const [attempt, setAttempt] = useState(0);

  return (
    <section aria-labelledby="documents-title" className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 id="documents-title" className="text-3xl font-bold tracking-tight">
        {t('page.title')}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('page.description')}</p>
      <div className="mt-8">
        <Tabs
          label={t('page.tabsLabel')}
          selected={tab}
          onSelect={setTab}
          items={[
            {
              key: 'fba',
              label: t('page.tabFba'),
              disabled: !fbaAvailable,
              panel: (
                <CasesErrorBoundary
                  key={attempt}
                  onRetry={() => {
                    source.reload?.();
                    setAttempt((value) => value + 1);
                  }}
                >
                  <ShipmentPanels source={source} />
                </CasesErrorBoundary>
              ),
            },
            {
              key: 'supplier',
              label: t('page.tabSupplier'),
              panel: (
                <div className="flex flex-col gap-3">
                  {!fbaAvailable ? (
                    <Alert tone="info">
                      {source.mode === 'demo' ? t('page.fbaDemo') : t('page.fbaDisabled')}
                    </Alert>
                  ) : null}
                  <SupplierLibrary />
                </div>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
