/**
 * Seller feedback as the product stores and shows it (spec 3, seller_feedback), and the
 * import use case that turns a parsed export into those rows. Pure: the parser, the
 * classifier and the store are passed in.
 */
import type { FeedbackClassification, FeedbackParseResult, FeedbackRow, FeedbackRowError } from '.';
import type { DemoFeedback } from '../demo-data';
import type { Language } from '../language';

/** A stored feedback row; `marketplace` is a feedback marketplace domain (or null). */
export interface SellerFeedback {
  id: string;
  user_id: string;
  /** yyyy-mm-dd */
  comment_date: string;
  order_id: string;
  asin: string | null;
  rating: number;
  comment: string;
  response: string | null;
  /** null when the export has no fulfilment column. */
  is_fba: boolean | null;
  keywords: string[];
  suggested_action: string;
  reason_code: string | null;
  suggested_reason: string;
  suggested_reply: string;
  removable: boolean;
  marketplace: string | null;
  imported_at: string;
}

export type RowError = Pick<FeedbackRowError, 'line' | 'error'>;

export interface FeedbackImportPorts {
  /** Parses the whole export; throws the parser's fatal error for a file it refuses. */
  parse(text: string): FeedbackParseResult;
  classify(row: FeedbackRow): FeedbackClassification;
  /** Writes the rows (upsert per user and order); resolves when every row is stored. */
  save(rows: SellerFeedback[]): Promise<void>;
  /** A stable id for a user and order, so a re-import keeps the row's id. */
  idFor(userId: string, orderId: string): string;
}

export interface FeedbackImportResult {
  inserted: number;
  errors: RowError[];
}

/**
 * Parses, classifies and stores a feedback export for one user. A file the parser refuses
 * throws before anything is written; rows it cannot read come back as errors while the good
 * ones are stored. The same order twice in one file keeps the later row.
 */
export async function importFeedback(
  input: { userId: string; marketplace: string; text: string; now: string },
  ports: FeedbackImportPorts,
): Promise<FeedbackImportResult> {
  const { rows, errors } = ports.parse(input.text);
  const byOrder = new Map<string, SellerFeedback>();
  for (const row of rows) {
    const verdict = ports.classify(row);
    byOrder.set(
      row.order_id,
      storedFeedback(row, verdict, {
        id: ports.idFor(input.userId, row.order_id),
        userId: input.userId,
        marketplace: input.marketplace,
        now: input.now,
      }),
    );
  }
  const stored = [...byOrder.values()];
  if (stored.length > 0) await ports.save(stored);
  return { inserted: stored.length, errors: errors.map(({ line, error }) => ({ line, error })) };
}

/** Spec 7.2: a marketplace filter matches its own rows and rows with no marketplace. */
export function matchesFeedbackFilter(
  row: Pick<SellerFeedback, 'marketplace' | 'removable'>,
  filter: { marketplace?: string | undefined; removableOnly?: boolean | undefined },
): boolean {
  if (filter.marketplace && row.marketplace && row.marketplace !== filter.marketplace) return false;
  if (filter.removableOnly && !row.removable) return false;
  return true;
}

/**
 * The five demo feedback items (spec 3, feedback in the demo) as table rows, for a signed-in
 * user in demo mode who has imported nothing yet. They carry no marketplace, so every filter
 * shows them; offensive comments and product reviews below 4 stars are removable.
 */
export function demoSellerFeedback(
  userId: string,
  samples: readonly DemoFeedback[],
  language: Language,
): SellerFeedback[] {
  const reasons = {
    obscene: {
      it: 'Linguaggio offensivo: viola le linee guida sui feedback',
      en: 'Offensive language: breaks the feedback guidelines',
    },
    product_review: {
      it: 'Recensione del prodotto, non del venditore',
      en: 'A product review, not about the seller',
    },
    reply: {
      it: 'Rispondi al cliente in modo cortese',
      en: 'Reply to the buyer politely',
    },
  } as const;
  return samples
    .map((sample) => {
      const code = sample.is_offensive
        ? 'obscene'
        : sample.is_product_review && sample.rating <= 3
          ? 'product_review'
          : null;
      return {
        id: sample.id,
        user_id: userId,
        comment_date: sample.date,
        order_id: sample.order_id,
        asin: null,
        rating: sample.rating,
        comment: sample.comment,
        response: null,
        is_fba: null,
        keywords: [...sample.keywords],
        suggested_action: code ? 'request_removal' : 'reply',
        reason_code: code ?? (sample.rating >= 4 ? 'positive' : 'seller_issue'),
        suggested_reason: reasons[code ?? 'reply'][language],
        suggested_reply: sample.suggested_reply,
        removable: code !== null,
        marketplace: null,
        imported_at: sample.date,
      };
    })
    .sort((a, b) => b.comment_date.localeCompare(a.comment_date));
}

/** The stored record of one parsed and classified feedback row (both import paths). */
export function storedFeedback(
  row: FeedbackRow,
  verdict: FeedbackClassification,
  at: { id: string; userId: string; marketplace: string; now: string },
): SellerFeedback {
  return {
    id: at.id,
    user_id: at.userId,
    comment_date: row.comment_date,
    order_id: row.order_id,
    asin: null,
    rating: row.rating,
    comment: row.comment,
    response: row.response ? row.response : null,
    is_fba: row.is_fba,
    keywords: verdict.keywords,
    suggested_action: verdict.suggested_action,
    reason_code: verdict.reason_code,
    suggested_reason: verdict.suggested_reason,
    suggested_reply: verdict.suggested_reply,
    removable: verdict.removable,
    marketplace: at.marketplace,
    imported_at: at.now,
  };
}
