import './support/sync-env';
import { takeDailyQuota } from '../../lambdas/adapters/dynamo/quotas';
import type { Clock } from '../../lambdas/domain/clock';
import { DAILY_QUOTAS, type QuotaKind } from '../../lambdas/domain/quotas';
import { requireDailyQuota } from '../../lambdas/wiring/quota-guard';
import {
  api,
  type LimitedAnswer,
  postKeepingRetryAfter,
  secondsToMidnight,
} from './support/accounts';
import {
  invoicePdf,
  REAL_SHIPMENT,
  realSeller,
  seller,
  uploadDocument,
  type Seller,
} from './support/proof';
import { clearOfMidnight } from './support/windows';

/**
 * Issue 19, per-seller daily allowances on the heavy routes, through the local API gateway: the
 * last use of the day still passes, the next is a 429 that says why in the seller's language
 * with a Retry-After until the next UTC day, and the next day starts again. Earlier uses of the
 * day are counted in-process by the same guard the handlers call, so a test does not make a
 * hundred uploads to reach the limit.
 */

jest.setTimeout(180_000);

/** A clock stopped at one instant: the guard's notion of "today" without waiting for midnight. */
const at = (now: number): Pick<Clock, 'now'> => ({ now: () => now });

/** Uses all but `leave` of the seller's allowance of today, as earlier requests would have. */
async function spend(userId: string, kind: QuotaKind, leave = 0) {
  for (let i = 0; i < DAILY_QUOTAS[kind] - leave; i += 1) {
    await requireDailyQuota(userId, kind, 'it');
  }
}

/** A seller's POST to a route of theirs. */
function call(
  route: string,
  token: string,
  options: { body?: unknown; form?: FormData; language?: string } = {},
): Promise<LimitedAnswer> {
  return postKeepingRetryAfter(route, { token, ...options });
}

function expectSpent(answer: LimitedAnswer, message: string | RegExp) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ ok: false, error: 'daily_limit' });
  expect(String(answer.body.message)).toMatch(message);
  expect(answer.retryAfter).toBeGreaterThan(0);
  expect(Math.abs(answer.retryAfter! - secondsToMidnight())).toBeLessThanOrEqual(5);
}

const uploadBody = {
  shipmentId: 'DEMO001',
  role: 'rivenditore',
  docType: 'fattura',
  fileName: 'fattura.pdf',
  size: 1000,
};

/** What the feedback page asks for before it uploads an export (the import's first step). */
const feedbackUpload = { fileName: 'feedback.tsv', size: 120, marketplace: 'all' };

describe('daily allowances per seller', () => {
  let s: Seller;
  beforeAll(async () => {
    s = await seller();
  });
  // The uses spent in-process and the refused request fall on one UTC day.
  beforeEach(() => clearOfMidnight(30_000));

  test('document uploads: the 100th upload URL of the day is given, the 101st is refused in the seller’s language', async () => {
    await spend(s.userId, 'upload', 1);

    const last = await call('/api/documents/upload-url', s.token, { body: uploadBody });
    const refused = await call('/api/documents/upload-url', s.token, { body: uploadBody });
    const inEnglish = await call('/api/documents/upload-url', s.token, {
      body: uploadBody,
      language: 'en',
    });

    expect(last.status).toBe(200);
    expectSpent(refused, 'Hai già caricato 100 documenti oggi, il massimo giornaliero.');
    expectSpent(inEnglish, 'You have already uploaded 100 documents today, the daily maximum.');
    // The refusal counts nothing: the documents the seller has are what they had.
    expect(refused.body.uploadUrl).toBeUndefined();
  });

  test('feedback imports: the 21st file of the day is refused and nothing of it is stored', async () => {
    await spend(s.userId, 'feedback-import', 1);

    const path = '/api/feedback-import/upload-url';
    const last = await call(path, s.token, { body: feedbackUpload });
    const refused = await call(path, s.token, { body: feedbackUpload });
    const inEnglish = await call(path, s.token, { body: feedbackUpload, language: 'en' });

    expect(last.status).toBe(200);
    expect(last.body.import).toBeDefined();
    // The refused one has no import to upload into and no upload URL.
    expect(refused.body.import).toBeUndefined();
    expectSpent(refused, 'Hai già importato 20 file di feedback oggi');
    expectSpent(inEnglish, 'You have already imported 20 feedback files today');
  });

  test('report requests: Sync now and feedback-schedule share one allowance of 20 a day', async () => {
    // A seller with neither plan nor connection: each request is counted, then refused for that.
    await spend(s.userId, 'report-request', 2);

    const sync = await call('/api/sync-fba', s.token);
    const feedback = await call('/api/feedback-schedule', s.token);
    const refusedSync = await call('/api/sync-fba', s.token);
    const refusedFeedback = await call('/api/feedback-schedule', s.token, { language: 'en' });

    // Both need an active plan (402), and both spent one of the day's requests doing so.
    expect(sync.status).toBe(402);
    expect(feedback.status).toBe(402);
    expectSpent(refusedSync, /Hai già chiesto 20 aggiornamenti ad Amazon oggi/);
    expectSpent(refusedFeedback, /You have already asked Amazon for 20 updates today/);
  });

  test('another seller’s allowance is their own', async () => {
    const other = await seller();
    const answer = await call('/api/documents/upload-url', other.token, { body: uploadBody });
    expect(answer.status).toBe(200);
  });
});

describe('a spent allowance comes back the next UTC day', () => {
  test.each(Object.keys(DAILY_QUOTAS) as QuotaKind[])('%s', async (kind) => {
    const userId = `quota-${kind}-${Date.now()}`;
    const limit = DAILY_QUOTAS[kind];
    // A day of its own, one second before midnight, then the first second of the next day.
    const lastSecond = Date.UTC(2001, 2, 3) - 1000;
    const nextDay = lastSecond + 1000;
    for (let i = 0; i < limit; i += 1) {
      await requireDailyQuota(userId, kind, 'it', at(lastSecond));
    }
    const refusal = await requireDailyQuota(userId, kind, 'en', at(lastSecond)).then(
      () => undefined,
      (error: Error & { statusCode: number; details: Record<string, unknown> }) => error,
    );
    expect(refusal?.statusCode).toBe(429);
    expect(refusal?.details).toMatchObject({ quota: kind, limit, retry_after_seconds: 1 });

    await expect(requireDailyQuota(userId, kind, 'it', at(nextDay))).resolves.toBeUndefined();
  });

  test('racing requests cannot share out more than the allowance', async () => {
    const userId = `quota-race-${Date.now()}`;
    const now = Date.UTC(2001, 3, 4, 10);
    const granted = await Promise.all(
      Array.from({ length: 30 }, () => takeDailyQuota(userId, 'report-request', now, 20)),
    );
    expect(granted.filter(Boolean)).toHaveLength(20);
  });
});

describe('one upload, one document', () => {
  test('an upload URL confirmed again with other bytes gives no second document', async () => {
    const s = await seller();
    const files = await Promise.all(
      ['FATTURA N. 2025/118 del 02/09/2025', 'FATTURA N. 2025/119 del 02/09/2025'].map((label) =>
        invoicePdf(label),
      ),
    );
    // Two different files of one size (the presigned PUT signs the size): padded after %%EOF.
    const size = Math.max(...files.map((f) => f.length));
    const [first, second] = files.map((f) =>
      Buffer.concat([Buffer.from(f), Buffer.alloc(size - f.length, 0x0a)]),
    ) as [Buffer, Buffer];
    const body = { ...uploadBody, size: first.length };
    const url = await postKeepingRetryAfter('/api/documents/upload-url', { token: s.token, body });
    expect(url.status).toBe(200);
    const confirmBody = {
      shipmentId: body.shipmentId,
      role: body.role,
      docType: body.docType,
      path: url.body.path,
    };
    const outcomes: number[] = [];
    for (const bytes of [first, second, first]) {
      const put = await fetch(url.body.uploadUrl as string, {
        method: 'PUT',
        headers: url.body.headers as Record<string, string>,
        body: Buffer.from(bytes),
      });
      expect(put.ok).toBe(true);
      outcomes.push(
        (
          await postKeepingRetryAfter('/api/documents/confirm', {
            token: s.token,
            body: confirmBody,
          })
        ).status,
      );
    }
    expect(outcomes[0]).toBe(200);
    expect(outcomes.slice(1).every((status) => status >= 400 && status < 500)).toBe(true);
    const listed = await api('GET', `/api/documents?shipmentId=${body.shipmentId}`, {
      token: s.token,
    });
    expect((listed.body.documents as unknown[]).length).toBe(1);
  });
});

describe('plan orders', () => {
  test('each order is made at PayPal: the 11th of the day is refused in the seller’s language, and no order is made', async () => {
    const s = await seller();
    await clearOfMidnight(30_000);
    await spend(s.userId, 'payment-order', 1);

    const last = await call('/api/payment-order', s.token, { body: { country: 'IT' } });
    const refused = await call('/api/payment-order', s.token, { body: { country: 'IT' } });
    const inEnglish = await call('/api/payment-order', s.token, {
      body: { country: 'IT' },
      language: 'en',
    });

    expect(last.status).toBe(201);
    expectSpent(refused, 'Hai già avviato 10 pagamenti del piano oggi');
    expectSpent(inEnglish, 'You have already started 10 plan payments today');
    expect(refused.body.details).toMatchObject({ quota: 'payment-order', limit: 10 });
    expect(refused.body.id).toBeUndefined();
    // Only the order that was allowed is recorded for the seller.
    const pending = await api('GET', '/api/payment-order', { token: s.token });
    expect(pending.body).toEqual({ unclaimed: 1, billing: null });
  });
});

describe('dispute submissions', () => {
  test('the 21st dispute of the day is a 429 with Retry-After, in the seller’s language', async () => {
    const s = await realSeller();
    await uploadDocument(s.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    await clearOfMidnight(30_000);
    await spend(s.userId, 'submit');

    const refused = await call('/api/submit-reimbursement', s.token, {
      body: { shipmentId: REAL_SHIPMENT },
    });
    const inEnglish = await call('/api/submit-reimbursement', s.token, {
      body: { shipmentId: REAL_SHIPMENT },
      language: 'en',
    });

    expectSpent(refused, 'Hai già inviato 20 richieste ad Amazon oggi.');
    expectSpent(inEnglish, 'You have already sent 20 requests to Amazon today.');
  });
});
