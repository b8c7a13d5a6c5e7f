/**
 * Case statuses (spec 4.1–4.4): normalisation of the Italian and English variants, the upload
 * panel lock and badges, the action button and the response dialog. Pure; the web app imports it.
 */
import type { NormalizedStatus } from './contract';

/** The values the server stores (Italian, as the spec's data shows them). */
export const STORED_STATUS = {
  ready: 'ready',
  open: 'open',
  submitted: 'Inviato',
  inProgress: 'in_lavorazione',
  responseReceived: 'risposta_ricevuta',
  reimbursed: 'rimborsato',
  followUpNeeded: 'necessario_sollecito',
  rejected: 'respinto',
  rejectedSecond: 'respinto_secondo',
  closedRejected: 'chiuso_respinto',
  /** A send whose outcome is unknown (see submit.ts): the seller says whether it went. */
  toCheck: 'da_verificare',
  partlyReimbursed: 'rimborsato_parziale',
  found: 'unita_ritrovate',
} as const;

const VARIANTS = new Map<string, NormalizedStatus>(
  Object.entries({
    ready: 'ready',
    pronto: 'ready',
    open: 'ready',
    submitted: 'submitted',
    inviato: 'submitted',
    in_progress: 'in_progress',
    in_lavorazione: 'in_progress',
    response_received: 'response_received',
    risposta_ricevuta: 'response_received',
    reimbursed: 'reimbursed',
    rimborsato: 'reimbursed',
    follow_up_needed: 'follow_up_needed',
    necessario_sollecito: 'follow_up_needed',
    rejected: 'rejected',
    respinto: 'rejected',
    rifiutato: 'rejected',
    rejected_second: 'rejected_second',
    respinto_secondo: 'rejected_second',
    closed_rejected: 'closed_rejected',
    chiuso_respinto: 'closed_rejected',
    to_check: 'to_check',
    da_verificare: 'to_check',
    partly_reimbursed: 'partly_reimbursed',
    rimborsato_parziale: 'partly_reimbursed',
    found: 'found',
    unita_ritrovate: 'found',
  } satisfies Record<string, NormalizedStatus>),
);

/**
 * Spec 4.1: any variant (any case, spaces or hyphens for underscores: "In lavorazione",
 * "Inviato", "risposta_ricevuta") to its normalised status; none or unknown counts as ready.
 */
export function normalizeStatus(status: string | null | undefined): NormalizedStatus {
  if (!status) return 'ready';
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  // A Map, so that keys such as "__proto__" or "constructor" are just unknown statuses.
  return VARIANTS.get(key) ?? 'ready';
}

/**
 * The stored spellings of a normalised status (what a server-side filter compares `status`
 * with): every known variant, lower case as the writers store them, and the stored values.
 */
export function storedVariantsOf(normalized: NormalizedStatus): string[] {
  const variants = new Set<string>();
  for (const [variant, value] of VARIANTS) if (value === normalized) variants.add(variant);
  for (const stored of Object.values(STORED_STATUS)) {
    if (normalizeStatus(stored) === normalized) variants.add(stored);
  }
  return [...variants];
}

/**
 * Spec 4.2: role choice, upload and delete are locked once the case is Inviato, submitted,
 * in_progress / In lavorazione, reimbursed or rejected. The other states after sending
 * (response received, second rejection, closed) are locked too: their documents went out with
 * the dispute. Only ready and follow-up needed (Amazon asks for more proof) stay open.
 */
export function isLocked(status: string | null | undefined): boolean {
  const normalized = normalizeStatus(status);
  return normalized !== 'ready' && normalized !== 'follow_up_needed';
}

export type BadgeTone = 'sky' | 'amber' | 'red' | 'gray' | 'green';
export type BadgeLabel =
  | 'Inviato'
  | 'In lavorazione'
  | 'Rifiutato'
  | 'Chiuso'
  | 'Pronto'
  | 'Da verificare'
  | 'Rimborsato in parte';

/** Spec 4.2 badge: label key and colour. */
export function statusBadge(status: string | null | undefined): {
  label: BadgeLabel;
  tone: BadgeTone;
} {
  switch (normalizeStatus(status)) {
    case 'submitted':
      return { label: 'Inviato', tone: 'sky' };
    case 'in_progress':
    case 'response_received':
    case 'follow_up_needed':
      return { label: 'In lavorazione', tone: 'amber' };
    case 'rejected':
    case 'rejected_second':
      return { label: 'Rifiutato', tone: 'red' };
    case 'reimbursed':
    case 'closed_rejected':
    case 'found':
      return { label: 'Chiuso', tone: 'gray' };
    // Amazon paid part of the units: still open, its own label (not "Chiuso", not a plain
    // "In lavorazione").
    case 'partly_reimbursed':
      return { label: 'Rimborsato in parte', tone: 'amber' };
    case 'to_check':
      return { label: 'Da verificare', tone: 'amber' };
    default:
      return { label: 'Pronto', tone: 'green' };
  }
}

export type CaseAction =
  | 'prepare_dispute'
  | 'upload_documents'
  | 'follow_up'
  | 'copy_reply'
  | 'read_response'
  | 'completed'
  | 'closed'
  | 'check_send';

const ACTION_LABELS: Record<CaseAction, { it: string; en: string }> = {
  prepare_dispute: { it: 'Prepara contestazione', en: 'Prepare dispute' },
  upload_documents: { it: 'Carica documenti', en: 'Upload documents' },
  follow_up: { it: 'Sollecita', en: 'Follow up' },
  copy_reply: { it: 'Copia risposta', en: 'Copy reply' },
  read_response: { it: 'Leggi risposta', en: 'Read response' },
  completed: { it: 'Completato', en: 'Completed' },
  closed: { it: 'Chiuso', en: 'Closed' },
  check_send: { it: 'Verifica invio', en: 'Check the send' },
};

/** Spec 4.3: the action button of a shipment row, and whether it is disabled. */
export function actionFor(status: string | null | undefined): {
  action: CaseAction;
  disabled: boolean;
  label: { it: string; en: string };
} {
  const pick = (action: CaseAction, disabled = false) => ({
    action,
    disabled,
    label: ACTION_LABELS[action],
  });
  switch (normalizeStatus(status)) {
    case 'ready':
      return pick('prepare_dispute');
    case 'follow_up_needed':
      return pick('follow_up');
    case 'rejected':
    case 'rejected_second':
      return pick('copy_reply');
    case 'response_received':
      return pick('read_response');
    case 'reimbursed':
    case 'found':
      return pick('completed', true);
    // The rest is still owed: the next step is the follow-up asking for it.
    case 'partly_reimbursed':
      return pick('follow_up');
    case 'closed_rejected':
      return pick('closed', true);
    case 'to_check':
      return pick('check_send');
    default:
      return pick('upload_documents');
  }
}

/**
 * The template the "prepare new response" / action button leads to: follow-up after a
 * follow-up request, the reply after a first rejection, the second reply after the second.
 */
export function nextTemplate(
  status: string | null | undefined,
): 'first' | 'follow_up' | 'reply_rejection' | 'second_reply' {
  switch (normalizeStatus(status)) {
    case 'follow_up_needed':
    case 'response_received':
    case 'partly_reimbursed':
      return 'follow_up';
    case 'rejected':
      return 'reply_rejection';
    case 'rejected_second':
      return 'second_reply';
    default:
      return 'first';
  }
}

/**
 * Spec 4.4: what the response dialog shows for last_customer_service_status. Amazon's last word
 * on a case it paid in part is a payment too ("rimborsato"), so the case's own status tells a
 * partial reimbursement (the case stays open) from a full one.
 */
export function responseDisplay(
  lastCustomerServiceStatus: string | null | undefined,
  caseStatus?: string | null,
): {
  state: 'reimbursed' | 'partly_reimbursed' | 'response_received' | 'waiting';
  label: { it: string; en: string };
  success: boolean;
} {
  if (
    lastCustomerServiceStatus === 'rimborsato' &&
    normalizeStatus(caseStatus) === 'partly_reimbursed'
  ) {
    return {
      state: 'partly_reimbursed',
      label: { it: 'Rimborsato in parte', en: 'Partly reimbursed' },
      success: false,
    };
  }
  switch (lastCustomerServiceStatus) {
    case 'rimborsato':
      return {
        state: 'reimbursed',
        label: { it: 'Rimborsato', en: 'Reimbursed' },
        success: true,
      };
    case 'risposta_ricevuta':
      return {
        state: 'response_received',
        label: { it: 'Risposta ricevuta', en: 'Response received' },
        success: false,
      };
    default:
      return { state: 'waiting', label: { it: 'In attesa', en: 'Waiting' }, success: false };
  }
}
