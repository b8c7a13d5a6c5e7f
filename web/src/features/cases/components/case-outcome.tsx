import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { unitsStillMissing } from '@domain/cases/case-figures';
import type { CaseOutcomeRequest, CaseView } from '@domain/cases/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { recordCaseOutcome } from '../api/cases';
import { serverMessage } from '../submit-errors';

type Kind = 'reimbursed' | 'rejected' | 'found';
const CURRENCIES = ['EUR', 'GBP', 'PLN', 'SEK'] as const;

/**
 * "Rimborsato · 8,40 € · 2 unità": what Amazon gave back, from its report or the seller. A case
 * paid in part says what came back, what is still missing (the shipment's missing units less
 * those reimbursed, as the dashboard counts them) and that its follow-up is ready.
 */
export function RecoveredLine({
  caseView,
  discrepancy,
}: {
  caseView: CaseView;
  /** The shipment's missing units (expected − found), when known. */
  discrepancy?: number | null;
}) {
  const { t } = useTranslation('cases');
  const format = useFormatters();
  if (caseView.reimbursed_amount === null && caseView.units_recovered === null) return null;
  if (caseView.normalized_status === 'partly_reimbursed') {
    return <PartlyReimbursed caseView={caseView} discrepancy={discrepancy ?? null} />;
  }
  const parts = [t(`status.${caseView.normalized_status}`)];
  if (caseView.reimbursed_amount !== null && caseView.reimbursed_currency) {
    parts.push(format.currency(caseView.reimbursed_amount, caseView.reimbursed_currency));
  }
  if (caseView.units_recovered) {
    parts.push(t('outcome.units', { count: caseView.units_recovered }));
  }
  return (
    <p className="text-sm font-semibold text-slate-900" data-testid="case-recovered">
      {parts.join(' · ')}
      {caseView.outcome_source === 'report' ? (
        <span className="ml-2 font-normal text-slate-700">{t('outcome.fromReport')}</span>
      ) : null}
    </p>
  );
}

function PartlyReimbursed({
  caseView,
  discrepancy,
}: {
  caseView: CaseView;
  discrepancy: number | null;
}) {
  const { t } = useTranslation('cases');
  const format = useFormatters();
  const reimbursed = caseView.units_recovered ?? 0;
  const missing = discrepancy === null ? null : unitsStillMissing(discrepancy, reimbursed);
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="case-recovered"
    >
      <p className="font-semibold">
        {t('status.partly_reimbursed')}
        {caseView.outcome_source === 'report' ? (
          <span className="ml-2 font-normal">{t('outcome.fromReport')}</span>
        ) : null}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>{t('outcome.recoveredSoFar')}</dt>
        <dd className="font-semibold" data-testid="case-recovered-amount">
          {caseView.reimbursed_amount !== null && caseView.reimbursed_currency
            ? format.currency(caseView.reimbursed_amount, caseView.reimbursed_currency)
            : '—'}
        </dd>
        <dt>{t('outcome.unitsReimbursedLabel')}</dt>
        <dd data-testid="case-units-reimbursed">
          {t('outcome.unitsReimbursed', { count: reimbursed })}
        </dd>
        {missing !== null ? (
          <>
            <dt>{t('outcome.stillMissingLabel')}</dt>
            <dd className="font-semibold" data-testid="case-units-missing">
              {t('outcome.stillMissing', { count: missing })}
            </dd>
          </>
        ) : null}
      </dl>
      <p>{t('outcome.partlyHint')}</p>
    </div>
  );
}

/**
 * Issue 16, "recorded by hand": once the dispute went to Amazon, the seller records Amazon's
 * case id (it ties the reimbursements report to the case) and, when they have it, the outcome.
 * A rejection sets the sheet's text to the reply to the rejection.
 */
export function CaseOutcomeForm({
  shipmentId,
  caseView,
}: {
  shipmentId: string;
  caseView: CaseView;
}) {
  const { t } = useTranslation('cases');
  const id = useId();
  const [caseId, setCaseId] = useState(caseView.amazon_case_id ?? '');
  const [kind, setKind] = useState<Kind | ''>('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number]>('EUR');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  function outcome(): CaseOutcomeRequest['outcome'] {
    const count = units.trim() ? Number(units) : undefined;
    if (kind === 'reimbursed') {
      return { kind, amount: Number(amount.replace(',', '.')), currency, units: count };
    }
    if (kind === 'rejected') return { kind, reason };
    if (kind === 'found') return { kind, units: count ?? 0 };
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const body: CaseOutcomeRequest = {
        ...(caseId.trim() && caseId.trim() !== caseView.amazon_case_id
          ? { amazon_case_id: caseId.trim() }
          : {}),
        ...(kind ? { outcome: outcome() } : {}),
      };
      const result = await recordCaseOutcome(shipmentId, body);
      notify.success({ title: result.message });
      setKind('');
    } catch (error) {
      notify.error({
        title: t('outcome.error'),
        description: serverMessage(error, t('outcome.error')),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('outcome.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('outcome.intro')}</p>
      <label className="text-sm font-medium" htmlFor={`${id}-case`}>
        {t('outcome.caseId')}
      </label>
      <input
        id={`${id}-case`}
        inputMode="numeric"
        value={caseId}
        onChange={(event) => setCaseId(event.target.value)}
        className={`${inputClass} border-slate-400`}
      />
      <label className="text-sm font-medium" htmlFor={`${id}-kind`}>
        {t('outcome.kind')}
      </label>
      <select
        id={`${id}-kind`}
        value={kind}
        onChange={(event) => setKind(event.target.value as Kind | '')}
        className={`${inputClass} border-slate-400`}
      >
        <option value="">{t('outcome.none')}</option>
        <option value="reimbursed">{t('outcome.reimbursed')}</option>
        <option value="rejected">{t('outcome.rejected')}</option>
        <option value="found">{t('outcome.found')}</option>
      </select>
      {kind === 'reimbursed' ? (
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col text-sm font-medium">
            {t('outcome.amount')}
            <input
              inputMode="decimal"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={`${inputClass} border-slate-400`}
            />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {t('outcome.currency')}
            <select
              value={currency}
              onChange={(event) => setCurrency(event.target.value as (typeof CURRENCIES)[number])}
              className={`${inputClass} border-slate-400`}
            >
              {CURRENCIES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm font-medium">
            {t('outcome.partialUnits')}
            <input
              inputMode="numeric"
              value={units}
              onChange={(event) => setUnits(event.target.value)}
              className={`${inputClass} border-slate-400`}
            />
          </label>
        </div>
      ) : null}
      {kind === 'found' ? (
        <label className="flex flex-col text-sm font-medium">
          {t('outcome.foundUnits')}
          <input
            inputMode="numeric"
            required
            value={units}
            onChange={(event) => setUnits(event.target.value)}
            className={`${inputClass} border-slate-400`}
          />
        </label>
      ) : null}
      {kind === 'rejected' ? (
        <>
          <label className="flex flex-col text-sm font-medium">
            {t('outcome.reason')}
            <textarea
              required
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={`${inputClass} border-slate-400`}
            />
          </label>
          <Alert tone="info">{t('outcome.rejectedHint')}</Alert>
        </>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {t('outcome.save')}
        </Button>
      </div>
    </form>
  );
}
