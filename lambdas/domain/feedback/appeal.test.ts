import { generateFeedbackAppeal } from './appeal';
import { escapeHtml } from '../html';

const row = {
  order_id: '171-9304678-7150796',
  comment_date: '2026-10-28',
  rating: 1,
  comment: 'Corriere in ritardo, scatola rotta',
  reason_code: 'fba_fulfillment',
  marketplace: 'amazon.it',
};

describe('generateFeedbackAppeal', () => {
  it('writes an Italian request naming the order, date, rating, comment and the FBA ground', () => {
    const appeal = generateFeedbackAppeal(row, { language: 'it', hasReplyEmail: false });
    expect(appeal.subject).toBe('Richiesta di rimozione feedback - Ordine 171-9304678-7150796');
    expect(appeal.text).toContain('Numero ordine: 171-9304678-7150796');
    expect(appeal.text).toContain('Data del feedback: 28/10/2026');
    expect(appeal.text).toContain('Valutazione: 1 su 5');
    expect(appeal.text).toContain('"Corriere in ritardo, scatola rotta"');
    expect(appeal.text).toContain('gestito da Amazon');
    expect(appeal.has_reply_email).toBe(false);
  });

  it('writes English on request and reports a configured reply address', () => {
    const appeal = generateFeedbackAppeal(
      { ...row, reason_code: 'obscene' },
      { language: 'en', hasReplyEmail: true },
    );
    expect(appeal.subject).toBe('Feedback removal request - Order 171-9304678-7150796');
    expect(appeal.text).toContain('Feedback date: 2026-10-28');
    expect(appeal.text).toContain('obscene, profane or abusive');
    expect(appeal.has_reply_email).toBe(true);
  });

  it('falls back to a generic ground and marks an empty comment', () => {
    const appeal = generateFeedbackAppeal(
      { ...row, comment: '  ', reason_code: null },
      { language: 'it', hasReplyEmail: false },
    );
    expect(appeal.text).toContain('(nessun commento)');
    expect(appeal.text).toContain('linee guida di Amazon');
  });

  it('keeps markup in the comment as text in the html', () => {
    const appeal = generateFeedbackAppeal(
      { ...row, comment: '<img src=x onerror="alert(1)"> & <b>bold</b>' },
      { language: 'en', hasReplyEmail: false },
    );
    expect(appeal.html).not.toContain('<img');
    expect(appeal.html).not.toContain('<b>');
    expect(appeal.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;');
    expect(appeal.text).toContain('<img src=x');
  });
});

describe('escapeHtml', () => {
  it('escapes the characters special in HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
