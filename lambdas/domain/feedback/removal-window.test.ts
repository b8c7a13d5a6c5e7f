import { classifyFeedback } from './classify';
import {
  FEEDBACK_REMOVAL_WINDOW_DAYS,
  feedbackRemoval,
  feedbackRemovalWindow,
  feedbackToday,
  oldestRemovableDate,
} from './removal-window';

const TODAY = '2026-11-29';
/** A courier complaint on an order fulfilled by Amazon: a removal ground. */
const COURIER = {
  comment: 'Il corriere ha lasciato il pacco sotto la pioggia, consegna in ritardo',
  rating: 1,
  is_fba: true,
};

describe('the 60-day removal window', () => {
  it('is the one the feedback page states', () => {
    expect(FEEDBACK_REMOVAL_WINDOW_DAYS).toBe(60);
  });

  it('a feedback 122 days old is past it', () => {
    // 2026-07-30 is 122 days before 2026-11-29.
    expect(feedbackRemovalWindow('2026-07-30', TODAY)).toEqual({
      last_day: '2026-09-28',
      age_days: 122,
      days_left: 0,
      open: false,
    });
  });

  it('the 60th day after the feedback is the last one, the 61st is too late', () => {
    expect(feedbackRemovalWindow('2026-09-30', TODAY)).toMatchObject({
      age_days: 60,
      days_left: 0,
      open: true,
      last_day: TODAY,
    });
    expect(feedbackRemovalWindow('2026-09-29', TODAY)).toMatchObject({
      age_days: 61,
      open: false,
    });
    expect(feedbackRemovalWindow(TODAY, TODAY)).toMatchObject({ age_days: 0, days_left: 60 });
    // Across a month and a year end.
    expect(feedbackRemovalWindow('2026-11-15', '2027-01-14')).toMatchObject({ open: true });
    expect(feedbackRemovalWindow('2026-11-15', '2027-01-15')).toMatchObject({ open: false });
  });

  it('a date from the future (another time zone) counts as today; an unreadable one closes it', () => {
    expect(feedbackRemovalWindow('2026-11-30', TODAY)).toMatchObject({ age_days: 0, open: true });
    expect(feedbackRemovalWindow('not a date', TODAY).open).toBe(false);
  });

  it('the "only removable" filter starts at the oldest date still inside', () => {
    expect(oldestRemovableDate(TODAY)).toBe('2026-09-30');
  });

  it('today is the Italian calendar day', () => {
    expect(feedbackToday(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(feedbackToday(new Date('2026-11-29T10:00:00Z'))).toBe(TODAY);
  });

  it('removable needs both a removal ground and the window open', () => {
    const row = (comment_date: string, groundAllows: boolean) =>
      feedbackRemoval({ comment_date, groundAllows }, TODAY);
    expect(row('2026-09-30', true)).toMatchObject({ status: 'removable', removable: true });
    expect(row('2026-07-30', true)).toMatchObject({ status: 'too_late', removable: false });
    expect(row('2026-11-20', false)).toMatchObject({ status: 'not_removable', removable: false });
  });
});

describe('the classifier applies the window when it knows the date and today', () => {
  it('a removal ground 122 days old becomes a reply, its reason says why in the UI language', () => {
    const it = classifyFeedback({ ...COURIER, comment_date: '2026-07-30' }, { today: TODAY });
    expect(it).toMatchObject({
      reason_code: 'fba_fulfillment',
      removable: false,
      suggested_action: 'reply',
      removal: { status: 'too_late', age_days: 122 },
    });
    expect(it.suggested_reason).toBe(
      'Oltre i 60 giorni: il feedback è di 122 giorni fa, la rimozione per consegna gestita da Amazon non si può più chiedere. Meglio rispondere.',
    );
    const en = classifyFeedback(
      { ...COURIER, comment_date: '2026-07-30' },
      { today: TODAY, language: 'en' },
    );
    expect(en.suggested_reason).toBe(
      'Past the 60 days: the feedback is 122 days old, removal for delivery handled by Amazon can no longer be requested. A reply is the better step.',
    );
    expect(en.suggested_reply).toBe(it.suggested_reply);
  });

  it('on the last day it is still removable; without today only the content is judged', () => {
    expect(
      classifyFeedback({ ...COURIER, comment_date: '2026-09-30' }, { today: TODAY }),
    ).toMatchObject({ removable: true, suggested_action: 'request_removal' });
    expect(
      classifyFeedback({ ...COURIER, comment_date: '2026-09-29' }, { today: TODAY }),
    ).toMatchObject({ removable: false, removal: { status: 'too_late', age_days: 61 } });
    expect(classifyFeedback({ ...COURIER, comment_date: '2026-07-30' })).toMatchObject({
      removable: true,
    });
  });
});
