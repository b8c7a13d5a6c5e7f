import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  recordRemovalCount,
  serverMessage,
  useRemovalPages,
  type RemovalView,
} from '../api/claims';

/** A whole number of units from 0 to what Amazon shipped, or null. */
function unitsOf(text: string, shipped: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const units = Number(text.trim());
  return units <= shipped ? units : null;
}

/** One removal: what Amazon shipped back, and a field per SKU for what arrived. */
export function RemovalCountForm({
  removal,
  onCounted,
}: {
  removal: RemovalView;
  onCounted: () => void;
}) {
  const { t } = useTranslation('claims');
  const f = useFormatters();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const units = removal.skus.map((p) => unitsOf(values[p.sku] ?? '', p.shipped));
  const parcels = removal.parcels
    .map((p) => [p.carrier, p.tracking].filter(Boolean).join(' ') || t('removals.noTracking'))
    .join(', ');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (units.some((u) => u === null)) return;
    setBusy(true);
    try {
      await recordRemovalCount(
        removal.removal_order_id,
        removal.skus.map((p, i) => ({ sku: p.sku, units: units[i] as number })),
      );
      notify.success({ title: t('removals.saved') });
      onCounted();
    } catch (error) {
      notify.error({ title: serverMessage(error, t('removals.saveError')), error });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border border-slate-200 p-4 text-sm"
      data-testid="removal-to-count"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('removals.order', { id: removal.removal_order_id })}
      </h3>
      <p>
        {t('removals.shipped', {
          requested: f.date(removal.request_date),
          shipped: f.date(removal.shipped_on),
          parcels,
        })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {removal.skus.map((p, i) => (
          <TextField
            key={p.sku}
            label={t('removals.received', { sku: p.sku, count: p.shipped })}
            inputMode="numeric"
            value={values[p.sku] ?? ''}
            onChange={(e) => setValues({ ...values, [p.sku]: e.target.value })}
            error={
              checked && units[i] === null
                ? t('removals.unitsInvalid', { count: p.shipped })
                : undefined
            }
          />
        ))}
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {t('removals.save')}
      </Button>
    </form>
  );
}

/**
 * "Rimozioni da verificare": the removals Amazon shipped back that the seller has not counted,
 * oldest first. Only the seller says what arrived: a count below what was shipped becomes a
 * removal claim at the next audit; without a count none is proposed.
 */
export function RemovalsToCount() {
  const { t } = useTranslation('claims');
  const id = useId();
  const list = useRemovalPages();
  const removals = list.pages.flatMap((page) => page.removals);
  if (!list.error && removals.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 max-w-3xl space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('removals.title')}
      </h2>
      <p className="text-slate-700">{t('removals.intro')}</p>
      {list.error ? (
        <Alert tone="error" title={t('removals.loadError')}>
          <Button size="sm" onClick={() => void list.mutate()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        removals.map((removal) => (
          <RemovalCountForm
            key={removal.removal_order_id}
            removal={removal}
            onCounted={() => void list.mutate()}
          />
        ))
      )}
      {list.hasMore && (
        <Button
          variant="secondary"
          disabled={list.loadingMore}
          onClick={() => void list.loadMore()}
        >
          {t('more')}
        </Button>
      )}
    </section>
  );
}
