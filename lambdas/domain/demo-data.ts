/**
 * The sample data of demo mode (spec 3): three closed shipments with units missing and five
 * buyer feedback items. Pure data, no SDK imports, so the web app's visitor demo and the
 * signed-in demo sync read the same samples.
 */

export interface DemoShipmentItem {
  sku: string;
  asin: string;
  title: string;
  expected: number;
  received: number;
  discrepancy: number;
}

export interface DemoShipment {
  shipment_id: string;
  shipment_name: string;
  /** The seller's own reference and the fulfilment centre, as a synced shipment has them. */
  reference_id: string;
  fc_code: string;
  created_at: string;
  status: 'CLOSED';
  units_expected: number;
  units_found: number;
  discrepancy: number;
  items: DemoShipmentItem[];
}

export interface DemoFeedback {
  id: string;
  order_id: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  date: string;
  keywords: string[];
  suggested_reply: string;
  is_offensive: boolean;
  is_product_review: boolean;
}

/** Bump when the samples change, so browsers drop stale copies. */
export const DEMO_STORAGE_KEYS = {
  shipments: 'rimborsifba.demo.shipments.v2',
  feedback: 'rimborsifba.demo.feedback.v1',
} as const;

export const DEMO_SYNC_DELAY_MS = 1500;

/** The ids of spec 7.3 that the demo reset deletes. */
export const DEMO_SHIPMENT_IDS = ['DEMO001', 'DEMO002', 'DEMO003'] as const;

function item(
  sku: string,
  asin: string,
  title: string,
  expected: number,
  received: number,
): DemoShipmentItem {
  return { sku, asin, title, expected, received, discrepancy: expected - received };
}

function shipment(
  id: string,
  name: string,
  place: { reference: string; fc: string },
  createdAt: string,
  items: DemoShipmentItem[],
): DemoShipment {
  const expected = items.reduce((sum, entry) => sum + entry.expected, 0);
  const found = items.reduce((sum, entry) => sum + entry.received, 0);
  return {
    shipment_id: id,
    shipment_name: name,
    reference_id: place.reference,
    fc_code: place.fc,
    created_at: createdAt,
    status: 'CLOSED',
    units_expected: expected,
    units_found: found,
    discrepancy: expected - found,
    items,
  };
}

export const DEMO_SHIPMENTS: readonly DemoShipment[] = [
  shipment(
    'DEMO001',
    'FBA Milano MXP5 – settembre',
    { reference: 'REF-DEMO-0901', fc: 'MXP5' },
    '2026-09-08T09:30:00.000Z',
    [
      item('TAZ-CER-350', 'B0DEMO0001', 'Tazza in ceramica 350 ml', 48, 47),
      item('SOTT-SUGH-6', 'B0DEMO0002', 'Set 6 sottobicchieri in sughero', 60, 59),
    ],
  ),
  shipment(
    'DEMO002',
    'FBA Piacenza MXP3 – ottobre',
    { reference: 'REF-DEMO-1002', fc: 'MXP3' },
    '2026-10-02T14:10:00.000Z',
    [
      item('BORR-INOX-750', 'B0DEMO0003', 'Borraccia termica inox 750 ml', 120, 117),
      item('LUNCH-BOX-2', 'B0DEMO0004', 'Portapranzo a due scomparti', 40, 38),
    ],
  ),
  shipment(
    'DEMO003',
    'FBA Torrazza TRN1 – ottobre',
    { reference: 'REF-DEMO-1021', fc: 'TRN1' },
    '2026-10-21T08:45:00.000Z',
    [item('TAGL-BAMB-L', 'B0DEMO0005', 'Tagliere in bambù grande', 30, 26)],
  ),
];

/**
 * What Amazon pays per unit in the demo's simulated reimbursements (EUR, sample values: the demo
 * holds no invoice), so a demo case reimbursed adds money to the demo dashboard.
 */
export const DEMO_REIMBURSEMENT_PER_UNIT: Readonly<Record<string, number>> = {
  'TAZ-CER-350': 6.9,
  'SOTT-SUGH-6': 8.5,
  'BORR-INOX-750': 14.9,
  'LUNCH-BOX-2': 11.5,
  'TAGL-BAMB-L': 18.9,
};

/** The simulated reimbursement of a demo sample in full: its missing units and their money. */
export function demoReimbursement(
  shipmentId: string,
): { units: number; amount: number; currency: 'EUR' } | undefined {
  const sample = DEMO_SHIPMENTS.find((s) => s.shipment_id === shipmentId);
  if (!sample) return undefined;
  let cents = 0;
  for (const entry of sample.items) {
    cents += entry.discrepancy * Math.round((DEMO_REIMBURSEMENT_PER_UNIT[entry.sku] ?? 0) * 100);
  }
  return { units: sample.discrepancy, amount: cents / 100, currency: 'EUR' };
}

export const DEMO_FEEDBACK: readonly DemoFeedback[] = [
  {
    id: 'demo-fb-1',
    order_id: '402-1111111-1111111',
    rating: 1,
    comment: 'Pacco arrivato con tre giorni di ritardo e scatola rovinata.',
    date: '2026-10-28',
    keywords: ['ritardo', 'imballaggio'],
    suggested_reply:
      'Ci dispiace per il ritardo: la consegna è gestita da Amazon. Se il prodotto è danneggiato scrivici e lo sostituiamo.',
    is_offensive: false,
    is_product_review: false,
  },
  {
    id: 'demo-fb-2',
    order_id: '402-2222222-2222222',
    rating: 5,
    comment: 'Borraccia perfetta, tiene il freddo tutto il giorno.',
    date: '2026-10-30',
    keywords: ['qualità'],
    suggested_reply: 'Grazie mille per il feedback!',
    is_offensive: false,
    is_product_review: true,
  },
  {
    id: 'demo-fb-3',
    order_id: '402-3333333-3333333',
    rating: 2,
    comment: 'Il tagliere ha una crepa sul bordo.',
    date: '2026-11-02',
    keywords: ['difetto'],
    suggested_reply:
      'Ci scusiamo per il difetto: contattaci dalla pagina dell’ordine e ti inviamo un tagliere nuovo.',
    is_offensive: false,
    is_product_review: true,
  },
  {
    id: 'demo-fb-4',
    order_id: '402-4444444-4444444',
    rating: 4,
    comment: 'Buon venditore, spedizione veloce.',
    date: '2026-11-05',
    keywords: ['spedizione'],
    suggested_reply: 'Grazie per aver scelto il nostro negozio!',
    is_offensive: false,
    is_product_review: false,
  },
  {
    id: 'demo-fb-5',
    order_id: '402-5555555-5555555',
    rating: 1,
    comment: 'Venditore di ***, siete dei truffatori ***.',
    date: '2026-11-07',
    keywords: ['linguaggio offensivo'],
    suggested_reply:
      'Questo feedback contiene linguaggio offensivo: puoi chiederne la rimozione ad Amazon.',
    is_offensive: true,
    is_product_review: false,
  },
];

/** The demo feedback's words on an English page (the same five samples, written in English). */
const DEMO_FEEDBACK_EN: Readonly<
  Record<string, Pick<DemoFeedback, 'comment' | 'keywords' | 'suggested_reply'>>
> = {
  'demo-fb-1': {
    comment: 'Parcel arrived three days late and the box was damaged.',
    keywords: ['delay', 'packaging'],
    suggested_reply:
      'We are sorry about the delay: delivery is handled by Amazon. If the product is damaged, write to us and we will replace it.',
  },
  'demo-fb-2': {
    comment: 'Perfect bottle, keeps drinks cold all day.',
    keywords: ['quality'],
    suggested_reply: 'Thank you very much for your feedback!',
  },
  'demo-fb-3': {
    comment: 'The chopping board has a crack on the edge.',
    keywords: ['defect'],
    suggested_reply:
      'We apologise for the defect: contact us from the order page and we will send you a new chopping board.',
  },
  'demo-fb-4': {
    comment: 'Good seller, fast shipping.',
    keywords: ['shipping'],
    suggested_reply: 'Thank you for choosing our shop!',
  },
  'demo-fb-5': {
    comment: 'Seller of ***, you are *** crooks.',
    keywords: ['offensive language'],
    suggested_reply: 'This feedback contains offensive language: you can ask Amazon to remove it.',
  },
};

/** A demo feedback sample in the page's language (Italian as written, English from the table). */
export function demoFeedbackIn(sample: DemoFeedback, language: 'it' | 'en'): DemoFeedback {
  const english = language === 'en' ? DEMO_FEEDBACK_EN[sample.id] : undefined;
  return english ? { ...sample, ...english, keywords: [...english.keywords] } : sample;
}
