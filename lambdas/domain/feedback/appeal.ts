/**
 * The removal-request draft of a feedback row (spec 3 "generated appeal", 2.10): a subject, a
 * plain-text body and the same body as HTML, which the seller copies into a case in Seller
 * Central. Pure: the caller passes the row and whether a reply address is configured.
 */
import { escapeHtml } from '../html';
import type { Language } from '../language';

export type AppealLanguage = Language;

export interface AppealFeedback {
  order_id: string;
  /** yyyy-mm-dd */
  comment_date: string;
  rating: number;
  comment: string;
  reason_code?: string | null;
  marketplace?: string | null;
}

export interface GeneratedAppeal {
  subject: string;
  text: string;
  html: string;
  has_reply_email: boolean;
}

/** Why the feedback breaks the marketplace's guidelines, per reason code of the classifier. */
const GROUNDS: Record<string, Record<AppealLanguage, string>> = {
  obscene: {
    it: 'Il commento contiene linguaggio osceno, volgare o offensivo.',
    en: 'The comment contains obscene, profane or abusive language.',
  },
  personal_info: {
    it: 'Il commento contiene informazioni personali (numero di telefono, indirizzo email o nome completo).',
    en: 'The comment contains personal information (a phone number, an email address or a full name).',
  },
  product_review: {
    it: "L'intero commento è una recensione del prodotto e non riguarda il servizio del venditore.",
    en: "The entire comment is a product review and does not concern the seller's service.",
  },
  fba_fulfillment: {
    it: "L'ordine è stato gestito da Amazon (Logistica di Amazon) e il commento riguarda solo la consegna, l'imballaggio o il servizio clienti di Amazon.",
    en: "The order was fulfilled by Amazon (FBA) and the comment is only about delivery, packaging or Amazon's customer service.",
  },
  promotional: {
    it: 'Il commento contiene contenuti promozionali, link o riferimenti ad altri venditori o siti.',
    en: 'The comment contains promotional content, links or references to other sellers or sites.',
  },
};

const GENERIC_GROUND: Record<AppealLanguage, string> = {
  it: 'Il commento non rispetta le linee guida di Amazon sui feedback dei venditori.',
  en: "The comment does not comply with Amazon's seller-feedback guidelines.",
};

const COPY = {
  it: {
    subject: (order: string) => `Richiesta di rimozione feedback - Ordine ${order}`,
    greeting: 'Gentile Team di Assistenza Venditori,',
    intro:
      'chiediamo la rimozione del seguente feedback, che a nostro avviso non rispetta le linee guida di Amazon sui feedback dei venditori.',
    order: 'Numero ordine',
    date: 'Data del feedback',
    rating: 'Valutazione',
    comment: 'Commento',
    reason: 'Motivo della richiesta',
    stars: (n: number) => `${n} su 5`,
    empty: '(nessun commento)',
    closing:
      'Vi ringraziamo per la verifica e restiamo a disposizione per qualsiasi informazione aggiuntiva.',
    regards: 'Cordiali saluti',
  },
  en: {
    subject: (order: string) => `Feedback removal request - Order ${order}`,
    greeting: 'Dear Seller Support team,',
    intro:
      "we ask you to remove the following feedback, which in our view does not comply with Amazon's seller-feedback guidelines.",
    order: 'Order ID',
    date: 'Feedback date',
    rating: 'Rating',
    comment: 'Comment',
    reason: 'Reason for the request',
    stars: (n: number) => `${n} out of 5`,
    empty: '(no comment)',
    closing: 'Thank you for reviewing it; we are glad to provide any further information.',
    regards: 'Kind regards',
  },
} as const;

/** Escapes the five characters that are special in HTML text and attribute values. */
function formatDate(isoDate: string, language: AppealLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, y, m, d] = match;
  return language === 'it' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** The localised ground of a reason code; a generic one for codes without a specific rule. */
export function appealGround(reasonCode: string | null | undefined, language: AppealLanguage) {
  return (reasonCode && GROUNDS[reasonCode]?.[language]) ?? GENERIC_GROUND[language];
}

/**
 * Writes the removal request for one feedback row in the given language. Every value from the
 * row is escaped in the HTML, so a comment with markup stays text.
 */
export function generateFeedbackAppeal(
  feedback: AppealFeedback,
  options: { language: AppealLanguage; hasReplyEmail: boolean },
): GeneratedAppeal {
  const { language } = options;
  const copy = COPY[language];
  const comment = feedback.comment.trim() === '' ? copy.empty : feedback.comment.trim();
  const fields: [string, string][] = [
    [copy.order, feedback.order_id],
    [copy.date, formatDate(feedback.comment_date, language)],
    [copy.rating, copy.stars(feedback.rating)],
    [copy.comment, `"${comment}"`],
    [copy.reason, appealGround(feedback.reason_code, language)],
  ];

  const text = [
    copy.greeting,
    '',
    copy.intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    copy.closing,
    '',
    copy.regards,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(copy.intro)}</p>`,
    '<ul>',
    ...fields.map(
      ([label, value]) => `  <li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(copy.closing)}</p>`,
    `<p>${escapeHtml(copy.regards)}</p>`,
  ].join('\n');

  return {
    subject: copy.subject(feedback.order_id),
    text,
    html,
    has_reply_email: options.hasReplyEmail,
  };
}
