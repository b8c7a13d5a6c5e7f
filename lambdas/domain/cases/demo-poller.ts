/**
 * The demo poller (spec 2.8, 6, 7.5): simulates the marketplace's replies on demo cases, one
 * step at a time, so a visitor sees a case go through response received, then reimbursed,
 * follow-up needed or rejected (and on to the second rejection and closing). Pure.
 */
import { demoReimbursement } from '../demo-data';
import type { CaseRecord } from './records';
import { normalizeStatus, STORED_STATUS } from './status';

export interface DemoStep {
  status: string;
  last_customer_service_status: string;
  last_response_excerpt: { it: string; en: string };
  /** True when the case has reached an end and the scheduled poller leaves it alone. */
  final: boolean;
  /** A simulated reimbursement: the sample's missing units and their money. */
  reimbursed?: { units: number; amount: number; currency: string };
}

const EXCERPTS = {
  sent: {
    it: 'Demo: la richiesta risulta inviata ad Amazon. È una simulazione, nessuna email è partita.',
    en: 'Demo: the request shows as sent to Amazon. This is a simulation: no email was sent.',
  },
  received: {
    it: 'Grazie per averci contattato. Abbiamo ricevuto la tua richiesta e stiamo verificando la ricezione delle unità presso il centro logistico.',
    en: 'Thank you for contacting us. We have received your request and are checking the receipt of the units at the fulfilment centre.',
  },
  reimbursed: {
    it: 'Abbiamo completato la verifica: le unità mancanti sono state rimborsate sul tuo account venditore.',
    en: 'We have completed our investigation: the missing units have been reimbursed to your seller account.',
  },
  followUp: {
    it: 'Per completare la verifica abbiamo bisogno di ulteriori informazioni: rispondi a questo caso con la prova di consegna della spedizione.',
    en: 'To complete our investigation we need more information: reply to this case with the proof of delivery of the shipment.',
  },
  rejected: {
    it: 'Dopo aver esaminato la spedizione, abbiamo stabilito che tutte le unità sono state ricevute. Non possiamo procedere con il rimborso.',
    en: 'After reviewing the shipment, we determined that all units were received. We cannot proceed with the reimbursement.',
  },
  rejectedSecond: {
    it: 'Abbiamo riesaminato il caso e confermiamo la decisione precedente: le unità risultano ricevute.',
    en: 'We have reviewed the case again and confirm our previous decision: the units show as received.',
  },
  closed: {
    it: 'Il caso è stato chiuso. Per nuove informazioni apri un nuovo caso.',
    en: 'This case has been closed. For new information, please open a new case.',
  },
};

type Outcome = 'reimbursed' | 'follow_up' | 'rejected';

/** Which way a demo case goes: fixed for the three samples, stable for any other shipment. */
export function demoOutcome(shipmentId: string): Outcome {
  if (shipmentId === 'DEMO001') return 'reimbursed';
  if (shipmentId === 'DEMO002') return 'follow_up';
  if (shipmentId === 'DEMO003') return 'rejected';
  let sum = 0;
  for (const c of shipmentId) sum += c.charCodeAt(0);
  return (['reimbursed', 'follow_up', 'rejected'] as const)[sum % 3]!;
}

const step = (
  status: string,
  cs: string,
  excerpt: { it: string; en: string },
  final = false,
): DemoStep => ({
  status,
  last_customer_service_status: cs,
  last_response_excerpt: excerpt,
  final,
});

/** The simulated payment: reimbursed in full, with the sample's money (when it is a sample). */
function reimbursedStep(shipmentId: string): DemoStep {
  const paid = demoReimbursement(shipmentId);
  return {
    ...step(STORED_STATUS.reimbursed, 'rimborsato', EXCERPTS.reimbursed, true),
    ...(paid ? { reimbursed: paid } : {}),
  };
}

/**
 * The next simulated reply of a demo case, or undefined when it has reached its end. A demo
 * submission (spec 4.8) starts as processing (in_lavorazione, nothing mailed); its first step
 * is "sent", then the marketplace's replies follow.
 */
export function nextDemoStep(
  record: Pick<CaseRecord, 'status' | 'shipment_id'> &
    Partial<Pick<CaseRecord, 'sent_provider' | 'last_customer_service_status'>>,
): DemoStep | undefined {
  const outcome = demoOutcome(record.shipment_id);
  const status = normalizeStatus(record.status);
  if (
    status === 'in_progress' &&
    record.sent_provider === 'simulated' &&
    !record.last_customer_service_status
  ) {
    return step(STORED_STATUS.submitted, 'inviato', EXCERPTS.sent);
  }
  switch (status) {
    case 'ready':
    case 'submitted':
    case 'in_progress':
      return step(STORED_STATUS.responseReceived, 'risposta_ricevuta', EXCERPTS.received);
    case 'response_received':
      if (outcome === 'reimbursed') return reimbursedStep(record.shipment_id);
      if (outcome === 'follow_up')
        return step(STORED_STATUS.followUpNeeded, 'risposta_ricevuta', EXCERPTS.followUp);
      return step(STORED_STATUS.rejected, 'risposta_ricevuta', EXCERPTS.rejected);
    case 'follow_up_needed':
      return reimbursedStep(record.shipment_id);
    case 'rejected':
      return step(STORED_STATUS.rejectedSecond, 'risposta_ricevuta', EXCERPTS.rejectedSecond);
    case 'rejected_second':
      return step(STORED_STATUS.closedRejected, 'risposta_ricevuta', EXCERPTS.closed, true);
    default:
      return undefined;
  }
}

/**
 * Whether a demo case has reached its end (reimbursed, closed, or settled otherwise): no
 * simulated reply follows, and "Simula risposta Amazon" says so instead of failing.
 */
export function demoCaseClosed(
  record: Pick<CaseRecord, 'status' | 'shipment_id'> &
    Partial<Pick<CaseRecord, 'sent_provider' | 'last_customer_service_status'>>,
): boolean {
  return nextDemoStep(record) === undefined;
}

/** Whether the scheduled poller should step this case (sent, not yet at an end). */
export function awaitsDemoReply(record: Pick<CaseRecord, 'status' | 'demo_mode'>): boolean {
  if (!record.demo_mode) return false;
  const s = normalizeStatus(record.status);
  return s !== 'ready' && s !== 'reimbursed' && s !== 'closed_rejected' && s !== 'to_check';
}
