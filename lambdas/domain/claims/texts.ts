/**
 * What the seller sends Amazon for a claim, in Italian and English: the facts we hold, named
 * (reimbursement id or ledger reference, order ids or removal order id, SKU, units, what was
 * paid, the proven unit cost or the refund), nothing else. No re-evaluation or warehouse text
 * without a unit cost: there would be nothing to prove; an order claim names its orders and
 * units, and its amount only when we hold one.
 */
import { claimDifference, isOrderKind, type CostInvoice, type StoredClaim } from './model';
import { round2 } from './audit';

type Texts = { it: string; en: string };

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

/** The first request for any claim; an inbound shipment's texts are its case's. */
export function claimText(claim: StoredClaim): Texts | null {
  if (claim.kind === 'inbound_shipment') return null;
  return isOrderKind(claim.kind) ? orderClaimText(claim) : reevaluationText(claim);
}

export function reevaluationText(claim: StoredClaim): Texts | null {
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

/** The first request for a customer-return or removal claim. */
export function orderClaimText(stored: StoredClaim): Texts | null {
  const claim = stillOwed(stored);
  if (!claim) return null;
  const orders = claim.subject.orders ?? [];
  if (orders.length === 0 || claim.units <= 0) return null;
  const { sku, fnsku } = claim.subject;
  const list = orders.join(', ');
  const plural = orders.length > 1;
  const item = {
    it: sku ? `SKU ${sku}${fnsku ? ` (FNSKU ${fnsku})` : ''}` : 'più SKU',
    en: sku ? `SKU ${sku}${fnsku ? ` (FNSKU ${fnsku})` : ''}` : 'several SKUs',
  };
  const { amountExpected, currency } = claim;
  const priced = amountExpected !== null && amountExpected > 0 && currency;
  const refund = claim.costSource === 'refund';
  const ask = {
    it: priced
      ? `Vi chiedo il rimborso di queste ${claim.units} unità, ${amount(amountExpected, currency, 'it')} ${refund ? 'come rimborsato al cliente' : 'al mio costo di acquisto'}. Grazie.`
      : `Vi chiedo il rimborso di queste ${claim.units} unità. Grazie.`,
    en: priced
      ? `Please reimburse these ${claim.units} units, ${amount(amountExpected, currency, 'en')} ${refund ? 'as refunded to the customer' : 'at my sourcing cost'}. Thank you.`
      : `Please reimburse these ${claim.units} units. Thank you.`,
  };
  const ordersIt = `${plural ? 'gli ordini' : "l'ordine"} ${list}`;
  const ordersEn = `${plural ? 'orders' : 'order'} ${list}`;
  switch (claim.kind) {
    case 'customer_return_not_returned':
      return {
        it: `Buongiorno, per ${ordersIt} avete rimborsato il cliente più di 45 giorni fa, ma ${claim.units} unità di ${item.it} non sono state restituite al vostro centro logistico e non sono state rimborsate. ${ask.it}`,
        en: `Hello, for ${ordersEn} you refunded the customer more than 45 days ago, but ${claim.units} units of ${item.en} were not returned to your fulfilment centre and have not been reimbursed. ${ask.en}`,
      };
    case 'customer_return_damaged':
      return {
        it: `Buongiorno, per ${ordersIt} ${claim.units} unità di ${item.it} sono tornate danneggiate da voi o dal vostro vettore, come risulta dal report dei resi, e non sono state rimborsate. ${ask.it}`,
        en: `Hello, for ${ordersEn} ${claim.units} units of ${item.en} came back damaged by you or your carrier, as the customer returns report shows, and have not been reimbursed. ${ask.en}`,
      };
    case 'replacement_not_returned':
      return {
        it: `Buongiorno, per ${ordersIt} avete spedito una sostituzione, ma ${claim.units} unità originali di ${item.it} non sono mai state restituite e non sono state rimborsate. ${ask.it}`,
        en: `Hello, for ${ordersEn} you shipped a replacement, but ${claim.units} original units of ${item.en} were never returned and have not been reimbursed. ${ask.en}`,
      };
    case 'removal_lost_in_transit': {
      // Claims stored before the tracking was kept say only that there was one.
      const tracking = claim.subject.tracking?.join(', ');
      return {
        it: `Buongiorno, l'ordine di rimozione ${list} è stato spedito con ${tracking ?? 'numero di tracciamento'} ma non mi è mai stato consegnato: ${claim.units} unità di ${item.it} risultano perse durante il trasporto. ${ask.it}`,
        en: `Hello, removal order ${list} was shipped with ${tracking ?? 'a tracking number'} but never delivered to me: ${claim.units} units of ${item.en} are lost in transit. ${ask.en}`,
      };
    }
    case 'removal_short':
      return {
        it: `Buongiorno, dall'ordine di rimozione ${list} mancano ${claim.units} unità di ${item.it} rispetto a quelle che avete spedito o mi risultano smaltite senza che lo avessi chiesto. ${ask.it}`,
        en: `Hello, removal order ${list} is ${claim.units} units of ${item.en} short of what you shipped, or they were disposed of without my request. ${ask.en}`,
      };
    default:
      return null;
  }
}

/**
 * An order claim as it stands after the orders Amazon already paid (`partial`): the others, their
 * units and worth. Null when what is left cannot be told (a claim stored before each order's
 * part was kept): no text then rather than one asking for what was paid.
 */
function stillOwed(claim: StoredClaim): StoredClaim | null {
  const paid = new Set(claim.partial?.orders ?? []);
  if (paid.size === 0) return claim;
  const { byOrder } = claim.subject;
  if (!byOrder) return null;
  const orders = (claim.subject.orders ?? []).filter((order) => !paid.has(order));
  const parts = orders.map((order) => byOrder[order]);
  if (parts.some((part) => part === undefined)) return null;
  const amounts = parts.map((part) => part!.amount);
  return {
    ...claim,
    subject: { ...claim.subject, orders },
    units: parts.reduce((sum, part) => sum + part!.units, 0),
    amountExpected: amounts.every((a) => a !== null)
      ? round2(amounts.reduce((sum: number, a) => sum + (a ?? 0), 0))
      : null,
  };
}
