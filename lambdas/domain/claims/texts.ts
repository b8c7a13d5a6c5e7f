/**
 * What the seller sends Amazon for a claim, in Italian and English: the facts we hold, named
 * (reimbursement id or ledger reference, SKU, units, what was paid, the proven unit cost), nothing
 * else. No text without a unit cost: there would be nothing to prove.
 */
import { claimDifference, type CostInvoice, type StoredClaim } from './model';
import { round2 } from './audit';

function amount(value: number, currency: string, language: 'it' | 'en'): string {
  const fixed = value.toFixed(2);
  return `${language === 'it' ? fixed.replace('.', ',') : fixed} ${currency}`;
}

/** "fattura n. 2026/77 del 2026-08-20, fattura.xml": what we read of the invoice, and its file. */
export function invoiceName(invoice: CostInvoice, language: 'it' | 'en'): string {
  const it = language === 'it';
  const parts = [
    invoice.number ? `${it ? 'fattura n.' : 'invoice no.'} ${invoice.number}` : null,
    invoice.date ? `${it ? 'del' : 'dated'} ${invoice.date}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `${parts.join(' ')}, ${invoice.name}` : invoice.name;
}

export function reevaluationText(claim: StoredClaim): { it: string; en: string } | null {
  const { amountExpected, currency } = claim;
  if (amountExpected === null || amountExpected <= 0 || !currency || claim.units <= 0) return null;
  const { reference, sku, fnsku } = claim.subject;
  const unit = round2(amountExpected / claim.units);
  const diff = claimDifference(claim) ?? 0;
  const m = (value: number, language: 'it' | 'en') => amount(value, currency, language);
  const item = `SKU ${sku ?? '-'}${fnsku ? ` (FNSKU ${fnsku})` : ''}`;
  if (claim.kind === 'underpaid_reimbursement') {
    // Only an invoice we hold is named as attached; a typed cost is stated as the seller's own.
    const invoice = claim.costSource === 'invoice' ? claim.costInvoice : undefined;
    const costIt = invoice
      ? `Il mio costo di acquisto è ${m(unit, 'it')} per unità, ${m(amountExpected, 'it')} in totale, come risulta dalla fattura del fornitore allegata (${invoiceName(invoice, 'it')}).`
      : `Il mio costo di acquisto è ${m(unit, 'it')} per unità, ${m(amountExpected, 'it')} in totale.`;
    const costEn = invoice
      ? `My sourcing cost is ${m(unit, 'en')} per unit, ${m(amountExpected, 'en')} in total, as the attached supplier invoice shows (${invoiceName(invoice, 'en')}).`
      : `My sourcing cost is ${m(unit, 'en')} per unit, ${m(amountExpected, 'en')} in total.`;
    return {
      it:
        `Buongiorno, chiedo la rivalutazione del rimborso ${reference} per ${item}. ` +
        `Per ${claim.units} unità avete rimborsato ${m(claim.amountPaid, 'it')}. ` +
        `${costIt} ` +
        `Vi chiedo di rivalutare il rimborso e di versare la differenza di ${m(diff, 'it')}. Grazie.`,
      en:
        `Hello, I am asking for a re-evaluation of reimbursement ${reference} for ${item}. ` +
        `For ${claim.units} units you reimbursed ${m(claim.amountPaid, 'en')}. ` +
        `${costEn} ` +
        `Please re-evaluate the reimbursement and pay the difference of ${m(diff, 'en')}. Thank you.`,
    };
  }
  const lost = claim.kind === 'warehouse_lost';
  return {
    it:
      `Buongiorno, nel registro inventario (riferimento ${reference}) ${claim.units} unità di ${item} risultano ${lost ? 'perse' : 'danneggiate'} nel vostro centro logistico e non ancora ${lost ? 'ritrovate né ' : ''}rimborsate. ` +
      `Vi chiedo il rimborso al mio costo di acquisto di ${m(unit, 'it')} per unità, ${m(amountExpected, 'it')} in totale. Grazie.`,
    en:
      `Hello, in the inventory ledger (reference ${reference}) ${claim.units} units of ${item} are ${lost ? 'lost' : 'damaged'} in your fulfilment centre and not yet ${lost ? 'found or ' : ''}reimbursed. ` +
      `Please reimburse them at my sourcing cost of ${m(unit, 'en')} per unit, ${m(amountExpected, 'en')} in total. Thank you.`,
  };
}
