/**
 * Seller feedback as the product stores and shows it (spec 3, seller_feedback), and the
 * import use case that turns a parsed export into those rows. Pure: the parser, the
 * classifier and the store are passed in.
 */
import type { FeedbackClassification, FeedbackParseResult, FeedbackRow, FeedbackRowError } from '.';
import { demoFeedbackIn, type DemoFeedback } from '../demo-data';
import { DomainError } from '../errors';
import type { Language } from '../language';
import {
  classifyFeedback,
  FEEDBACK_REASON_CODES,
  REMOVABLE_REASONS,
  type FeedbackReasonCode,
} from './classify';
import { personalKeyword, suggestedReason, tooLateReason, type FeedbackTopic } from './messages';
import { feedbackRemoval, type FeedbackRemoval } from './removal-window';

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
  /** The sub-topics behind the reason (absent on rows stored before they were kept). */
  reason_topics?: string[] | null;
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
  today?: string,
): SellerFeedback[] {
  const shift = today ? demoDateShift(samples, today) : 0;
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
    .map((original) => {
      const sample = demoFeedbackIn(original, language);
      const date = shiftDay(sample.date, shift);
      const code = sample.is_offensive
        ? 'obscene'
        : sample.is_product_review && sample.rating <= 3
          ? 'product_review'
          : null;
      return {
        id: sample.id,
        user_id: userId,
        comment_date: date,
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
        imported_at: date,
      };
    })
    .sort((a, b) => b.comment_date.localeCompare(a.comment_date));
}

/** Days in the demo's newest sample's age: the samples keep their spacing, the newest this old. */
const DEMO_NEWEST_AGE_DAYS = 3;

function shiftDay(isoDay: string, days: number): string {
  if (days === 0) return isoDay;
  const at = Date.parse(`${isoDay}T00:00:00Z`);
  return Number.isNaN(at) ? isoDay : new Date(at + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo's samples are dated relative to today (the newest a few days old), so the demo always
 * shows removable feedback inside its 60-day window rather than aging past it.
 */
function demoDateShift(samples: readonly DemoFeedback[], today: string): number {
  const newest = samples.reduce((max, s) => (s.date > max ? s.date : max), '');
  const from = Date.parse(`${newest}T00:00:00Z`);
  const to = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.round((to - from) / 86_400_000) - DEMO_NEWEST_AGE_DAYS;
}

function isReasonCode(value: string | null): value is FeedbackReasonCode {
  return value !== null && (FEEDBACK_REASON_CODES as readonly string[]).includes(value);
}

/** Whether a stored row's content is a removal ground (its reason code, else its stored flag). */
export function removalGroundOf(row: Pick<SellerFeedback, 'reason_code' | 'removable'>): boolean {
  return isReasonCode(row.reason_code) ? REMOVABLE_REASONS.has(row.reason_code) : row.removable;
}

/** Whether a stored row can be asked to be removed today: a removal ground inside the window. */
export function sellerFeedbackRemoval(
  row: Pick<SellerFeedback, 'reason_code' | 'removable' | 'comment_date'>,
  today: string,
): FeedbackRemoval {
  return feedbackRemoval(
    { comment_date: row.comment_date, groundAllows: removalGroundOf(row) },
    today,
  );
}

function dayMonthYear(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDay;
}

/** A removal request asked for a row that is not removable today (its window or its content). */
export class FeedbackRemovalRefused extends DomainError {
  readonly kind = 'unprocessable';
  readonly messageKey;
  constructor(removal: FeedbackRemoval, commentDate: string) {
    super(`Feedback not removable: ${removal.status}`, {
      details: { reason: removal.status, last_day: removal.last_day },
      messageValues: {
        date: dayMonthYear(commentDate),
        days: removal.age_days,
        lastDay: dayMonthYear(removal.last_day),
      },
    });
    this.messageKey =
      removal.status === 'too_late'
        ? ('feedbackRemovalTooLate' as const)
        : ('feedbackNotRemovable' as const);
  }
}

/**
 * The removal request of a row is drafted only when the row is removable today, whatever the
 * browser sends: past the 60 days, or for content that is no removal ground, it is refused.
 */
export function assertRemovableToday(
  row: Pick<SellerFeedback, 'reason_code' | 'removable' | 'comment_date'>,
  today: string,
): void {
  const removal = sellerFeedbackRemoval(row, today);
  if (!removal.removable) throw new FeedbackRemovalRefused(removal, row.comment_date);
}

/** A stored row as the list shows it today, in the caller's language. */
export interface SellerFeedbackView extends SellerFeedback {
  removal: Pick<FeedbackRemoval, 'status' | 'last_day' | 'age_days' | 'days_left'>;
}

/**
 * A stored row as the list shows it on `today` in `language`: removable only inside the 60-day
 * window (removal-window.ts), and its reason (and the labels standing for personal data) written
 * in the page's language from the reason code, whatever language the import ran in.
 */
export function presentSellerFeedback(
  row: SellerFeedback,
  language: Language,
  today: string,
  options: { ownReason?: boolean } = {},
): SellerFeedbackView {
  const removal = sellerFeedbackRemoval(row, today);
  const window = {
    status: removal.status,
    last_day: removal.last_day,
    age_days: removal.age_days,
    days_left: removal.days_left,
  };
  const code = row.reason_code;
  // The demo's rows carry their own reason, written in the caller's language already.
  if (!isReasonCode(code) || (options.ownReason && removal.status !== 'too_late')) {
    return {
      ...row,
      removable: removal.removable,
      suggested_action: removal.removable ? 'request_removal' : 'reply',
      removal: window,
    };
  }
  const topics = (row.reason_topics ?? topicsFromComment(row, code, language)) as FeedbackTopic[];
  const keywords =
    code === 'personal_info'
      ? topics
          .filter((t): t is 'phone' | 'email' | 'name' => ['phone', 'email', 'name'].includes(t))
          .map((t) => personalKeyword(t, language))
      : row.keywords;
  return {
    ...row,
    keywords: keywords.length ? keywords : row.keywords,
    removable: removal.removable,
    suggested_action: removal.removable ? 'request_removal' : 'reply',
    suggested_reason:
      removal.status === 'too_late'
        ? tooLateReason(code, removal.age_days, language)
        : suggestedReason(code, topics, language),
    removal: window,
  };
}

/** A row stored without its topics: the classifier reads the comment again (same verdict). */
function topicsFromComment(
  row: SellerFeedback,
  code: FeedbackReasonCode,
  language: Language,
): FeedbackTopic[] {
  const verdict = classifyFeedback(row, { language });
  return verdict.reason_code === code ? verdict.reason_topics : [];
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
    reason_topics: verdict.reason_topics,
    suggested_reason: verdict.suggested_reason,
    suggested_reply: verdict.suggested_reply,
    removable: verdict.removable,
    marketplace: at.marketplace,
    imported_at: at.now,
  };
}
