import { expect, test, type Page } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';
import { uploadFeedbackExport } from '../support/feedback-upload';

/**
 * Issue 11, hostile content in the browser: a corpus of feedback comments and seller replies
 * carrying script tags, event handlers, `javascript:` links, SVG, template syntax, very long
 * text, control characters and right-to-left overrides is imported through the feedback import
 * API and shown on /feedback and in the removal request's HTML preview. Each payload sets its
 * own window flag if it ever runs; every flag stays unset, no browser dialog opens, and the
 * text is shown as text.
 */

test.beforeAll(() => prepareUsers());

/** `flag` is the window property a payload sets if it is ever treated as markup. */
const CORPUS: { order: string; comment: string; flag?: string }[] = [
  { flag: '__h1', comment: '<script>window.__h1=1</script>' },
  { flag: '__h2', comment: '<img src=x onerror="window.__h2=1;alert(2)">' },
  { flag: '__h3', comment: '<svg onload="window.__h3=1"><circle r=9 /></svg>' },
  { flag: '__h4', comment: '<a href="javascript:window.__h4=1">clicca</a>' },
  { flag: '__h5', comment: '"><iframe src="javascript:top.__h5=1"></iframe>' },
  { flag: '__h6', comment: '<details open ontoggle="window.__h6=1">x</details>' },
  { flag: '__h7', comment: "<input autofocus onfocus='window.__h7=1'>" },
  { flag: '__h8', comment: "{{constructor.constructor('window.__h8=1')()}}" },
  { flag: '__h9', comment: 'javascript:window.__h9=1//' },
  { flag: '__h10', comment: '<math><a xlink:href="javascript:window.__h10=1">m</a></math>' },
  { comment: `Pessimo ${'servizio lento e scortese '.repeat(2000)}fine` },
  { comment: 'Ciao\u0001\u0007\u001b[31mrosso\u007f\u0000 fine' },
  { comment: 'Ordine \u202Egnp.exe\u202C consegnato \u200F\u2066male\u2069' },
].map((entry, i) => ({ ...entry, order: `171-5550${String(i).padStart(3, '0')}-0000011` }));

const FLAGS = CORPUS.flatMap((c) => (c.flag ? [c.flag] : []));
/** Each comment also names a phone number, which makes it removable (a request can be drafted). */
const PERSONAL = ' — chiamatemi al 333 1234567';

/** A week ago as an export writes it: inside the 60 days a removal can be asked for. */
function aWeekAgo(): string {
  const [y, m, d] = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

function tsv(): string {
  const header =
    'Data\tValutazione\tCommenti\tRisposta\tNumero ordine\tE-mail autore della valutazione\tGestito da';
  const lines = CORPUS.map((c) =>
    [
      aWeekAgo(),
      '1',
      `${c.comment}${PERSONAL}`,
      c.comment,
      c.order,
      'z@marketplace.amazon.it',
      'Venditore',
    ]
      .map((v) => (/["\t\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
      .join('\t'),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

async function noScriptRan(page: Page, dialogs: string[]) {
  const set = await page.evaluate(
    (flags) => flags.filter((f) => (window as unknown as Record<string, unknown>)[f] !== undefined),
    FLAGS,
  );
  expect(set).toEqual([]);
  expect(dialogs).toEqual([]);
}

test('hostile feedback is shown as text on /feedback and in the removal request, and never runs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  const user = await freshUser();
  await logIn(page, user, `/login?${new URLSearchParams({ redirectTo: '/feedback' })}`);
  await expect(page).toHaveURL('/feedback');

  // Import through the API with the page's own token, as the import button does.
  const res = await uploadFeedbackExport(stack().apiUrl, await accessToken(page), tsv(), {
    name: 'hostile.tsv',
    marketplace: 'amazon.it',
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ inserted: CORPUS.length, errors: [] });

  await page.reload();
  const rows = page.getByTestId('feedback-row');
  await expect(rows).toHaveCount(CORPUS.length);
  for (const c of CORPUS) {
    const row = rows.filter({ hasText: c.order });
    await expect(row).toHaveCount(1);
    // The beginning of the comment, as the seller typed it (visible cut or tooltip).
    const start = c.comment
      // eslint-disable-next-line no-control-regex -- control characters are the point here
      .split(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/)[0]!
      .slice(0, 20);
    const shown = `${await row.innerText()} ${await row
      .locator('[title]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('title')).join(' '))}`;
    expect(shown).toContain(start);
  }
  const table = page.getByRole('table');
  await expect(table.locator('script, img, svg, iframe, details, input, math')).toHaveCount(0);
  await expect(table.locator('a[href^="javascript"], [onerror], [onload], [onfocus]')).toHaveCount(
    0,
  );
  await noScriptRan(page, dialogs);

  // The removal request of each markup payload: text and HTML preview (DOMPurify).
  for (const c of CORPUS.filter((entry) => entry.flag)) {
    const row = rows.filter({ hasText: c.order });
    await row.getByRole('button', { name: 'Genera richiesta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Richiesta di rimozione' });
    await expect(dialog.getByLabel('Testo della richiesta')).toContainText(c.order);
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    const preview = dialog.getByTestId('appeal-html-preview');
    await expect(preview).toContainText(`Numero ordine`);
    await expect(preview).toContainText(c.comment.slice(0, 12));
    await expect(
      preview.locator(
        'script, img, svg, iframe, details, input, math, a[href^="javascript"], [onerror], [onload], [onfocus], [ontoggle]',
      ),
    ).toHaveCount(0);
    await noScriptRan(page, dialogs);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(dialog).toBeHidden();
  }
  await noScriptRan(page, dialogs);
});
