import fc from 'fast-check';
import { isoDay, parseFeedbackDate } from './dates';
import { classifyFeedback } from './classify';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_RESPONSE_MAX_LENGTH,
  FeedbackFileError,
  createFeedbackParser,
  parseFeedbackChunks,
  parseFeedbackText,
  truncateFeedbackComment,
  type FeedbackParseResult,
} from './parse';

const ROWS = [
  [
    '2026-10-20',
    '4',
    'Nice seller, "fast" reply',
    '',
    '202-7379669-0967960',
    'a@marketplace.amazon.co.uk',
    'Seller',
  ],
  [
    '2026-09-14',
    '1',
    'Late; again, and again',
    '',
    '111-8727120-9209755',
    'b@marketplace.amazon.com',
    'Amazon',
  ],
  ['2026-05-12', '', 'first line\nsecond line', 'Thanks', '302-9866088-0190958', '', ''],
];
const EN_HEADER = [
  'Date',
  'Rating',
  'Comments',
  'Response',
  'Order ID',
  'Rater Email',
  'Fulfilled By',
];
const IT_HEADER = [
  'Data',
  'Valutazione',
  'Commenti',
  'Risposta',
  'Numero ordine',
  'E-mail autore della valutazione',
  'Gestito da',
];

function quote(value: string, delimiter: string): string {
  return /["\n\r]/.test(value) || value.includes(delimiter)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

function file(header: string[], rows: string[][], delimiter: string, newline = '\n'): string {
  return (
    [header, ...rows].map((r) => r.map((v) => quote(v, delimiter)).join(delimiter)).join(newline) +
    newline
  );
}

/**
 * Runs `work`, then lets pending timers run: jest cannot stop synchronous code, but this way
 * its 5 s test timeout, due while `work` ran, fails the test (no wall-clock assertion).
 */
async function withinTimeout<T>(work: () => T): Promise<T> {
  const result = work();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return result;
}

/** Rows without the line number, which legitimately differs between layouts. */
function content(result: FeedbackParseResult) {
  return result.rows.map(({ line: _line, ...row }) => row);
}

describe('parseFeedbackText', () => {
  it('reads the same rows from TSV (English), semicolon CSV (Italian, BOM, CRLF) and comma CSV', () => {
    const tsv = parseFeedbackText(file(EN_HEADER, ROWS, '\t'));
    const semicolon = parseFeedbackText(
      '\uFEFF' +
        file(
          IT_HEADER,
          ROWS.map((r) => [
            r[0]!.split('-').reverse().join('/'),
            ...r.slice(1).map((v) => v.replace('Seller', 'Venditore')),
          ]),
          ';',
          '\r\n',
        ),
    );
    const comma = parseFeedbackText(file(EN_HEADER, ROWS, ','));
    expect(tsv.errors).toEqual([]);
    expect(content(tsv)).toEqual([
      {
        order_id: '202-7379669-0967960',
        comment_date: '2026-10-20',
        rating: 4,
        comment: 'Nice seller, "fast" reply',
        is_fba: false,
        response: '',
        author_email: 'a@marketplace.amazon.co.uk',
      },
      {
        order_id: '111-8727120-9209755',
        comment_date: '2026-09-14',
        rating: 1,
        comment: 'Late; again, and again',
        is_fba: true,
        response: '',
        author_email: 'b@marketplace.amazon.com',
      },
      {
        order_id: '302-9866088-0190958',
        comment_date: '2026-05-12',
        rating: 0,
        comment: 'first line\nsecond line',
        is_fba: null,
        response: 'Thanks',
        author_email: '',
      },
    ]);
    expect(content(semicolon)).toEqual(content(tsv));
    expect(content(comma)).toEqual(content(tsv));
    expect(semicolon.errors).toEqual([]);
    expect(comma.errors).toEqual([]);
  });

  it('numbers rows by the physical line they start on, past quoted newlines', () => {
    const text = file(EN_HEADER, [ROWS[2]!, ROWS[0]!], '\t');
    expect(parseFeedbackText(text).rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('reports bad rows with their line and reason while the good rows parse', () => {
    const text = [
      'Date\tRating\tComments\tOrder ID',
      '12/01/2025\t2\tok row\t111-0000000-0000001',
      '12/01/2025\t2\tno order id\t',
      '',
      '31/02/2025\t2\timpossible date\t111-0000000-0000002',
      'yesterday\t2\tunreadable date\t111-0000000-0000003',
      '12/01/2025\t7\trating too high\t111-0000000-0000004',
      '12 gen 2025\t\tno rating\t111-0000000-0000005',
    ].join('\n');
    const result = parseFeedbackText(text);
    expect(result.rows.map((r) => [r.order_id, r.line, r.rating])).toEqual([
      ['111-0000000-0000001', 2, 2],
      ['111-0000000-0000005', 8, 0],
    ]);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'missing_order_id'],
      [5, 'invalid_date'],
      [6, 'invalid_date'],
      [7, 'invalid_rating'],
    ]);
    expect(result.errors[2]!.error).toMatch(/yesterday/);
  });

  it('keeps the last row when an order id repeats', () => {
    const text = file(
      EN_HEADER,
      [ROWS[0]!, [...ROWS[0]!.slice(0, 2), 'edited', ...ROWS[0]!.slice(3)]],
      '\t',
    );
    const { rows } = parseFeedbackText(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ comment: 'edited', line: 3 });
  });

  it('joins an unquoted delimiter inside a comment back into the comment', () => {
    const text =
      'Date,Rating,Comments,Order ID\n2025-01-12,2,bad, really bad,111-0000000-0000001\n';
    expect(parseFeedbackText(text).rows[0]).toMatchObject({
      comment: 'bad, really bad',
      order_id: '111-0000000-0000001',
    });
  });

  it("accepts the report's Rater Email and the Author Email header, and ignores extra columns", () => {
    const text =
      'Date\tRating\tComments\tArrived on Time\tItem as Described\tCustomer Service\tOrder ID\tAuthor Email\n2025-01-12\t3\tmeh\tYes\tNo\tYes\t111-0000000-0000001\tx@y.it\n';
    expect(parseFeedbackText(text).rows[0]).toMatchObject({
      author_email: 'x@y.it',
      comment: 'meh',
      is_fba: null,
    });
  });

  it('refuses a file without a recognisable header', () => {
    expect(() => parseFeedbackText('hello\tworld\n1\t2\n')).toThrow(FeedbackFileError);
    expect(() => parseFeedbackText('')).toThrow(expect.objectContaining({ code: 'no_header' }));
  });

  it('refuses a file over the size limit', () => {
    const text = file(EN_HEADER, ROWS, '\t');
    expect(() => parseFeedbackText(text, { maxBytes: 100 })).toThrow(
      expect.objectContaining({ code: 'too_large' }),
    );
  });

  it('bounds the response and the rater email cells too, keeping the row', () => {
    const response = 'Grazie del riscontro. '.repeat(20_000); // about 440 KB
    const email = `${'a'.repeat(300)}@example.com`;
    const text = file(
      EN_HEADER,
      [['2026-03-04', '5', 'Ottimo', response, '111-2222222-3333333', email, 'Amazon']],
      '\t',
    );
    const { rows, errors } = parseFeedbackText(text);
    expect(errors).toEqual([]);
    expect(rows[0]!.response.length).toBeLessThanOrEqual(FEEDBACK_RESPONSE_MAX_LENGTH);
    expect(rows[0]!.response.endsWith('…')).toBe(true);
    expect(rows[0]!.author_email).toBe('');
  });

  it('keeps a row with a very long comment, cut at a word end to the bound, and classifies it', () => {
    const words = 'Pacco arrivato in ritardo di una settimana, scatola rovinata. ';
    const long = words.repeat(2_000); // about 120 KB
    const text = file(
      EN_HEADER,
      [['2026-03-04', '1', long, '', '111-2222222-3333333', '', 'Amazon']],
      '\t',
    );
    const { rows, errors } = parseFeedbackText(text);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ order_id: '111-2222222-3333333', rating: 1, is_fba: true });
    expect(row.comment.length).toBeLessThanOrEqual(FEEDBACK_COMMENT_MAX_LENGTH);
    expect(row.comment.length).toBeGreaterThan(FEEDBACK_COMMENT_MAX_LENGTH - 50);
    expect(row.comment.endsWith('…')).toBe(true);
    const kept = row.comment.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toMatch(/[\s.,]/); // no word cut in half
    expect(classifyFeedback(row)).toMatchObject({
      reason_code: 'fba_fulfillment',
      suggested_action: 'request_removal',
    });
  });

  it('imports and classifies a row whose comment is an 80 KB run of address-like text', async () => {
    // Took about 26 s before: the classifier's address patterns were quadratic on such a run.
    const comment = 'Il pacco è arrivato in ritardo: ' + 'mario.rossi.'.repeat(6_700);
    const text = file(
      IT_HEADER,
      [['04/03/2026', '1', comment, '', '111-2222222-3333333', '', 'Amazon']],
      ';',
    );
    const { rows, reasons } = await withinTimeout(() => {
      const parsed = parseFeedbackText(text).rows;
      return { rows: parsed, reasons: parsed.map((row) => classifyFeedback(row).reason_code) };
    });
    expect(rows).toHaveLength(1);
    expect(
      rows[0]!.comment.startsWith('Il pacco è arrivato in ritardo: mario.rossi.mario.rossi.'),
    ).toBe(true);
    expect(rows[0]!.comment.length).toBeLessThanOrEqual(FEEDBACK_COMMENT_MAX_LENGTH);
    expect(reasons).toEqual(['fba_fulfillment']);
  });

  it('reads a Windows-1252 file as Excel writes it', () => {
    const bytes = Uint8Array.from(
      [...'Data;Valutazione;Commenti;Numero ordine\n12/01/2025;2;']
        .map((c) => c.charCodeAt(0))
        .concat([0x65, 0x20, 0xe8, 0x20, 0x72, 0x6f, 0x74, 0x74, 0x6f])
        .concat([...';111-0000000-0000001\n'].map((c) => c.charCodeAt(0))),
    );
    const parser = createFeedbackParser();
    const rows = [...parser.write(bytes).rows, ...parser.end().rows];
    expect(rows[0]!.comment).toBe('e è rotto');
  });
});

describe('streaming', () => {
  it('gives the same rows whatever the chunking, split multi-byte characters and CRLF included', async () => {
    const text =
      '\uFEFF' +
      file(
        IT_HEADER,
        [
          ...ROWS,
          ['01/02/2025', '2', 'però è così — «ok»', '', '111-0000000-0000009', '', 'Amazon'],
        ],
        ';',
        '\r\n',
      );
    const whole = parseFeedbackText(text);
    const bytes = new TextEncoder().encode(text);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks: Uint8Array[] = [];
          let from = 0;
          for (const p of [...points, bytes.length]) {
            chunks.push(bytes.slice(from, p));
            from = p;
          }
          expect(await parseFeedbackChunks(chunks)).toEqual(whole);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('properties', () => {
  it('random text never throws anything but the typed file error', () => {
    const header = fc.constantFrom(
      '',
      'Date\tRating\tComments\tOrder ID\n',
      'Data;Valutazione;Commenti;Numero ordine\r\n',
      'Date,Order ID,Rating\n',
    );
    fc.assert(
      fc.property(header, fc.string({ unit: 'binary', maxLength: 400 }), (head, body) => {
        try {
          const result = parseFeedbackText(head + body);
          for (const row of result.rows) {
            expect(row.order_id).not.toBe('');
            expect(row.comment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
            expect(row.rating).toBeGreaterThanOrEqual(0);
            expect(row.rating).toBeLessThanOrEqual(5);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(FeedbackFileError);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a cut comment fits the bound, keeps the beginning and never splits a character', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 2, max: 120 }),
        (text, max) => {
          const cut = truncateFeedbackComment(text, max);
          if (text.length <= max) {
            expect(cut).toBe(text);
            return;
          }
          expect(cut.length).toBeLessThanOrEqual(max);
          expect(cut.endsWith('…')).toBe(true);
          const kept = cut.slice(0, -1);
          expect(text.startsWith(kept)).toBe(true);
          expect(kept).not.toMatch(/[\uD800-\uDBFF]$/);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('dates round-trip through every accepted form', () => {
    const IT = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
    const IT_LONG = [
      'gennaio',
      'febbraio',
      'marzo',
      'aprile',
      'maggio',
      'giugno',
      'luglio',
      'agosto',
      'settembre',
      'ottobre',
      'novembre',
      'dicembre',
    ];
    const EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const y = date.getUTCFullYear();
          const m = date.getUTCMonth() + 1;
          const d = date.getUTCDate();
          const iso = isoDay(y, m, d);
          const dd = String(d).padStart(2, '0');
          const mm = String(m).padStart(2, '0');
          const forms = [
            iso!,
            `${dd}/${mm}/${y}`,
            `${dd}/${mm}/${String(y).slice(2)}`,
            `${d} ${IT[m - 1]} ${y}`,
            `${d} ${IT_LONG[m - 1]} ${y}`,
            `${EN[m - 1]} ${d}, ${y}`,
            `${date.toISOString()}`,
          ];
          for (const form of forms) expect([form, parseFeedbackDate(form)]).toEqual([form, iso]);
        },
      ),
    );
  });
});

describe('parseFeedbackDate', () => {
  it.each([
    ['20/10/26', '2026-10-20'],
    ['2026-08-23', '2026-08-23'],
    ['03/04/2025', '2025-04-03'],
    ['04/23/2025', '2025-04-23'],
    ['3.4.2025', '2025-04-03'],
    ['12 gen 2025', '2025-01-12'],
    ['12 gennaio 2025', '2025-01-12'],
    ['Jan 12, 2025', '2025-01-12'],
    ['January 12th, 2025', '2025-01-12'],
    ['12-Jan-25', '2025-01-12'],
    ['12. März 2025', '2025-03-12'],
    ['1er janvier 2025', '2025-01-01'],
    ['12 de enero de 2025', '2025-01-12'],
    ['lun 12 gen 2025', '2025-01-12'],
    ['12/01/2025 10:33', '2025-01-12'],
  ])('%s → %s', (input, expected) => {
    expect(parseFeedbackDate(input)).toBe(expected);
  });

  it.each(['31/02/2025', '13/13/2025', 'yesterday', '12 foo 2025', '2025-13-01', ''])(
    '%s is unreadable',
    (input) => {
      expect(parseFeedbackDate(input)).toBeUndefined();
    },
  );
});

describe('order ids the table could not key', () => {
  test('an order id too long for a key or not in Amazon format is a row error; the good rows stay', () => {
    const text = [
      'Date\tRating\tComments\tOrder ID',
      '2026-10-01\t1\tLate\t111-2222222-3333333',
      `2026-10-02\t2\tBroken\t${'9'.repeat(2000)}`,
      '2026-10-03\t3\tOk\tnot an order',
      '2026-10-04\t5\tGreat\tD01-1234567-1234567',
    ].join('\n');
    const { rows, errors } = parseFeedbackText(text);
    expect(rows.map((r) => r.order_id)).toEqual(['111-2222222-3333333', 'D01-1234567-1234567']);
    expect(errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'invalid_order_id'],
      [4, 'invalid_order_id'],
    ]);
    expect(errors[0]?.error.length).toBeLessThan(200);
  });
});

describe('encodings', () => {
  const text =
    'Data\tValutazione\tCommenti\tNumero ordine\n2026-10-01\t1\tPiù lento del previsto – €5\t111-2222222-3333333\n';
  const utf16le = Buffer.from(text, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  const win1252 = Buffer.from(text.replace('–', '\u0096').replace('€', '\u0080'), 'latin1');
  test.each([
    ['UTF-8', Buffer.from(text, 'utf8')],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le])],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be])],
    ['UTF-16 LE without BOM', utf16le],
    ['Windows-1252', win1252],
  ])('%s reads the same comment', async (_name, bytes) => {
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7)];
    const { rows, errors } = await parseFeedbackChunks(chunks);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.comment)).toEqual(['Più lento del previsto – €5']);
  });
});
