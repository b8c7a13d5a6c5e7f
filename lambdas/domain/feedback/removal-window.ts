/**
 * The removal window of buyer feedback (spec 9: "buyers have 90 days to leave it and 60 days to
 * remove it"; the feedback page says the same). A removal request can be asked for up to the
 * 60th day after the feedback's date: a feedback of 1 October is removable through 30 November
 * and no longer on 1 December. Days are calendar days in Italian time (the product's home
 * marketplace), counted from the feedback date of the export.
 *
 * A row is removable only when both hold: its content is a ground Amazon removes feedback for
 * (the classifier's reason) and the window is still open. The classifier, the list and the
 * removal-request draft all ask this module, so they never disagree.
 *
 * Pure: the caller passes today.
 */

export const FEEDBACK_REMOVAL_WINDOW_DAYS = 60;

const DAY_MS = 86_400_000;

/** Why a row is, or is not, removable today. */
export type FeedbackRemovalStatus = 'removable' | 'too_late' | 'not_removable';

export interface FeedbackRemovalWindow {
  /** The last day a removal request can be asked for (yyyy-mm-dd). */
  last_day: string;
  /** Whole days since the feedback date (0 on the day itself; never below 0). */
  age_days: number;
  /** Days still left after today (0 on the last day); 0 once the window is closed. */
  days_left: number;
  /** Today is on or before `last_day`. */
  open: boolean;
}

export interface FeedbackRemoval extends FeedbackRemovalWindow {
  status: FeedbackRemovalStatus;
  removable: boolean;
}

function dayNumber(isoDay: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : Math.floor(ms / DAY_MS);
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar day (yyyy-mm-dd) in Italian time. */
export function feedbackToday(now: Date = new Date()): string {
  // en-CA writes yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The window of a feedback dated `commentDate`, seen on `today`. A date that cannot be read
 * gives a closed window: no request is offered on a date we do not hold.
 */
export function feedbackRemovalWindow(commentDate: string, today: string): FeedbackRemovalWindow {
  const from = dayNumber(commentDate);
  const now = dayNumber(today);
  if (from === undefined || now === undefined) {
    return { last_day: commentDate, age_days: 0, days_left: 0, open: false };
  }
  const last = from + FEEDBACK_REMOVAL_WINDOW_DAYS;
  const open = now <= last;
  return {
    last_day: isoOf(last),
    age_days: Math.max(0, now - from),
    days_left: open ? Math.min(FEEDBACK_REMOVAL_WINDOW_DAYS, last - now) : 0,
    open,
  };
}

/** The oldest feedback date still inside the window on `today` (for the "only removable" filter). */
export function oldestRemovableDate(today: string): string {
  const now = dayNumber(today);
  if (now === undefined) throw new Error(`Not a day: ${today}`);
  return isoOf(now - FEEDBACK_REMOVAL_WINDOW_DAYS);
}

/**
 * Whether a row is removable today: `groundAllows` says whether its content is a removal ground
 * (the classifier's verdict), the window whether it is not too late.
 */
export function feedbackRemoval(
  row: { comment_date: string; groundAllows: boolean },
  today: string,
): FeedbackRemoval {
  const window = feedbackRemovalWindow(row.comment_date, today);
  const status: FeedbackRemovalStatus = !row.groundAllows
    ? 'not_removable'
    : window.open
      ? 'removable'
      : 'too_late';
  return { ...window, status, removable: status === 'removable' };
}
