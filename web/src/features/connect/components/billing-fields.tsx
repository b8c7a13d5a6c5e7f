import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingInput } from '@domain/plan/contract';
import { fieldBorder, inputClass, TextField } from '../../../components/ui/text-field';

export interface BillingDraft {
  name: string;
  address: string;
  vatId: string;
}

export const EMPTY_BILLING: BillingDraft = { name: '', address: '', vatId: '' };

/** The draft as the last purchase left it (the server remembers it), or empty. */
export function billingDraftOf(saved: BillingInput | null | undefined): BillingDraft {
  return saved
    ? { name: saved.name, address: saved.address, vatId: saved.vatId ?? '' }
    : EMPTY_BILLING;
}

/**
 * What the order carries for the receipt: nothing when the seller left every field empty (the
 * receipt then says the details were not given), else the fields as typed. Whether they are
 * complete and the VAT id well formed is the server's decision, in the seller's language.
 */
export function billingForOrder(draft: BillingDraft): BillingInput | undefined {
  const name = draft.name.trim();
  const address = draft.address.trim();
  const vatId = draft.vatId.trim();
  if (!name && !address && !vatId) return undefined;
  return { name, address, ...(vatId ? { vatId } : {}) };
}

/** The receipt's details, asked before the payment buttons (issue: numbered receipts). */
export function BillingFields({
  value,
  onChange,
}: {
  value: BillingDraft;
  onChange: (next: BillingDraft) => void;
}) {
  const { t } = useTranslation('connect');
  const addressId = useId();
  return (
    <fieldset
      className="flex w-full max-w-md flex-col gap-3 rounded-lg border border-slate-200 p-4"
      data-testid="billing-fields"
    >
      <legend className="px-1 font-semibold">{t('billing.legend')}</legend>
      <p className="text-sm text-slate-700">{t('billing.hint')}</p>
      <TextField
        label={t('billing.name')}
        autoComplete="organization"
        maxLength={500}
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      <div>
        <label htmlFor={addressId} className="block text-sm font-medium text-slate-900">
          {t('billing.address')}
        </label>
        <textarea
          id={addressId}
          rows={3}
          autoComplete="street-address"
          maxLength={1000}
          className={`mt-1 w-full ${inputClass} ${fieldBorder(false)}`}
          value={value.address}
          onChange={(e) => onChange({ ...value, address: e.target.value })}
        />
      </div>
      <TextField
        label={t('billing.vatId')}
        hint={t('billing.vatIdHint')}
        maxLength={40}
        value={value.vatId}
        onChange={(e) => onChange({ ...value, vatId: e.target.value })}
      />
    </fieldset>
  );
}
