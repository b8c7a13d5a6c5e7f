import { useState } from 'react';
import { demoFeedbackIn } from '@domain/demo-data';
import { useTranslation } from 'react-i18next';
import { loginHref, paths } from '../../../lib/paths';
import { ConnectDialog } from '../../../components/connection/connect-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Language } from '../../../i18n/languages';
import { formatDate, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { readDemo, resetDemo, syncDemo } from '../demo-storage';

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function ratingTone(rating: number) {
  if (rating <= 2) return 'red' as const;
  if (rating >= 4) return 'brand' as const;
  return 'slate' as const;
}

export function DemoPage() {
  const { t, i18n } = useTranslation('demo');
  useDocumentTitle(t('metaTitle'));
  const language = (i18n.resolvedLanguage ?? 'it') as Language;
  const [shipments, setShipments] = useState(() => readDemo('shipments'));
  const [feedback, setFeedback] = useState(() => readDemo('feedback'));
  const [busy, setBusy] = useState<'shipments' | 'feedback' | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function syncShipments() {
    setBusy('shipments');
    setShipments(await syncDemo('shipments'));
    setBusy(null);
    notify.success({ title: t('shipments.done') });
  }

  async function syncFeedback() {
    setBusy('feedback');
    setFeedback(await syncDemo('feedback'));
    setBusy(null);
    notify.success({ title: t('feedback.done') });
  }

  const missing = shipments.reduce((sum, shipment) => sum + shipment.discrepancy, 0);

  return (
    <div>
      <div role="region" aria-label={t('banner.text')} className="bg-amber-100 text-amber-950">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p>
            <strong>{t('banner.text')}</strong> {t('banner.detail')}
          </p>
          <Button size="sm" onClick={() => setConfirming(true)}>
            {t('banner.switch')}
          </Button>
          {/* Spec 2.4: the confirmation first, then the login a visitor needs, then the wizard. */}
          <ConnectDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            target={loginHref(paths.connectAmazon)}
          />
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('intro')}</p>

        <section aria-labelledby="demo-shipments" className={`mt-8 ${cardClass}`}>
          <h2 id="demo-shipments" className="text-xl font-semibold text-slate-900">
            {t('shipments.title')}
          </h2>
          <p className="mt-1 text-slate-700">{t('shipments.text')}</p>
          <Button
            className="mt-4"
            onClick={() => void syncShipments()}
            disabled={busy !== null}
            aria-busy={busy === 'shipments'}
          >
            {busy === 'shipments' ? t('shipments.syncing') : t('shipments.sync')}
          </Button>
          {shipments.length === 0 ? (
            <p className="mt-4 text-slate-600">{t('shipments.empty')}</p>
          ) : (
            <div className="mt-4">
              <p className="font-medium text-slate-900">
                {t('shipments.summary', {
                  count: missing,
                  shipments: shipments.length,
                })}
              </p>
              {/* From 768 px: a table. */}
              <div className="relative mt-2 hidden overflow-x-auto md:block">
                <table className="w-full text-left text-sm text-slate-800">
                  <caption className="sr-only">{t('shipments.caption')}</caption>
                  <thead>
                    <tr className="border-b border-slate-300">
                      <th scope="col" className="py-2 pr-3">
                        {t('shipments.id')}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t('shipments.date')}
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        {t('shipments.expected')}
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        {t('shipments.found')}
                      </th>
                      <th scope="col" className="py-2 text-right">
                        {t('shipments.discrepancy')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shipments.map((shipment) => (
                      <tr key={shipment.shipment_id} className="border-b border-slate-200">
                        <th scope="row" className="py-2 pr-3 font-medium">
                          {shipment.shipment_id}
                          <span className="block text-xs font-normal text-slate-600">
                            {shipment.shipment_name}
                          </span>
                        </th>
                        <td className="py-2 pr-3">{formatDate(shipment.created_at, language)}</td>
                        <td className="py-2 pr-3 text-right">
                          {formatNumber(shipment.units_expected, language)}
                        </td>
                        <td className="py-2 pr-3 text-right">
                          {formatNumber(shipment.units_found, language)}
                        </td>
                        <td className="py-2 text-right font-semibold text-red-700">
                          {formatNumber(shipment.discrepancy, language)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {/* Under 768 px: one card per shipment, as the dashboard's SKU list (spec 2.7). */}
              <ul
                className="mt-2 flex flex-col gap-3 md:hidden"
                aria-label={t('shipments.caption')}
              >
                {shipments.map((shipment) => (
                  <li
                    key={shipment.shipment_id}
                    className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800"
                  >
                    <p className="font-semibold text-slate-900">{shipment.shipment_id}</p>
                    <p className="text-xs text-slate-600">{shipment.shipment_name}</p>
                    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
                      <dt className="text-slate-600">{t('shipments.date')}</dt>
                      <dd>{formatDate(shipment.created_at, language)}</dd>
                      <dt className="text-slate-600">{t('shipments.expected')}</dt>
                      <dd>{formatNumber(shipment.units_expected, language)}</dd>
                      <dt className="text-slate-600">{t('shipments.found')}</dt>
                      <dd>{formatNumber(shipment.units_found, language)}</dd>
                      <dt className="text-slate-600">{t('shipments.discrepancy')}</dt>
                      <dd className="font-semibold text-red-700">
                        {formatNumber(shipment.discrepancy, language)}
                      </dd>
                    </dl>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <section aria-labelledby="demo-feedback" className={`mt-8 ${cardClass}`}>
          <h2 id="demo-feedback" className="text-xl font-semibold text-slate-900">
            {t('feedback.title')}
          </h2>
          <p className="mt-1 text-slate-700">{t('feedback.text')}</p>
          <Button
            className="mt-4"
            onClick={() => void syncFeedback()}
            disabled={busy !== null}
            aria-busy={busy === 'feedback'}
          >
            {busy === 'feedback' ? t('feedback.syncing') : t('feedback.sync')}
          </Button>
          {feedback.length === 0 ? (
            <p className="mt-4 text-slate-600">{t('feedback.empty')}</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {feedback
                .map((stored) => demoFeedbackIn(stored, language))
                .map((entry) => (
                  <li key={entry.id} className="rounded-lg border border-slate-200 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={ratingTone(entry.rating)}>
                        {t('feedback.rating', { rating: entry.rating })}
                      </Badge>
                      {entry.is_offensive ? (
                        <Badge tone="amber">{t('feedback.offensive')}</Badge>
                      ) : null}
                      {entry.is_product_review ? (
                        <Badge>{t('feedback.productReview')}</Badge>
                      ) : null}
                      <span className="text-sm text-slate-600">
                        {t('feedback.order', { id: entry.order_id })} ·{' '}
                        {formatDate(entry.date, language)}
                      </span>
                    </div>
                    <p className="mt-2 text-slate-800">{entry.comment}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      {t('feedback.suggested')} {entry.suggested_reply}
                    </p>
                  </li>
                ))}
            </ul>
          )}
        </section>

        <Button
          variant="secondary"
          className="mt-8"
          onClick={() => {
            resetDemo();
            setShipments([]);
            setFeedback([]);
          }}
        >
          {t('reset')}
        </Button>
      </div>
    </div>
  );
}
