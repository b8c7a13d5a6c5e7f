/**
 * Held-out feedback comments written for the classifier's tests, not taken from the fixtures:
 * new wording in the five languages, typos, missing accents, ALL CAPS, masked profanity, mixed
 * languages and mixed product/seller comments. Labels follow the fixtures' README rules.
 */
import type { FeedbackReasonCode } from './classify';

export interface LabelledComment {
  comment: string;
  rating: number;
  is_fba: boolean | null;
  reason: FeedbackReasonCode;
}

export const HELD_OUT: readonly LabelledComment[] = [
  // positive
  {
    comment: 'Tutto perfetto, spedizione velocissima',
    rating: 5,
    is_fba: true,
    reason: 'positive',
  },
  {
    comment: 'Works as expected, the battery could last longer',
    rating: 4,
    is_fba: false,
    reason: 'positive',
  },
  { comment: 'Sehr zufrieden, gerne wieder', rating: 5, is_fba: null, reason: 'positive' },
  { comment: 'Produit conforme, vendeur sérieux', rating: 4, is_fba: false, reason: 'positive' },
  { comment: 'Todo correcto, lo recomiendo', rating: 5, is_fba: true, reason: 'positive' },
  // empty
  { comment: '', rating: 2, is_fba: true, reason: 'seller_issue' },
  { comment: '   ', rating: 1, is_fba: null, reason: 'seller_issue' },
  // obscene
  {
    comment: 'che m***a di servizio, mai visto niente del genere',
    rating: 1,
    is_fba: false,
    reason: 'obscene',
  },
  { comment: 'sto c4zz0 di caricatore non carica', rating: 1, is_fba: true, reason: 'obscene' },
  { comment: 'WHAT THE F*CK, box was empty', rating: 1, is_fba: true, reason: 'obscene' },
  { comment: 'This is sh1t, total waste', rating: 1, is_fba: false, reason: 'obscene' },
  { comment: 'Was für ein Scheiss Laden', rating: 1, is_fba: false, reason: 'obscene' },
  { comment: 'Quelle merde ce chargeur', rating: 1, is_fba: true, reason: 'obscene' },
  { comment: 'Una mierda de producto, no lo compréis', rating: 1, is_fba: true, reason: 'obscene' },
  { comment: 'venditore stronzo, non risponde mai', rating: 1, is_fba: false, reason: 'obscene' },
  // personal info
  {
    comment: 'chiamatemi al 347 123 4567 perché nessuno risponde',
    rating: 1,
    is_fba: false,
    reason: 'personal_info',
  },
  {
    comment: 'Write to me at mark.jones@outlook.com, nobody answers here',
    rating: 2,
    is_fba: false,
    reason: 'personal_info',
  },
  {
    comment: 'Il pacco è stato consegnato a Giulia Ferrari, che non conosco',
    rating: 1,
    is_fba: true,
    reason: 'personal_info',
  },
  {
    comment: 'Rufen Sie mich unter 0151 2345 6789 an',
    rating: 1,
    is_fba: true,
    reason: 'personal_info',
  },
  {
    comment: 'El repartidor Juan García me gritó en la puerta',
    rating: 1,
    is_fba: true,
    reason: 'personal_info',
  },
  // promotional
  {
    comment: 'Same thing is half price on www.gadgetdeals.com',
    rating: 2,
    is_fba: true,
    reason: 'promotional',
  },
  {
    comment: 'Comprate su prezzibassi.it che costa meno',
    rating: 1,
    is_fba: false,
    reason: 'promotional',
  },
  {
    comment: 'Suivez ma chaîne YouTube pour des tests honnêtes',
    rating: 2,
    is_fba: true,
    reason: 'promotional',
  },
  {
    comment: 'Mit dem Code SPAR20 bei technikwelt.de billiger',
    rating: 1,
    is_fba: false,
    reason: 'promotional',
  },
  // seller issue
  {
    comment: 'il venditore non risponde ai messaggi da una settimana',
    rating: 1,
    is_fba: true,
    reason: 'seller_issue',
  },
  {
    comment: 'Vendditore scorretto: mi ha rimandato indietro il reso senza motivo',
    rating: 1,
    is_fba: true,
    reason: 'seller_issue',
  },
  {
    comment: 'Good product but the seller charged me twice and ignores my emails',
    rating: 2,
    is_fba: true,
    reason: 'seller_issue',
  },
  {
    comment: 'Seller asked me to change my review for a partial refund. Not ok.',
    rating: 1,
    is_fba: true,
    reason: 'seller_issue',
  },
  {
    comment: 'Der Händler antwortet nicht und die Rücksendung wurde abgelehnt',
    rating: 1,
    is_fba: true,
    reason: 'seller_issue',
  },
  {
    comment: "Le vendeur refuse le remboursement alors que l'article était défectueux",
    rating: 1,
    is_fba: true,
    reason: 'seller_issue',
  },
  {
    comment: 'El vendedor nunca contestó a mis mensajes',
    rating: 1,
    is_fba: false,
    reason: 'seller_issue',
  },
  {
    comment: 'Spedito dopo 12 giorni dal venditore, pessimo',
    rating: 2,
    is_fba: false,
    reason: 'seller_issue',
  },
  {
    comment: 'Parcel took 3 weeks, courier lost it once',
    rating: 2,
    is_fba: false,
    reason: 'seller_issue',
  },
  { comment: 'Consegna in ritardo di 5 giorni', rating: 2, is_fba: null, reason: 'seller_issue' },
  {
    comment: 'mi hanno mandato il colore sbagliato e non rispondono',
    rating: 1,
    is_fba: true,
    reason: 'seller_issue',
  },
  // fba fulfilment
  {
    comment: 'pacco arrivato tutto ammaccato e in ritardo di 4 giorni',
    rating: 1,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'Corriere maleducato, ha lanciato il pacco oltre il cancello',
    rating: 1,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'Package was left in the rain outside my door, soaked',
    rating: 2,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'Delivery was 5 days late and tracking said delivered',
    rating: 1,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'Paket kam beschädigt an, Karton völlig zerdrückt',
    rating: 2,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'Livraison en retard de trois jours, le livreur ne sonne jamais',
    rating: 1,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'El paquete llegó con una semana de retraso',
    rating: 2,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  {
    comment: 'consegna prevista lunedi, arrivato giovedi. amazon non sa dirmi nulla',
    rating: 2,
    is_fba: true,
    reason: 'fba_fulfillment',
  },
  // product review
  {
    comment: 'Si è rotto dopo una settimana di utilizzo',
    rating: 1,
    is_fba: false,
    reason: 'product_review',
  },
  {
    comment: 'la taglia è piccolissima, prendete due taglie in più',
    rating: 2,
    is_fba: true,
    reason: 'product_review',
  },
  {
    comment: 'Battery dies after an hour, really dissapointing',
    rating: 2,
    is_fba: false,
    reason: 'product_review',
  },
  {
    comment: 'Nothing against the seller, but these headphones sound awful',
    rating: 2,
    is_fba: false,
    reason: 'product_review',
  },
  {
    comment: 'Das Material fühlt sich billig an und riecht komisch',
    rating: 2,
    is_fba: true,
    reason: 'product_review',
  },
  {
    comment: 'La qualité est médiocre, les coutures lâchent déjà',
    rating: 2,
    is_fba: false,
    reason: 'product_review',
  },
  {
    comment: 'La batería no dura nada y se calienta mucho',
    rating: 1,
    is_fba: true,
    reason: 'product_review',
  },
  { comment: 'PRODOTTO SCADENTE, NON FUNZIONA', rating: 1, is_fba: true, reason: 'product_review' },
  {
    comment: 'Venditore gentilissimo ma la crema ha un odore terribile',
    rating: 2,
    is_fba: false,
    reason: 'product_review',
  },
  {
    comment: 'Quality is poor, the zip broke on day two. Seller not to blame.',
    rating: 2,
    is_fba: null,
    reason: 'product_review',
  },
];
