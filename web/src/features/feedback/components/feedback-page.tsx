import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_FEEDBACK_MARKETPLACE,
  FEEDBACK_MARKETPLACES,
} from '@domain/feedback/feedback-marketplaces';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { inputClass } from '../../../components/ui/text-field';
import { useConnection } from '../../../lib/connection';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFeedbackList, type SellerFeedback } from '../api/feedback';
import { AppealDialog } from './appeal-dialog';
import { FeedbackTable } from './feedback-table';
import { ImportPanel } from './import-panel';

function Rules() {
  const { t } = useTranslation('feedback');
  return (
    <Alert tone="info" title={t('rules.title')}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('rules.window')}</li>
        <li>{t('rules.removable')}</li>
        <li>{t('rules.reply')}</li>
        <li>{t('rules.never')}</li>
      </ul>
    </Alert>
  );
}

/**
 * Feedback management (spec 2.10): the not-connected banner, the rules, the import, the
 * marketplace filter and "only removable" switch, the table, and the removal-request dialog.
 */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  useDocumentTitle(t('metaTitle'));
  const id = useId();
  const { data: connection, isLoading: connectionLoading } = useConnection();
  const [marketplace, setMarketplace] = useState('all');
  const [removableOnly, setRemovableOnly] = useState(false);
  const feedback = useFeedbackList(
    { marketplace, removableOnly },
    { onError: (error: unknown) => notify.error({ title: t('toast.loadError'), error }) },
  );
  const list = {
    items: feedback.pages.flatMap((page) => page.items),
    total: feedback.pages.at(-1)?.total ?? 0,
    capped: feedback.pages.at(-1)?.total_capped ?? false,
    demo: feedback.pages.at(-1)?.demo ?? false,
  };
  const loading = feedback.isValidating;
  const [appealFor, setAppealFor] = useState<SellerFeedback | null>(null);
  // A new key per opening gives each request a fresh dialog; closing keeps the same one, so
  // the browser returns focus to the row's button.
  const [appealKey, setAppealKey] = useState(0);
  const openAppeal = useCallback((row: SellerFeedback) => {
    setAppealKey((key) => key + 1);
    setAppealFor(row);
  }, []);
  const closeAppeal = useCallback(() => setAppealFor(null), []);

  const importMarketplace = marketplace === 'all' ? DEFAULT_FEEDBACK_MARKETPLACE : marketplace;
  const importEntry = FEEDBACK_MARKETPLACES.find((m) => m.domain === importMarketplace)!;
  const connected = connection?.status === 'connected';
  const filtered = marketplace !== 'all' || removableOnly;

  return (
    <section aria-labelledby="feedback-title" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="feedback-title" className="text-3xl font-bold tracking-tight">
          {t('title')}
        </h1>
        <ButtonLink to={paths.feedbackSettings} variant="secondary" size="sm">
          {t('settingsLink')}
        </ButtonLink>
      </div>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('intro')}</p>

      <div className="mt-6 flex flex-col gap-6">
        {!connectionLoading && !connected ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <div>
              <p className="font-semibold">{t('notConnected.title')}</p>
              <p>{t('notConnected.text')}</p>
            </div>
            <ButtonLink to={paths.dashboard} variant="secondary" size="sm">
              {t('notConnected.link')}
            </ButtonLink>
          </div>
        ) : null}

        <Rules />

        <ImportPanel
          marketplace={importMarketplace}
          marketplaceLabel={`${t(`marketplaces.${importEntry.code}`)} (${importEntry.domain})`}
          onImported={() => void feedback.mutate()}
        />

        <section aria-labelledby={`${id}-list`} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id={`${id}-list`} className="text-xl font-semibold text-slate-900">
              {list.capped
                ? t('table.titleCapped', { count: list.total })
                : t('table.title', { count: list.total })}
            </h2>
            <div className="flex flex-wrap items-end gap-4">
              <div>
                <label
                  htmlFor={`${id}-marketplace`}
                  className="block text-sm font-medium text-slate-900"
                >
                  {t('filter.marketplace')}
                </label>
                <select
                  id={`${id}-marketplace`}
                  value={marketplace}
                  onChange={(event) => setMarketplace(event.target.value)}
                  className={`mt-1 ${inputClass} border-slate-400`}
                >
                  <option value="all">{t('filter.all')}</option>
                  {FEEDBACK_MARKETPLACES.map((m) => (
                    <option key={m.domain} value={m.domain}>
                      {`${t(`marketplaces.${m.code}`)} (${m.domain})`}
                    </option>
                  ))}
                </select>
              </div>
              <CheckboxField
                role="switch"
                label={t('filter.removableOnly')}
                checked={removableOnly}
                onChange={(event) => setRemovableOnly(event.target.checked)}
              />
            </div>
          </div>

          {list.demo ? <Alert tone="info">{t('table.demo')}</Alert> : null}

          {loading && list.items.length === 0 ? (
            <p role="status" className="text-slate-700">
              {t('table.loading')}
            </p>
          ) : list.items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
              {filtered ? t('table.emptyFiltered') : t('table.empty')}
            </p>
          ) : (
            <div aria-busy={loading}>
              <FeedbackTable rows={list.items} onGenerate={openAppeal} />
            </div>
          )}
          {feedback.hasMore ? (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => void feedback.loadMore()}
            >
              {t('table.loadMore')}
            </Button>
          ) : null}
        </section>
      </div>
      <AppealDialog key={appealKey} feedback={appealFor} onClose={closeAppeal} />
    </section>
  );
}
