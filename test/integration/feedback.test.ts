import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { api, stack, table } from './support/accounts';
import { generateFeedbackExport } from '../bench/feedback-import.bench';
import { uploadFeedbackExport, waitForFeedbackImport } from '../support/feedback-upload';
import { buyPlan, connect, type FeedbackRow, importFeedback, seller } from './support/proof';

/**
 * Issue 7 through the local API gateway: feedback import in the formats sellers really upload,
 * idempotent re-imports, refusals that write nothing, the removal-request draft, reply-address
 * settings, and the scheduled import of the simulator's seller-feedback report.
 */

jest.setTimeout(90_000);

const TABLE = stack.dynamodb.table;

/** A day `days` before today (Italian time), as an export writes it and as the API stores it. */
function daysAgo(days: number): { export: string; iso: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const iso = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { export: `${d}/${m}/${y}`, iso };
}

/** The rows' ages in days: the removal window (60 days) counts from today, so dates follow it. */
const AGES = [32, 40, 75, 89];

const ROWS: FeedbackRow[] = [
  {
    date: daysAgo(AGES[0]!).export,
    rating: '1',
    comment: 'Venditore maleducato, non risponde mai ai messaggi',
    order: '171-1000001-0000001',
    email: 'a1@marketplace.amazon.it',
    fba: false,
  },
  {
    date: daysAgo(AGES[1]!).export,
    rating: '2',
    comment:
      'Il corriere ha lasciato il pacco sotto la pioggia; scatola "distrutta",\nconsegna in ritardo',
    order: '171-1000002-0000002',
    email: 'a2@marketplace.amazon.it',
    fba: true,
  },
  {
    date: daysAgo(AGES[2]!).export,
    rating: '5',
    comment: 'Ottimo venditore, spedizione veloce',
    order: '171-1000003-0000003',
    email: 'a3@marketplace.amazon.it',
    fba: true,
  },
  {
    date: daysAgo(AGES[3]!).export,
    rating: '2',
    comment: 'Le tazze sono piccole e il colore è diverso dalla foto',
    order: '171-1000004-0000004',
    email: 'a4@marketplace.amazon.it',
    fba: false,
  },
];

function quote(value: string, delimiter: string): string {
  return value.includes('"') || value.includes('\n') || value.includes(delimiter)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

function file(
  rows: FeedbackRow[],
  options: { delimiter: string; headers: 'en' | 'it'; bom?: boolean; crlf?: boolean },
): string {
  const header =
    options.headers === 'en'
      ? ['Date', 'Rating', 'Comments', 'Response', 'Order ID', 'Rater Email', 'Fulfilled By']
      : [
          'Data',
          'Valutazione',
          'Commenti',
          'Risposta',
          'Numero ordine',
          'E-mail autore della valutazione',
          'Gestito da',
        ];
  const seller = options.headers === 'en' ? 'Seller' : 'Venditore';
  const lines = [header.join(options.delimiter)];
  for (const row of rows) {
    lines.push(
      [row.date, row.rating, row.comment, '', row.order, row.email, row.fba ? 'Amazon' : seller]
        .map((v) => quote(v, options.delimiter))
        .join(options.delimiter),
    );
  }
  const eol = options.crlf ? '\r\n' : '\n';
  return `${options.bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}`;
}

interface Listed {
  items: Record<string, unknown>[];
  total: number;
  demo: boolean;
}

async function list(token: string, query = ''): Promise<Listed> {
  const res = await api('GET', `/api/feedback${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as unknown as Listed;
}

/** Every feedback item stored for the user, read straight from the table. */
async function storedRows(userId: string) {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'FEEDBACK#' },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

const comparable = (items: Record<string, unknown>[]) =>
  items.map(({ user_id: _u, imported_at: _i, ...rest }) => rest);

describe('feedback import', () => {
  test('TSV with English headers, semicolon CSV with Italian headers + BOM + CRLF and comma CSV give the same rows', async () => {
    const formats = [
      { name: 'feedback.tsv', content: file(ROWS, { delimiter: '\t', headers: 'en' }) },
      {
        name: 'feedback.csv',
        content: file(ROWS, { delimiter: ';', headers: 'it', bom: true, crlf: true }),
      },
      { name: 'feedback.txt', content: file(ROWS, { delimiter: ',', headers: 'en' }) },
    ];
    const results: Record<string, unknown>[][] = [];
    for (const format of formats) {
      const user = await seller();
      const res = await importFeedback(user.token, format.content, format.name);
      expect(res).toMatchObject({ status: 200, body: { inserted: 4, errors: [] } });
      const listed = await list(user.token);
      expect(listed.demo).toBe(false);
      expect(listed.total).toBe(4);
      results.push(comparable(listed.items));
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);

    const rows = results[0]!;
    // Newest comment first, Italy when the filter is All, the quoted comment kept whole.
    expect(rows.map((r) => r.order_id)).toEqual(ROWS.map((r) => r.order));
    expect(rows.map((r) => r.comment_date)).toEqual(AGES.map((age) => daysAgo(age).iso));
    expect(rows.every((r) => r.marketplace === 'amazon.it')).toBe(true);
    expect(rows[1]).toMatchObject({ comment: ROWS[1]!.comment, is_fba: true, rating: 2 });
    expect(rows[2]).toMatchObject({ removable: false, rating: 5 });
  });

  test('a second import and ten simultaneous imports of the same file add no row', async () => {
    const user = await seller();
    const content = file(ROWS, { delimiter: '\t', headers: 'en' });
    expect((await importFeedback(user.token, content, 'a.tsv', 'amazon.de')).body.inserted).toBe(4);
    expect((await importFeedback(user.token, content, 'a.tsv', 'amazon.de')).body.inserted).toBe(4);
    expect(await storedRows(user.userId)).toHaveLength(4);

    const other = await seller();
    const all = await Promise.all(
      Array.from({ length: 10 }, () => importFeedback(other.token, content, 'a.tsv', 'amazon.fr')),
    );
    expect(all.every((r) => r.status === 200)).toBe(true);
    const stored = await storedRows(other.userId);
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((s) => s.order_id)).size).toBe(4);
    expect((await list(other.token)).total).toBe(4);
  });

  test('unreadable rows come back with their line while the good rows are imported', async () => {
    const user = await seller();
    const content =
      file(ROWS.slice(0, 2), { delimiter: '\t', headers: 'en' }) +
      'not a date\t1\tbad row\t\t\t\tSeller\n';
    const res = await importFeedback(user.token, content, 'mixed.tsv');
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(2);
    const errors = res.body.errors as { line: number; error: string }[];
    expect(errors).toHaveLength(1);
    expect(errors[0]!.line).toBe(5);
    expect(errors[0]!.error.length).toBeGreaterThan(0);
  });

  test('a file without a recognisable header ends the import as failed and writes nothing; a bad request is refused', async () => {
    const user = await seller();
    const refused = await importFeedback(user.token, 'hello\tworld\nfoo\tbar\n', 'notes.txt');
    expect(refused.status).toBe(200);
    expect(refused.body.import).toMatchObject({ status: 'failed', failure: 'no_header' });

    const noFile = await api('POST', '/api/feedback-import/upload-url', {
      token: user.token,
      body: {},
    });
    expect(noFile.status).toBe(400);
    expect(String(noFile.body.message)).toMatch(/TSV/);

    const badMarketplace = await importFeedback(
      user.token,
      file(ROWS, { delimiter: '\t', headers: 'en' }),
      'a.tsv',
      'amazon.nl',
    );
    expect(badMarketplace.status).toBe(400);
    expect(await storedRows(user.userId)).toHaveLength(0);
  });

  test('a file over 100 MB is refused with 413 before any upload; starting before the upload is refused', async () => {
    const user = await seller();
    const big = await api('POST', '/api/feedback-import/upload-url', {
      token: user.token,
      body: { fileName: 'big.tsv', size: 100 * 1024 * 1024 + 1, marketplace: 'all' },
    });
    expect(big.status).toBe(413);

    const url = await api('POST', '/api/feedback-import/upload-url', {
      token: user.token,
      body: { fileName: 'later.tsv', size: 100, marketplace: 'all' },
      language: 'en',
    });
    expect(url.status).toBe(200);
    const id = (url.body.import as { id: string }).id;
    const early = await api('POST', `/api/feedback-import/${id}/start`, {
      token: user.token,
      language: 'en',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The file was not uploaded: choose it again.');
    expect(await storedRows(user.userId)).toHaveLength(0);
  });

  test('a signed-in demo user with nothing imported sees the five demo items', async () => {
    const user = await seller();
    const listed = await list(user.token);
    expect(listed.demo).toBe(true);
    expect(listed.items.map((r) => r.rating).sort()).toEqual([1, 1, 2, 4, 5]);
    const removable = await list(user.token, '?removable=true&marketplace=amazon.de');
    expect(removable.items.every((r) => r.removable === true)).toBe(true);
    const appeal = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: 'demo-fb-5' },
    });
    expect(appeal.status).toBe(200);
    expect(appeal.body.subject).toBe(
      'Richiesta di rimozione feedback - Ordine 402-5555555-5555555',
    );
  });

  test('filters: a marketplace shows its rows and rows without one; only removable', async () => {
    const user = await seller();
    await importFeedback(
      user.token,
      file(ROWS.slice(0, 2), { delimiter: '\t', headers: 'en' }),
      'a.tsv',
      'amazon.de',
    );
    await importFeedback(
      user.token,
      file(ROWS.slice(2), { delimiter: '\t', headers: 'en' }),
      'b.tsv',
      'amazon.es',
    );
    expect((await list(user.token, '?marketplace=amazon.de')).items.map((r) => r.order_id)).toEqual(
      ROWS.slice(0, 2).map((r) => r.order),
    );
    expect((await list(user.token, '?marketplace=all')).total).toBe(4);
    const removable = await list(user.token, '?removable=true');
    expect(removable.items.every((r) => r.removable === true)).toBe(true);
    expect(removable.items.map((r) => r.order_id)).not.toContain(ROWS[2]!.order);
    const paged = await list(user.token, '?limit=3');
    expect(paged.items).toHaveLength(3);
    expect(paged.total).toBe(4);
  });

  test('the rows of one user are invisible to another', async () => {
    const owner = await seller();
    await importFeedback(owner.token, file(ROWS, { delimiter: '\t', headers: 'en' }), 'a.tsv');
    const other = await seller();
    const seen = await list(other.token);
    expect(seen.items.map((r) => r.order_id)).not.toContain(ROWS[0]!.order);
    const appeal = await api('POST', '/api/generate-feedback-appeal', {
      token: other.token,
      body: { feedbackId: ROWS[0]!.order },
    });
    expect(appeal.status).toBe(404);
  });
});

describe('removal request and reply addresses', () => {
  test('the appeal is Italian by default, English on request, and knows the reply address', async () => {
    const user = await seller();
    await importFeedback(user.token, file(ROWS, { delimiter: '\t', headers: 'en' }), 'a.tsv');
    const order = ROWS[1]!.order;
    const it = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: order },
    });
    expect(it.status).toBe(200);
    expect(it.body).toMatchObject({
      subject: `Richiesta di rimozione feedback - Ordine ${order}`,
      has_reply_email: false,
    });
    expect(String(it.body.text)).toContain('Numero ordine: 171-1000002-0000002');
    expect(String(it.body.html)).toContain('&quot;distrutta&quot;');

    const saved = await api('PUT', '/api/case-endpoints', {
      token: user.token,
      body: { marketplace: 'amazon.it', reply_email: 'seller-support@amazon.it' },
    });
    expect(saved.status).toBe(200);
    const en = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: order, language: 'en' },
    });
    expect(en.body).toMatchObject({
      subject: `Feedback removal request - Order ${order}`,
      has_reply_email: true,
    });
  });

  test('a removal ground past its 60 days is not removable: the list says why in the page language and the draft is refused', async () => {
    const user = await seller();
    // The same courier complaint on an order fulfilled by Amazon (a removal ground), at ages
    // 122 days (the reported case), 61 (the first day too late) and 60 (the last day).
    const courier = ROWS[1]!.comment;
    const aged = [60, 61, 122].map((age, i) => ({
      ...ROWS[1]!,
      date: daysAgo(age).export,
      order: `171-2000000-000000${i}`,
    }));
    const [lastDay, firstLate, old] = aged.map((r) => r.order) as [string, string, string];
    await importFeedback(user.token, file(aged, { delimiter: '\t', headers: 'en' }), 'aged.tsv');

    const byOrder = (items: Record<string, unknown>[]) =>
      new Map(items.map((item) => [item.order_id as string, item]));
    const it = byOrder((await list(user.token)).items);
    expect(it.get(lastDay)).toMatchObject({
      comment: courier,
      removable: true,
      suggested_action: 'request_removal',
      removal: { status: 'removable', age_days: 60, days_left: 0, last_day: daysAgo(0).iso },
    });
    for (const order of [firstLate, old]) {
      expect(it.get(order)).toMatchObject({
        removable: false,
        suggested_action: 'reply',
        removal: { status: 'too_late', days_left: 0 },
      });
    }
    expect(it.get(old)).toMatchObject({ removal: { age_days: 122, last_day: daysAgo(62).iso } });
    expect(String(it.get(old)!.suggested_reason)).toMatch(
      /^Oltre i 60 giorni: il feedback è di 122 giorni fa/,
    );
    // The reason follows the page's language, whatever language the import ran in.
    const enRes = await api('GET', '/api/feedback', { token: user.token, language: 'en' });
    const en = byOrder((enRes.body as unknown as Listed).items);
    expect(String(en.get(old)!.suggested_reason)).toMatch(
      /^Past the 60 days: the feedback is 122 days old/,
    );
    expect(String(en.get(lastDay)!.suggested_reason)).toMatch(/^Order fulfilled by Amazon/);

    const removable = await list(user.token, '?removable=true');
    expect(removable.items.map((r) => r.order_id)).toEqual([lastDay]);
    expect(removable.total).toBe(1);

    // The draft is refused whatever the browser sends, in the caller's language.
    const refused = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: old },
    });
    expect(refused.status).toBe(422);
    expect(String(refused.body.message)).toBe(
      `Non si può più chiedere la rimozione: il feedback è del ${daysAgo(122).export}, 122 giorni fa, e la richiesta va fatta entro 60 giorni (ultimo giorno: ${daysAgo(62).export}).`,
    );
    const refusedEn = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: firstLate, language: 'en' },
      language: 'en',
    });
    expect(refusedEn.status).toBe(422);
    expect(String(refusedEn.body.message)).toMatch(
      /^Removal can no longer be requested: the feedback is dated .*, 61 days ago/,
    );
    const allowed = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: lastDay },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.subject).toBe(`Richiesta di rimozione feedback - Ordine ${lastDay}`);
  });

  test('a removal request for feedback that is no removal ground is refused', async () => {
    const user = await seller();
    await importFeedback(user.token, file(ROWS, { delimiter: '\t', headers: 'en' }), 'a.tsv');
    const refused = await api('POST', '/api/generate-feedback-appeal', {
      token: user.token,
      body: { feedbackId: ROWS[0]!.order },
    });
    expect(refused.status).toBe(422);
    expect(String(refused.body.message)).toBe(
      'Questo feedback non rientra nei casi in cui Amazon lo rimuove: meglio rispondere al cliente.',
    );
  });

  test('reply addresses: saved per marketplace, refused outside the accepted domains, deleted when empty', async () => {
    const user = await seller();
    const initial = await api('GET', '/api/case-endpoints', { token: user.token });
    expect(initial.body).toMatchObject({ endpoints: [] });
    // The spec's eight domains and those of the other marketplaces the wizard offers.
    expect(initial.body.accepted_domains).toHaveLength(12);
    expect(initial.body.accepted_domains).toEqual(
      expect.arrayContaining(['amazon.nl', 'amazon.com.be', 'amazon.pl', 'amazon.se']),
    );

    const invalid = await api('PUT', '/api/case-endpoints', {
      token: user.token,
      body: { marketplace: 'amazon.de', reply_email: 'someone@gmail.com' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^Email non valida/);
    const malformed = await api('PUT', '/api/case-endpoints', {
      token: user.token,
      body: { marketplace: 'amazon.de', reply_email: 'not-an-email@amazon' },
    });
    expect(malformed.status).toBe(400);

    for (const [marketplace, email] of [
      ['amazon.de', 'abc@marketplace.amazon.de'],
      ['amazon.co.uk', 'team@support.amazon.com'],
    ]) {
      const res = await api('PUT', '/api/case-endpoints', {
        token: user.token,
        body: { marketplace, reply_email: email },
      });
      expect(res.status).toBe(200);
    }
    const updated = await api('PUT', '/api/case-endpoints', {
      token: user.token,
      body: { marketplace: 'amazon.de', reply_email: 'new@amazon.de' },
    });
    expect(updated.body).toMatchObject({ endpoint: { reply_email: 'new@amazon.de' } });
    let listed = (await api('GET', '/api/case-endpoints', { token: user.token })).body
      .endpoints as { marketplace: string; reply_email: string; updated_at: string }[];
    expect(listed.map((e) => [e.marketplace, e.reply_email])).toEqual([
      ['amazon.co.uk', 'team@support.amazon.com'],
      ['amazon.de', 'new@amazon.de'],
    ]);
    expect(listed[0]!.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const emptied = await api('PUT', '/api/case-endpoints', {
      token: user.token,
      body: { marketplace: 'amazon.de', reply_email: '  ' },
    });
    expect(emptied.body).toMatchObject({ deleted: true });
    const removed = await api('DELETE', '/api/case-endpoints?marketplace=amazon.co.uk', {
      token: user.token,
    });
    expect(removed.status).toBe(200);
    listed = (await api('GET', '/api/case-endpoints', { token: user.token })).body
      .endpoints as typeof listed;
    expect(listed).toEqual([]);
  });
});

describe('feedback-schedule', () => {
  test('refuses a seller without a plan (402), then without a connection (409)', async () => {
    const user = await seller();
    const noPlan = await api('POST', '/api/feedback-schedule', { token: user.token });
    expect(noPlan.status).toBe(402);
    expect(noPlan.body).toMatchObject({ details: { reason: 'no_plan' } });
    await buyPlan(user.token);
    const res = await api('POST', '/api/feedback-schedule', { token: user.token });
    expect(res.status).toBe(409);
    expect(await storedRows(user.userId)).toHaveLength(0);
  });

  test('simultaneous calls request one report between them', async () => {
    const user = await seller();
    await connect(user.token);
    await buyPlan(user.token);
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', '/api/feedback-schedule', { token: user.token })),
    );
    expect(calls.every((c) => c.status === 200 || c.status === 202)).toBe(true);
    const reportIds = new Set(
      calls.map((c) => c.body.reportId as string | undefined).filter((id) => id),
    );
    expect(reportIds.size).toBe(1);
    expect(
      calls.filter((c) => c.status === 200 && c.body.status === 'imported').length,
    ).toBeGreaterThanOrEqual(1);
  });

  test("imports the simulator's seller-feedback report like a file, and again without duplicates", async () => {
    const user = await seller();
    await connect(user.token);
    await buyPlan(user.token);
    const first = await api('POST', '/api/feedback-schedule', { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'imported', errors: [] });
    const inserted = first.body.inserted as number;
    expect(inserted).toBeGreaterThan(0);

    const listed = await list(user.token, '?marketplace=amazon.it');
    expect(listed.total).toBe(inserted);
    // The report holds one- to three-star feedback only.
    expect(listed.items.every((r) => (r.rating as number) <= 3)).toBe(true);
    expect(listed.items.every((r) => r.is_fba === null)).toBe(true);
    // Amazon serves the report in Cp1252 (and says so) under the header "Your Response": the
    // accented comments and replies arrive as the buyers and the seller wrote them.
    expect(listed.items.map((r) => r.comment)).toEqual(
      expect.arrayContaining([
        "Caffè buono, un po' troppo tostato per i miei gusti",
        'MAI ARRIVATO. Il venditore dice che è colpa del corriere. VERGOGNA',
      ]),
    );
    expect(listed.items.find((r) => r.order_id === '404-8800679-8945455')?.response).toBe(
      'Gentile cliente, abbiamo già avviato il rimborso completo.',
    );

    const again = await api('POST', '/api/feedback-schedule', { token: user.token });
    expect(again.body).toMatchObject({ status: 'imported', inserted });
    expect(await storedRows(user.userId)).toHaveLength(inserted);
  });
});

describe('feedback exports of any size (issue 18)', () => {
  async function storedCount(userId: string): Promise<number> {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await table.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'FEEDBACK#' },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  test('a 35,000-row export (over the old 4 MB cap) is uploaded, imported in the background with its progress, and listed a page at a time', async () => {
    const user = await seller();
    const exported = generateFeedbackExport(35_000);
    expect(exported.length).toBeGreaterThan(4 * 1024 * 1024);
    const started = await uploadFeedbackExport(stack.apiUrl, user.token, exported, {
      name: 'feedback-100k.csv',
      wait: false,
    });
    expect(started.status).toBe(202);
    const id = started.import!.id;

    // Progress while it runs: rows read only grow, and stored never passes read.
    const seen: number[] = [];
    let view;
    for (;;) {
      const res = await api('GET', `/api/feedback-import/${id}`, { token: user.token });
      expect(res.status).toBe(200);
      view = res.body.import as Record<string, number | string>;
      seen.push(view.rows_read as number);
      expect(view.rows_stored).toBeLessThanOrEqual(view.rows_read as number);
      if (view.status === 'done' || view.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(view).toMatchObject({
      status: 'done',
      rows_read: 35_000,
      rows_stored: 35_000,
      row_errors: 0,
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((n) => n > 0 && n < 35_000)).toBe(true);
    expect(await storedCount(user.userId)).toBe(35_000);

    // The list answers one small page, then the next from its cursor.
    const first = await api('GET', '/api/feedback', { token: user.token });
    expect(first.status).toBe(200);
    expect(JSON.stringify(first.body).length).toBeLessThan(100 * 1024);
    expect(first.body).toMatchObject({ total: 1000, total_capped: true });
    const items = first.body.items as { order_id: string; comment_date: string }[];
    expect(items.length).toBeGreaterThan(0);
    const second = await api(
      'GET',
      `/api/feedback?cursor=${encodeURIComponent(String(first.body.next_cursor))}`,
      { token: user.token },
    );
    const next = second.body.items as { order_id: string; comment_date: string }[];
    expect(next.length).toBeGreaterThan(0);
    expect(next.some((r) => items.some((i) => i.order_id === r.order_id))).toBe(false);
    expect(next[0]!.comment_date <= items.at(-1)!.comment_date).toBe(true);
  }, 600_000);

  test('UTF-8 with and without BOM, UTF-16 LE and BE and Windows-1252 exports give the same rows', async () => {
    const text = file(ROWS, { delimiter: '\t', headers: 'en' }).replace(
      ROWS[3]!.comment,
      'Tazze piccole – colore diverso, 5€ buttati',
    );
    const le = Buffer.from(text, 'utf16le');
    const encodings: [string, Buffer][] = [
      ['utf-8', Buffer.from(text, 'utf8')],
      ['utf-8 bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
      ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), le])],
      ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()])],
      [
        'windows-1252',
        Buffer.from(
          text.replace('–', '\u0096').replace('€', '\u0080').replace('è', '\u00e8'),
          'latin1',
        ),
      ],
    ];
    for (const [name, bytes] of encodings) {
      const user = await seller();
      const res = await importFeedback(user.token, bytes, `${name}.txt`);
      expect([name, res.body.inserted, res.body.errors]).toEqual([name, 4, []]);
      const listed = await list(user.token);
      expect([name, listed.items.map((r) => r.comment)]).toEqual([
        name,
        [
          ROWS[0]!.comment,
          ROWS[1]!.comment,
          ROWS[2]!.comment,
          'Tazze piccole – colore diverso, 5€ buttati',
        ],
      ]);
    }
  });

  test('a row whose order id is too long for a key or not an Amazon order number is a row error; the good rows are stored', async () => {
    const user = await seller();
    const content =
      file(ROWS.slice(0, 2), { delimiter: '\t', headers: 'en' }) +
      `01/10/2026\t1\tToo long\t\t${'1'.repeat(3000)}\ta@b.it\tSeller\n` +
      `01/10/2026\t1\tNot an order\t\tORDER-42\ta@b.it\tSeller\n`;
    const res = await importFeedback(user.token, content, 'bad-orders.tsv');
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(2);
    // The second good row holds a quoted line break: the bad rows start on lines 5 and 6.
    expect((res.body.errors as { line: number }[]).map((e) => e.line)).toEqual([5, 6]);
    expect(await storedRows(user.userId)).toHaveLength(2);
  });

  test('starting the same upload twice imports it once', async () => {
    const user = await seller();
    const content = file(ROWS, { delimiter: '\t', headers: 'en' });
    const started = await uploadFeedbackExport(stack.apiUrl, user.token, content, { wait: false });
    const id = started.import!.id;
    const again = await api('POST', `/api/feedback-import/${id}/start`, { token: user.token });
    expect(again.status).toBe(202);
    const done = await waitForFeedbackImport(stack.apiUrl, user.token, id);
    expect(done.import).toMatchObject({ status: 'done', rows_read: 4, rows_stored: 4 });
    expect(await storedRows(user.userId)).toHaveLength(4);
  });
});
