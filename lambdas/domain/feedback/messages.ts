/**
 * The classifier's words: `suggested_reason` in the UI language (it/en, spec 1) and
 * `suggested_reply` in the comment's language among it/en/de/fr/es.
 *
 * Every reply follows the marketplaces' rules for public replies to feedback: polite, about the
 * buyer's problem, an invitation to write through Amazon's buyer-seller messages; never an
 * incentive (no discount, gift, free item, refund in exchange for anything) and never a request
 * to change, update or remove the feedback or the rating. A unit test checks the table for it.
 */
import type { FeedbackReasonCode, ReplyLanguage } from './classify';
import type { Language } from '../language';

export type ReasonLanguage = Language;

/** Sub-topics the reply and the reason can name. */
export type FeedbackTopic =
  | 'refund'
  | 'communication'
  | 'manner'
  | 'charge'
  | 'review'
  | 'listing'
  | 'wrong_item'
  | 'cancel'
  | 'warranty'
  | 'trust'
  | 'shipping'
  | 'empty'
  | 'generic'
  | 'delivery'
  | 'courier'
  | 'pickup'
  | 'packaging'
  | 'customer_service'
  | 'quality'
  | 'function'
  | 'size'
  | 'taste'
  | 'design'
  | 'phone'
  | 'email'
  | 'name';

const SELLER_TOPIC_LABEL: Record<ReasonLanguage, Partial<Record<FeedbackTopic, string>>> = {
  it: {
    refund: 'rimborso o reso',
    communication: 'comunicazione',
    manner: 'modi del venditore',
    charge: 'costi addebitati',
    review: 'richiesta di feedback positivo',
    listing: "descrizione dell'inserzione",
    wrong_item: 'articolo diverso da quello ordinato',
    cancel: 'ordine annullato o non disponibile',
    warranty: 'reso, garanzia o documenti',
    trust: 'affidabilità del venditore',
    shipping: 'spedizione gestita dal venditore',
    generic: 'servizio del venditore',
  },
  en: {
    refund: 'refund or return',
    communication: 'communication',
    manner: "seller's manners",
    charge: 'charges',
    review: 'request for positive feedback',
    listing: 'listing description',
    wrong_item: 'item other than the one ordered',
    cancel: 'cancelled or unavailable order',
    warranty: 'returns, warranty or documents',
    trust: "seller's reliability",
    shipping: 'shipping handled by the seller',
    generic: "seller's service",
  },
};

const PERSONAL_LABEL: Record<ReasonLanguage, Record<'phone' | 'email' | 'name', string>> = {
  it: { phone: 'numero di telefono', email: 'indirizzo email', name: 'nome e cognome' },
  en: { phone: 'phone number', email: 'email address', name: 'full name' },
};

/** Keyword labels for personal data, so the data itself is not copied into the keywords. */
export function personalKeyword(
  kind: 'phone' | 'email' | 'name',
  language: ReasonLanguage,
): string {
  return PERSONAL_LABEL[language][kind];
}

export function suggestedReason(
  reason: FeedbackReasonCode,
  topics: readonly FeedbackTopic[],
  language: ReasonLanguage,
): string {
  const it = language === 'it';
  switch (reason) {
    case 'positive':
      return it
        ? 'Feedback positivo: non si chiede la rimozione, basta ringraziare.'
        : 'Positive feedback: no removal request, a thank-you reply is enough.';
    case 'obscene':
      return it
        ? 'Linguaggio osceno o offensivo: le linee guida di Amazon consentono di chiedere la rimozione.'
        : "Obscene or abusive language: Amazon's guidelines allow a removal request.";
    case 'personal_info': {
      const kinds = topics
        .filter(
          (t): t is 'phone' | 'email' | 'name' => t === 'phone' || t === 'email' || t === 'name',
        )
        .map((t) => PERSONAL_LABEL[language][t]);
      const what = kinds.length ? ` (${kinds.join(', ')})` : '';
      return it
        ? `Il commento contiene dati personali${what}: le linee guida di Amazon consentono di chiedere la rimozione.`
        : `The comment contains personal information${what}: Amazon's guidelines allow a removal request.`;
    }
    case 'promotional':
      return it
        ? 'Contenuto promozionale (link, altri venditori o siti, codici sconto): le linee guida di Amazon consentono di chiedere la rimozione.'
        : "Promotional content (links, other sellers or sites, coupon codes): Amazon's guidelines allow a removal request.";
    case 'fba_fulfillment':
      return it
        ? 'Ordine gestito da Amazon (FBA) e commento solo su consegna, corriere, imballaggio o assistenza Amazon: ne risponde Amazon, si può chiedere la rimozione.'
        : 'Order fulfilled by Amazon (FBA) and the comment is only about delivery, courier, packaging or Amazon customer service: Amazon is responsible, a removal request is possible.';
    case 'product_review':
      return it
        ? 'Il commento parla solo del prodotto: è una recensione, non un giudizio sul venditore, si può chiedere la rimozione.'
        : 'The comment is only about the product: it is a product review, not seller feedback, so a removal request is possible.';
    case 'seller_issue': {
      if (topics.includes('empty')) {
        return it
          ? 'Valutazione negativa senza commento: non rientra nei casi di rimozione, meglio rispondere.'
          : 'Negative rating without a comment: not removable, a reply is the better step.';
      }
      const specific = topics.filter((t) => t !== 'generic');
      const labels = (specific.length ? specific : topics)
        .map((t) => SELLER_TOPIC_LABEL[language][t])
        .filter((l): l is string => Boolean(l));
      const what = [...new Set(labels.length ? labels : [SELLER_TOPIC_LABEL[language].generic])]
        .slice(0, 2)
        .join(', ');
      return it
        ? `Il commento riguarda il servizio del venditore (${what}): non rientra nei casi di rimozione, meglio rispondere.`
        : `The comment is about the seller's own service (${what}): not removable, a reply is the better step.`;
    }
  }
}

/** The removal ground a reason code stands for, in a few words. */
const GROUND_LABEL: Record<ReasonLanguage, Partial<Record<FeedbackReasonCode, string>>> = {
  it: {
    obscene: 'linguaggio offensivo',
    personal_info: 'dati personali',
    promotional: 'contenuto promozionale',
    fba_fulfillment: 'consegna gestita da Amazon',
    product_review: 'recensione del prodotto',
  },
  en: {
    obscene: 'offensive language',
    personal_info: 'personal information',
    promotional: 'promotional content',
    fba_fulfillment: 'delivery handled by Amazon',
    product_review: 'product review',
  },
};

/**
 * The reason of a row whose content is a removal ground but whose removal window (60 days from
 * the feedback date, removal-window.ts) has closed.
 */
export function tooLateReason(
  reason: FeedbackReasonCode,
  ageDays: number,
  language: ReasonLanguage,
): string {
  const ground = GROUND_LABEL[language][reason];
  if (language === 'it') {
    const what = ground ? ` per ${ground}` : '';
    return `Oltre i 60 giorni: il feedback è di ${ageDays} giorni fa, la rimozione${what} non si può più chiedere. Meglio rispondere.`;
  }
  const what = ground ? ` for ${ground}` : '';
  return `Past the 60 days: the feedback is ${ageDays} days old, removal${what} can no longer be requested. A reply is the better step.`;
}

interface ReplyText {
  greeting: string;
  close: string;
  thanks: string;
  topics: Record<
    | 'refund'
    | 'communication'
    | 'charge'
    | 'review'
    | 'listing'
    | 'wrong_item'
    | 'cancel'
    | 'warranty'
    | 'generic'
    | 'shipping'
    | 'empty'
    | 'fba'
    | 'quality'
    | 'size'
    | 'taste'
    | 'design'
    | 'product'
    | 'neutral',
    string
  >;
}

export const REPLIES: Record<ReplyLanguage, ReplyText> = {
  it: {
    greeting: 'Gentile cliente,',
    close:
      "Ci scriva dai messaggi di Amazon indicando il numero d'ordine: la aiuteremo volentieri.",
    thanks:
      'Grazie di cuore per il suo feedback, siamo felici che sia rimasto soddisfatto. A presto!',
    topics: {
      refund:
        'ci dispiace per il problema con il reso e il rimborso: ricontrolliamo subito la sua pratica.',
      communication:
        'ci scusiamo per la risposta mancata o arrivata tardi: non è il servizio che vogliamo offrire.',
      charge:
        'ci dispiace per il dubbio sugli importi addebitati: verifichiamo volentieri il suo ordine.',
      review: 'ci scusiamo per i messaggi che ha ricevuto: non era nostra intenzione disturbarla.',
      listing:
        "ci dispiace che l'articolo non corrispondesse a quanto indicato nell'inserzione: stiamo correggendo la descrizione.",
      wrong_item:
        "ci dispiace per l'errore sull'articolo ricevuto: verifichiamo subito cosa è successo.",
      cancel: "ci dispiace per l'annullamento dell'ordine e per il disagio che le ha causato.",
      warranty:
        'ci dispiace per le difficoltà con reso, garanzia o documenti: la seguiamo noi passo per passo.',
      generic: 'ci dispiace per la sua esperienza e vorremmo capire meglio cosa è successo.',
      shipping:
        'ci dispiace per i tempi e le modalità di spedizione: stiamo verificando con il corriere.',
      empty:
        "ci dispiace che l'acquisto non l'abbia soddisfatta e vorremmo capire come migliorare.",
      fba: "ci dispiace per il disagio con la consegna. L'ordine è stato spedito da Amazon, che gestisce corriere, imballaggio e assistenza sulla consegna; se l'articolo ha qualche problema, siamo a disposizione.",
      quality:
        'ci dispiace che la qualità o il funzionamento del prodotto non siano stati all’altezza: vorremmo capire meglio il problema.',
      size: 'ci dispiace che la taglia o le misure non fossero quelle giuste: le diamo volentieri indicazioni per il reso o il cambio secondo le regole di Amazon.',
      taste:
        'ci dispiace che il gusto o il profumo non l’abbiano convinta: terremo conto della sua osservazione.',
      design:
        'ci dispiace che il design del prodotto non sia risultato pratico: terremo conto della sua osservazione.',
      product:
        'ci dispiace che il prodotto non abbia soddisfatto le sue aspettative: vorremmo capire meglio il problema.',
      neutral: "ci dispiace per l'esperienza che descrive.",
    },
  },
  en: {
    greeting: 'Dear customer,',
    close:
      'Please write to us through Amazon messages with your order number and we will gladly help.',
    thanks: 'Thank you so much for your feedback, we are glad you are happy with your order!',
    topics: {
      refund:
        'we are sorry about the trouble with your return and refund: we are reviewing your case right away.',
      communication:
        'we apologise for the missing or late reply: that is not the service we want to give.',
      charge:
        'we are sorry about the confusion over the amounts charged: we will gladly check your order.',
      review: 'we apologise for the messages you received: we never meant to bother you.',
      listing:
        'we are sorry the item did not match the listing: we are correcting the description.',
      wrong_item:
        'we are sorry about the mix-up with the item you received: we are checking what happened.',
      cancel: 'we are sorry about the cancelled order and the inconvenience it caused you.',
      warranty:
        'we are sorry about the difficulties with the return, warranty or documents: we will guide you step by step.',
      generic: 'we are sorry about your experience and would like to understand what went wrong.',
      shipping:
        'we are sorry about the shipping time and method: we are looking into it with the carrier.',
      empty:
        'we are sorry your purchase did not meet your expectations and would like to know how we can improve.',
      fba: 'we are sorry about the delivery trouble. Your order was shipped by Amazon, which handles the courier, the packaging and delivery support; if anything is wrong with the item itself, we are here to help.',
      quality:
        'we are sorry the quality or the performance of the product fell short: we would like to understand the problem better.',
      size: 'we are sorry the size or measurements were not right: we will gladly explain how to return or exchange it under Amazon’s rules.',
      taste:
        'we are sorry the taste or scent was not to your liking: we will take your remark into account.',
      design:
        'we are sorry the design of the product was not practical for you: we will take your remark into account.',
      product:
        'we are sorry the product did not meet your expectations: we would like to understand the problem better.',
      neutral: 'we are sorry about the experience you describe.',
    },
  },
  de: {
    greeting: 'Liebe Kundin, lieber Kunde,',
    close:
      'Bitte schreiben Sie uns über die Amazon-Nachrichten mit Ihrer Bestellnummer, wir helfen Ihnen gern.',
    thanks: 'Vielen Dank für Ihr Feedback, wir freuen uns, dass Sie zufrieden sind!',
    topics: {
      refund:
        'es tut uns leid, dass es mit Rücksendung und Erstattung Probleme gab: wir prüfen Ihren Fall sofort.',
      communication:
        'wir entschuldigen uns für die fehlende oder späte Antwort: so möchten wir nicht arbeiten.',
      charge:
        'es tut uns leid, dass die berechneten Beträge Fragen aufwerfen: wir prüfen Ihre Bestellung gern.',
      review:
        'wir entschuldigen uns für die Nachrichten, die Sie erhalten haben: wir wollten Sie nicht belästigen.',
      listing:
        'es tut uns leid, dass der Artikel nicht dem Angebot entsprach: wir korrigieren die Beschreibung.',
      wrong_item:
        'es tut uns leid, dass Sie einen anderen Artikel erhalten haben: wir prüfen, was passiert ist.',
      cancel:
        'es tut uns leid, dass die Bestellung storniert wurde, und für die Unannehmlichkeiten.',
      warranty:
        'es tut uns leid, dass es mit Rücksendung, Garantie oder Unterlagen Schwierigkeiten gab: wir begleiten Sie Schritt für Schritt.',
      generic:
        'es tut uns leid, dass Sie diese Erfahrung gemacht haben, und wir möchten verstehen, was schiefgelaufen ist.',
      shipping:
        'es tut uns leid, dass Versanddauer und Versandart nicht gepasst haben: wir klären das mit dem Versanddienst.',
      empty:
        'es tut uns leid, dass Ihr Kauf Sie nicht überzeugt hat, und wir möchten wissen, was wir besser machen können.',
      fba: 'es tut uns leid, dass es bei der Zustellung Probleme gab. Ihre Bestellung wurde von Amazon versendet, das Zustellung, Verpackung und Versandservice übernimmt; wenn mit dem Artikel selbst etwas nicht stimmt, helfen wir gern.',
      quality:
        'es tut uns leid, dass Qualität oder Funktion des Produkts nicht überzeugt haben: wir möchten das Problem besser verstehen.',
      size: 'es tut uns leid, dass Größe oder Maße nicht gepasst haben: wir erklären Ihnen gern Rücksendung oder Umtausch nach den Regeln von Amazon.',
      taste:
        'es tut uns leid, dass Geschmack oder Duft Sie nicht überzeugt haben: wir nehmen Ihren Hinweis auf.',
      design:
        'es tut uns leid, dass das Design des Produkts für Sie nicht praktisch war: wir nehmen Ihren Hinweis auf.',
      product:
        'es tut uns leid, dass das Produkt Ihre Erwartungen nicht erfüllt hat: wir möchten das Problem besser verstehen.',
      neutral: 'es tut uns leid, dass Sie diese Erfahrung gemacht haben.',
    },
  },
  fr: {
    greeting: 'Chère cliente, cher client,',
    close:
      'Écrivez-nous via la messagerie Amazon avec votre numéro de commande, nous vous aiderons volontiers.',
    thanks: 'Merci beaucoup pour votre avis, nous sommes ravis que vous soyez satisfait !',
    topics: {
      refund:
        'nous sommes désolés pour le problème de retour et de remboursement : nous examinons votre dossier tout de suite.',
      communication:
        'nous nous excusons pour la réponse absente ou tardive : ce n’est pas le service que nous voulons offrir.',
      charge:
        'nous sommes désolés pour la confusion sur les montants facturés : nous vérifions volontiers votre commande.',
      review:
        'nous nous excusons pour les messages que vous avez reçus : nous ne voulions pas vous déranger.',
      listing:
        'nous sommes désolés que l’article ne corresponde pas à l’annonce : nous corrigeons la description.',
      wrong_item:
        'nous sommes désolés pour l’erreur sur l’article reçu : nous vérifions ce qui s’est passé.',
      cancel: 'nous sommes désolés pour l’annulation de la commande et le désagrément causé.',
      warranty:
        'nous sommes désolés pour les difficultés de retour, de garantie ou de documents : nous vous accompagnons pas à pas.',
      generic:
        'nous sommes désolés pour votre expérience et souhaitons comprendre ce qui s’est passé.',
      shipping:
        'nous sommes désolés pour le délai et le mode d’expédition : nous vérifions avec le transporteur.',
      empty:
        'nous sommes désolés que votre achat ne vous ait pas satisfait et aimerions savoir comment nous améliorer.',
      fba: 'nous sommes désolés pour le problème de livraison. Votre commande a été expédiée par Amazon, qui gère le transporteur, l’emballage et le service de livraison ; si l’article lui-même pose problème, nous sommes à votre disposition.',
      quality:
        'nous sommes désolés que la qualité ou le fonctionnement du produit ne soient pas à la hauteur : nous aimerions mieux comprendre le problème.',
      size: 'nous sommes désolés que la taille ou les dimensions ne conviennent pas : nous vous expliquons volontiers le retour ou l’échange selon les règles d’Amazon.',
      taste:
        'nous sommes désolés que le goût ou le parfum ne vous ait pas plu : nous tiendrons compte de votre remarque.',
      design:
        'nous sommes désolés que la conception du produit ne soit pas pratique pour vous : nous tiendrons compte de votre remarque.',
      product:
        'nous sommes désolés que le produit n’ait pas répondu à vos attentes : nous aimerions mieux comprendre le problème.',
      neutral: 'nous sommes désolés pour l’expérience que vous décrivez.',
    },
  },
  es: {
    greeting: 'Estimado cliente:',
    close:
      'Escríbanos a través de los mensajes de Amazon con su número de pedido y le ayudaremos con gusto.',
    thanks: '¡Muchas gracias por su opinión, nos alegra que esté satisfecho!',
    topics: {
      refund:
        'sentimos el problema con la devolución y el reembolso: revisamos su caso de inmediato.',
      communication:
        'le pedimos disculpas por la respuesta que no llegó o llegó tarde: no es el servicio que queremos ofrecer.',
      charge: 'sentimos la confusión con los importes cobrados: revisamos su pedido con gusto.',
      review:
        'le pedimos disculpas por los mensajes que recibió: no era nuestra intención molestarle.',
      listing:
        'sentimos que el artículo no correspondiera al anuncio: estamos corrigiendo la descripción.',
      wrong_item: 'sentimos el error con el artículo recibido: estamos comprobando qué ocurrió.',
      cancel: 'sentimos la cancelación del pedido y las molestias que le ha causado.',
      warranty:
        'sentimos las dificultades con la devolución, la garantía o los documentos: le acompañamos paso a paso.',
      generic: 'sentimos su experiencia y queremos entender mejor qué ha pasado.',
      shipping: 'sentimos el plazo y la forma de envío: lo estamos revisando con el transportista.',
      empty: 'sentimos que su compra no le haya satisfecho y queremos saber cómo mejorar.',
      fba: 'sentimos el problema con la entrega. Su pedido lo envió Amazon, que gestiona el transportista, el embalaje y la atención sobre la entrega; si el artículo en sí tiene algún problema, estamos a su disposición.',
      quality:
        'sentimos que la calidad o el funcionamiento del producto no hayan estado a la altura: queremos entender mejor el problema.',
      size: 'sentimos que la talla o las medidas no fueran las adecuadas: le explicamos con gusto cómo devolverlo o cambiarlo según las normas de Amazon.',
      taste:
        'sentimos que el sabor o el olor no le hayan convencido: tendremos en cuenta su comentario.',
      design:
        'sentimos que el diseño del producto no le haya resultado práctico: tendremos en cuenta su comentario.',
      product:
        'sentimos que el producto no haya cumplido sus expectativas: queremos entender mejor el problema.',
      neutral: 'sentimos la experiencia que describe.',
    },
  },
};

type ReplyTopic = keyof ReplyText['topics'];

function replyTopic(reason: FeedbackReasonCode, topics: readonly FeedbackTopic[]): ReplyTopic {
  const first = topics[0];
  switch (reason) {
    case 'seller_issue':
      if (topics.includes('empty')) return 'empty';
      if (first === 'trust' || first === undefined) return 'generic';
      if (first === 'manner') return 'communication';
      if (
        first === 'refund' ||
        first === 'communication' ||
        first === 'charge' ||
        first === 'review' ||
        first === 'listing' ||
        first === 'wrong_item' ||
        first === 'cancel' ||
        first === 'warranty' ||
        first === 'shipping'
      )
        return first;
      return 'generic';
    case 'fba_fulfillment':
      return 'fba';
    case 'product_review':
      if (first === 'function' || first === 'quality') return 'quality';
      if (first === 'size' || first === 'taste' || first === 'design') return first;
      return 'product';
    default:
      return 'neutral';
  }
}

export function suggestedReply(
  reason: FeedbackReasonCode,
  topics: readonly FeedbackTopic[],
  language: ReplyLanguage,
): string {
  const text = REPLIES[language];
  if (reason === 'positive') return text.thanks;
  const sentence = text.topics[replyTopic(reason, topics)];
  return `${text.greeting} ${sentence} ${text.close}`;
}
