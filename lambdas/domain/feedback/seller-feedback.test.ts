import { DEMO_FEEDBACK } from '../demo-data';
import type { FeedbackClassification, FeedbackRow } from '.';
import {
  demoSellerFeedback,
  importFeedback,
  matchesFeedbackFilter,
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
