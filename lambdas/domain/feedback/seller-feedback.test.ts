import { DEMO_FEEDBACK } from '../demo-data';
import type { FeedbackClassification, FeedbackRow } from '.';
import {
  assertRemovableToday,
  demoSellerFeedback,
  FeedbackRemovalRefused,
  importFeedback,
  matchesFeedbackFilter,
  presentSellerFeedback,
  type SellerFeedback,
} from './seller-feedback';

function row(orderId: string, overrides: Partial<FeedbackRow> = {}): FeedbackRow {
  return {
    order_id: orderId,
    comment_date: '2026-10-01',
    rating: 1,
    comment: 'commento',
    is_fba: true,
    response: '',
    author_email: 'x@marketplace.amazon.it',
    line: 2,
    ...overrides,
  };
}

const verdict: FeedbackClassification = {
  removable: true,
  suggested_action: 'request_removal',
  reason_code: 'product_review',
  suggested_reason: 'Recensione del prodotto',
  keywords: ['qualità'],
  suggested_reply: 'Grazie',
  comment_language: 'it',
  reason_topics: ['quality'],
};

describe('importFeedback', () => {
  it('classifies every row, keeps the later of a repeated order and reports bad lines', async () => {
    const saved: SellerFeedback[][] = [];
    const result = await importFeedback(
      { userId: 'u1', marketplace: 'amazon.de', text: 'file', now: '2026-11-21T00:00:00.000Z' },
      {
        parse: () => ({
          rows: [row('A', { comment: 'old' }), row('B'), row('A', { comment: 'new', line: 4 })],
          errors: [{ line: 3, error: 'Data non valida', code: 'invalid_date' }],
        }),
        classify: () => verdict,
        save: async (rows) => {
          saved.push(rows);
        },
        idFor: (_u, orderId) => orderId,
      },
    );
    expect(result).toEqual({ inserted: 2, errors: [{ line: 3, error: 'Data non valida' }] });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.map((r) => [r.order_id, r.comment])).toEqual([
      ['A', 'new'],
      ['B', 'commento'],
    ]);
    expect(saved[0]![0]).toMatchObject({
      id: 'A',
      user_id: 'u1',
      marketplace: 'amazon.de',
      removable: true,
      reason_code: 'product_review',
      response: null,
      is_fba: true,
    });
  });

  it('writes nothing when the parser refuses the file or finds no row', async () => {
    const save = jest.fn();
    const ports = { classify: () => verdict, save, idFor: (_u: string, o: string) => o };
    await expect(
      importFeedback(
        { userId: 'u', marketplace: 'amazon.it', text: '', now: '' },
        {
          ...ports,
          parse: () => {
            throw new Error('no header');
          },
        },
      ),
    ).rejects.toThrow('no header');
    const empty = await importFeedback(
      { userId: 'u', marketplace: 'amazon.it', text: '', now: '' },
      { ...ports, parse: () => ({ rows: [], errors: [] }) },
    );
    expect(empty.inserted).toBe(0);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('matchesFeedbackFilter', () => {
  it('shows rows without a marketplace under every filter (spec 7.2)', () => {
    expect(
      matchesFeedbackFilter({ marketplace: null, removable: false }, { marketplace: 'amazon.de' }),
    ).toBe(true);
    expect(
      matchesFeedbackFilter(
        { marketplace: 'amazon.it', removable: true },
        { marketplace: 'amazon.de' },
      ),
    ).toBe(false);
    expect(
      matchesFeedbackFilter(
        { marketplace: 'amazon.it', removable: false },
        { removableOnly: true },
      ),
    ).toBe(false);
    expect(matchesFeedbackFilter({ marketplace: 'amazon.it', removable: true }, {})).toBe(true);
  });
});

describe('demoSellerFeedback', () => {
  it('turns the five demo items into rows, newest first, offensive and product reviews removable', () => {
    const rows = demoSellerFeedback('u', DEMO_FEEDBACK, 'it');
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.rating).sort()).toEqual([1, 1, 2, 4, 5]);
    expect(rows.map((r) => r.comment_date)).toEqual(
      [...rows.map((r) => r.comment_date)].sort().reverse(),
    );
    const offensive = rows.find((r) => r.id === 'demo-fb-5')!;
    expect(offensive).toMatchObject({
      removable: true,
      suggested_action: 'request_removal',
      reason_code: 'obscene',
    });
    expect(rows.find((r) => r.rating === 5)).toMatchObject({
      removable: false,
      suggested_action: 'reply',
    });
    expect(rows.every((r) => r.marketplace === null)).toBe(true);
  });
});

describe('presentSellerFeedback and the removal request', () => {
  const TODAY = '2026-11-29';
  const stored = (
    comment_date: string,
    overrides: Partial<SellerFeedback> = {},
  ): SellerFeedback => ({
    id: 'A',
    user_id: 'u',
    comment_date,
    order_id: 'A',
    asin: null,
    rating: 1,
    comment: 'Il pacco è arrivato tardi e il corriere è stato scortese',
    response: null,
    is_fba: true,
    keywords: ['pacco'],
    suggested_action: 'request_removal',
    reason_code: 'fba_fulfillment',
    reason_topics: ['courier'],
    suggested_reason: 'Ordine gestito da Amazon (FBA)…',
    suggested_reply: 'Gentile cliente,',
    removable: true,
    marketplace: 'amazon.it',
    imported_at: '2026-08-01T00:00:00.000Z',
    ...overrides,
  });

  it('a removal ground stored as removable is no longer removable 122 days on, and says why', () => {
    const row = presentSellerFeedback(stored('2026-07-30'), 'it', TODAY);
    expect(row).toMatchObject({
      removable: false,
      suggested_action: 'reply',
      removal: { status: 'too_late', age_days: 122, last_day: '2026-09-28', days_left: 0 },
    });
    expect(row.suggested_reason).toMatch(/^Oltre i 60 giorni/);
    expect(() => assertRemovableToday(stored('2026-07-30'), TODAY)).toThrow(FeedbackRemovalRefused);
  });

  it('inside the window it stays removable, its reason in the page language', () => {
    const en = presentSellerFeedback(stored('2026-09-30'), 'en', TODAY);
    expect(en).toMatchObject({
      removable: true,
      suggested_action: 'request_removal',
      removal: { status: 'removable', days_left: 0, last_day: TODAY },
    });
    expect(en.suggested_reason).toMatch(/^Order fulfilled by Amazon/);
    expect(() => assertRemovableToday(stored('2026-09-30'), TODAY)).not.toThrow();
  });

  it('labels for personal data follow the page language; a row without topics reads them again', () => {
    const personal = stored('2026-11-20', {
      comment: 'Chiamatemi al 333 1234567',
      reason_code: 'personal_info',
      reason_topics: undefined,
      keywords: ['numero di telefono'],
    });
    const en = presentSellerFeedback(personal, 'en', TODAY);
    expect(en.keywords).toEqual(['phone number']);
    expect(en.suggested_reason).toContain('(phone number)');
  });

  it('content that is no removal ground is refused whatever the date', () => {
    const complaint = stored('2026-11-20', { reason_code: 'seller_issue', removable: false });
    expect(presentSellerFeedback(complaint, 'it', TODAY).removal.status).toBe('not_removable');
    expect(() => assertRemovableToday(complaint, TODAY)).toThrow(FeedbackRemovalRefused);
  });

  it("the demo's rows are dated from today and written in the page's language", () => {
    const rows = demoSellerFeedback('u', DEMO_FEEDBACK, 'en', TODAY);
    expect(rows[0]!.comment_date).toBe('2026-11-26');
    const offensive = rows.find((r) => r.id === 'demo-fb-5')!;
    expect(offensive.suggested_reply).toBe(
      'This feedback contains offensive language: you can ask Amazon to remove it.',
    );
    expect(rows.map((r) => r.suggested_reason).join(' ')).not.toMatch(/venditore|prodotto/);
    expect(presentSellerFeedback(offensive, 'en', TODAY, { ownReason: true })).toMatchObject({
      removable: true,
      suggested_reason: 'Offensive language: breaks the feedback guidelines',
    });
  });
});
