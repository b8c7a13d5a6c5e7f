import './support/sync-env';
import {
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TTL_ATTRIBUTE } from '../../lambdas/adapters/dynamo/keys';
import { claimSendSlot } from '../../lambdas/adapters/dynamo/last-sends';
import { claimSupportAllowance } from '../../lambdas/adapters/dynamo/support-messages';
import { normalizeEmail } from '../../lambdas/domain/email-address';
import {
  DAILY_SENDS_PER_ADDRESS,
  DELETION_REQUESTS_PER_HOUR,
  hourWindow,
  MAIL_KINDS,
  type MailKind,
  SUPPORT_REQUESTS_PER_HOUR,
} from '../../lambdas/domain/account/rate-limit';
import { dayWindow } from '../../lambdas/domain/quotas';
import {
  cognito,
  type LimitedAnswer,
  mailsTo,
  mintCaptcha,
  refusalOf,
  signUp,
  postKeepingRetryAfter,
  secondsToMidnight,
  registerConfirmedUser,
  stack,
  table,
  uniqueEmail,
  waitForMail,
} from './support/accounts';
import { clearOfHourEnd, clearOfMidnight } from './support/windows';

/**
 * Issue 19, mail that keeps flowing: besides one email a minute, each address gets at most a few
 * emails of a kind a day (magic links, password resets, confirmation resends, support and
 * data-deletion requests), answered alike whether or not the address has an account; and
 * data-deletion requests have an allowance of their own beside the support form's.
 *
 * Earlier sends of the day are stored as the limiter keeps them (the last send over a minute
 * ago, the day's count), so the test never waits a minute between two emails and runs at any
 * hour, a few minutes after midnight too; the limiter's own counting is tested below.
 */

jest.setTimeout(60_000);

const MINUTE = 60_000;

/**
 * `count` sends of `kind` to `email` earlier today, the last over a minute ago, as the limiter
 * records them. Claiming them a minute apart would need `count` minutes of today behind the test,
 * which a run just after midnight does not have.
 */
async function sentEarlierToday(kind: MailKind, email: string, count: number) {
  const now = Date.now();
  const { day, forgetAt } = dayWindow(now);
  await table.send(
    new PutCommand({
      TableName: stack.dynamodb.table,
      Item: {
        ...keys.lastSend(kind, normalizeEmail(email)),
        lastSentAt: now - (MINUTE + 1000),
        sent_day: day,
        day_count: count,
        [TTL_ATTRIBUTE]: forgetAt,
      },
    }),
  );
}

function post(route: string, body: unknown, language?: string): Promise<LimitedAnswer> {
  return postKeepingRetryAfter(route, { body, language });
}

const DAILY_IT =
  'Per oggi questo indirizzo ha già ricevuto il numero massimo di email di questo tipo. Riprova domani.';
const DAILY_EN =
  'This address has already received the most emails of this kind allowed for today. Please try again tomorrow.';

function expectDailyCap(answer: LimitedAnswer, message: string) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ ok: false, error: 'daily_limit', message });
  expect(Math.abs(answer.retryAfter! - secondsToMidnight())).toBeLessThanOrEqual(5);
}

/** An answer as a caller compares it: its request id and the seconds left to midnight set aside. */
function withoutClock(answer: LimitedAnswer) {
  const body = answer.body as { details?: Record<string, unknown> };
  const { retry_after_seconds: _left, ...details } = body.details ?? {};
  return { ...body, correlation_id: undefined, details };
}

describe('per-address daily caps on account emails', () => {
  // Today's sends and the refused request fall on one UTC day.
  beforeEach(() => clearOfMidnight(20_000));

  test('magic links: the 10th of the day is still sent', async () => {
    const user = await registerConfirmedUser();
    await sentEarlierToday('magic-link', user.email, DAILY_SENDS_PER_ADDRESS['magic-link'] - 1);

    const last = await post('/api/magic-link', { email: user.email });

    expect(last).toMatchObject({ status: 200, body: { ok: true } });
    // The sign-up confirmation, then the link.
    expect((await waitForMail(user.email, 2)).subject).toMatch(/link di accesso/i);
  });

  test('magic links: the 11th is refused in the caller’s language, nothing is mailed, and an address without an account gets the very same answer', async () => {
    const account = await registerConfirmedUser();
    const nobody = uniqueEmail('nobody');
    const cap = DAILY_SENDS_PER_ADDRESS['magic-link'];
    await sentEarlierToday('magic-link', account.email, cap);
    await sentEarlierToday('magic-link', nobody, cap);

    const forAccount = await post('/api/magic-link', { email: account.email });
    const inEnglish = await post('/api/magic-link', { email: account.email }, 'en');
    const forNobody = await post('/api/magic-link', { email: nobody });

    expectDailyCap(forAccount, DAILY_IT);
    expectDailyCap(inEnglish, DAILY_EN);
    expect(forNobody.status).toBe(forAccount.status);
    expect(withoutClock(forNobody)).toEqual(withoutClock(forAccount));
    // The time left to midnight is the one part that may differ, by the second the calls straddle.
    expect(Math.abs(forNobody.retryAfter! - forAccount.retryAfter!)).toBeLessThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 300));
    // Only the sign-up confirmation: no link went out.
    expect(await mailsTo(account.email)).toHaveLength(1);
  });

  test('password resets: after 5 today the next is refused, for an account and for an unknown address alike', async () => {
    const user = await registerConfirmedUser();
    const nobody = uniqueEmail('nobody-reset');
    await sentEarlierToday('password-reset', user.email, DAILY_SENDS_PER_ADDRESS['password-reset']);
    await sentEarlierToday('password-reset', nobody, DAILY_SENDS_PER_ADDRESS['password-reset']);

    const refused = await post('/api/send-new-password', { email: user.email });
    const unknown = await post('/api/send-new-password', { email: nobody }, 'en');

    expectDailyCap(refused, DAILY_IT);
    expectDailyCap(unknown, DAILY_EN);
    await new Promise((r) => setTimeout(r, 300));
    // Only the sign-up confirmation: no reset email went out.
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  test('confirmation resends: after 5 today the next is refused and nothing is sent', async () => {
    const email = uniqueEmail('resend-cap');
    await sentEarlierToday('confirmation', email, DAILY_SENDS_PER_ADDRESS.confirmation);

    const refused = await post('/api/send-bilingual-confirmation', { email });

    expectDailyCap(refused, DAILY_IT);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('the user pool’s own public API keeps to the same daily caps', () => {
  // The day's codes and the refused one fall on one UTC day.
  beforeEach(() => clearOfMidnight(20_000));

  test('direct password-reset calls: 5 codes a day, then the user pool refuses and nothing more is sent; our API then answers as for any address', async () => {
    const user = await registerConfirmedUser();
    const forgot = () =>
      cognito.send(
        new ForgotPasswordCommand({ ClientId: stack.cognito.clientId, Username: user.email }),
      );
    for (let i = 0; i < DAILY_SENDS_PER_ADDRESS['password-reset']; i += 1) await forgot();

    const refused = await refusalOf(forgot());
    const throughApi = await post('/api/send-new-password', { email: user.email });

    expect(refused).toMatch(/UserLambdaValidationException: .*DAILY_EMAIL_CAP/);
    expect(throughApi).toMatchObject({ status: 200, body: { ok: true } });
    await waitForMail(user.email, 1 + DAILY_SENDS_PER_ADDRESS['password-reset']);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(user.email)).toHaveLength(1 + DAILY_SENDS_PER_ADDRESS['password-reset']);
  });

  test('direct confirmation resends: 5 a day, then nothing more is sent', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp({ email, captcha: mintCaptcha() });
    await waitForMail(email, 1);
    const resend = () =>
      cognito.send(
        new ResendConfirmationCodeCommand({ ClientId: stack.cognito.clientId, Username: email }),
      );
    for (let i = 0; i < DAILY_SENDS_PER_ADDRESS.confirmation; i += 1) await resend();

    const refused = await refusalOf(resend());

    expect(refused).toMatch(/UserLambdaValidationException: .*DAILY_EMAIL_CAP/);
    await waitForMail(email, 1 + DAILY_SENDS_PER_ADDRESS.confirmation);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(email)).toHaveLength(1 + DAILY_SENDS_PER_ADDRESS.confirmation);
  });
});

describe('a day’s cap comes back the next UTC day, and the minute rule still holds', () => {
  test.each([...MAIL_KINDS])('%s', async (kind) => {
    const email = uniqueEmail(`cap-${kind}`);
    const cap = DAILY_SENDS_PER_ADDRESS[kind];
    const midnight = Date.UTC(2001, 4, 6);
    // The day's sends in its last minutes, two minutes apart.
    for (let i = cap; i >= 1; i -= 1) {
      expect(await claimSendSlot(kind, email, midnight - i * 2 * MINUTE - MINUTE)).toEqual({
        allowed: true,
      });
    }

    const lastSecond = await claimSendSlot(kind, email, midnight - 1000);
    // The refused request was not a send: the last one, 3 minutes back, does not block.
    const firstOfNextDay = await claimSendSlot(kind, email, midnight + 10_000);
    const tooSoon = await claimSendSlot(kind, email, midnight + 40_000);
    const secondOfNextDay = await claimSendSlot(kind, email, midnight + 71_000);

    expect(lastSecond).toEqual({ allowed: false, reason: 'daily', retryAfterSeconds: 1 });
    expect(firstOfNextDay).toEqual({ allowed: true });
    expect(tooSoon).toEqual({ allowed: false, reason: 'cooldown', retryAfterSeconds: 30 });
    expect(secondOfNextDay).toEqual({ allowed: true });
  });

  test('racing requests for one address: exactly one is sent', async () => {
    const email = uniqueEmail('race');
    const now = Date.UTC(2001, 4, 7, 9);
    const slots = await Promise.all(
      Array.from({ length: 8 }, () => claimSendSlot('magic-link', email, now)),
    );
    expect(slots.filter((s) => s.allowed)).toHaveLength(1);
  });
});

describe('data-deletion requests have their own allowance', () => {
  test('with the support form’s hour spent, a data-deletion request is still accepted and stored', async () => {
    const email = uniqueEmail('deletion');
    // The hour spent here is the hour the requests below are counted in.
    await clearOfHourEnd(10_000);
    const { hour } = hourWindow(Date.now());
    const supportHour = keys.supportHour(hour, 'support');
    const before = await table.send(
      new GetCommand({ TableName: stack.dynamodb.table, Key: supportHour }),
    );
    try {
      // Everyone's support messages of this hour have used the allowance up.
      await table.send(
        new UpdateCommand({
          TableName: stack.dynamodb.table,
          Key: supportHour,
          UpdateExpression: 'SET #count = :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':limit': SUPPORT_REQUESTS_PER_HOUR },
        }),
      );
      const support = await post('/api/send-support-request', {
        name: 'Giulia Rossi',
        email: uniqueEmail('support-flood'),
        subject: 'Aiuto',
        message: 'Non riesco ad accedere',
      });
      const deletion = await post('/api/send-support-request', {
        name: 'Giulia Rossi',
        email,
        subject: 'Richiesta cancellazione dati',
        description: 'Cancellate tutti i miei dati',
        kind: 'deletion',
      });

      expect(support.status).toBe(429);
      expect(deletion.status).toBe(200);
      const stored = await table.send(
        new GetCommand({
          TableName: stack.dynamodb.table,
          Key: keys.supportMessage(deletion.body.id as string),
        }),
      );
      expect(stored.Item).toMatchObject({ email, kind: 'deletion', resolved: false });
    } finally {
      // Give the hour back as it was, for whatever else runs on this stack now.
      await table.send(
        before.Item
          ? new UpdateCommand({
              TableName: stack.dynamodb.table,
              Key: supportHour,
              UpdateExpression: 'SET #count = :count',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':count': before.Item.count as number },
            })
          : new DeleteCommand({ TableName: stack.dynamodb.table, Key: supportHour }),
      );
    }
  });

  test('the two hourly allowances are counted apart, each to its own limit', async () => {
    const hour = Date.UTC(2001, 5, 8, 7) + 1234;
    const support = await Promise.all(
      Array.from({ length: SUPPORT_REQUESTS_PER_HOUR + 5 }, () => claimSupportAllowance(hour)),
    );
    const deletion = await Promise.all(
      Array.from({ length: DELETION_REQUESTS_PER_HOUR + 5 }, () =>
        claimSupportAllowance(hour, 'deletion'),
      ),
    );
    expect(support.filter(Boolean)).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    expect(deletion.filter(Boolean)).toHaveLength(DELETION_REQUESTS_PER_HOUR);
  });

  test('a support message and a data-deletion request from one address within a minute are both accepted', async () => {
    const email = uniqueEmail('both');
    const support = await post('/api/send-support-request', {
      name: 'Giulia Rossi',
      email,
      subject: 'Domanda',
      message: 'Come funziona?',
    });
    const deletion = await post('/api/send-support-request', {
      name: 'Giulia Rossi',
      email,
      subject: 'Richiesta cancellazione dati',
      kind: 'deletion',
    });
    const deletionAgain = await post('/api/send-support-request', {
      name: 'Giulia Rossi',
      email,
      subject: 'Richiesta cancellazione dati',
      kind: 'deletion',
    });
    expect(support.status).toBe(200);
    expect(deletion.status).toBe(200);
    expect(deletionAgain.status).toBe(429);
  });
});
