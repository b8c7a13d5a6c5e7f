/** HTML for the Seller Central consent screens; plain forms so it works without JavaScript. */

import { escapeHtml } from '../../lambdas/domain/html';
import { APP_ROLES } from '../../lambdas/domain/connection/grant';

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "Amazon Ember", Arial, sans-serif; font-size: 14px; color: #0f1111; background: #f2f4f8; }
  header { background: #232f3e; color: #fff; padding: 12px 24px; display: flex; align-items: baseline; gap: 8px; }
  header .logo { font-weight: 700; font-size: 20px; letter-spacing: -0.5px; }
  header .product { color: #ff9900; }
  main { max-width: 720px; margin: 32px auto; background: #fff; border: 1px solid #d5d9d9; border-radius: 8px; padding: 24px 32px; }
  h1 { font-size: 24px; font-weight: 400; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; }
  dt { color: #565959; }
  dd { margin: 0; }
  ul { margin: 0 0 16px; padding-left: 20px; }
  .note { color: #565959; font-size: 13px; }
  .actions { display: flex; gap: 12px; justify-content: flex-end; margin-top: 24px; }
  button { font: inherit; border-radius: 8px; padding: 8px 24px; cursor: pointer; border: 1px solid #888c8c; background: #fff; color: #0f1111; }
  button.primary { background: #ffd814; border-color: #fcd200; }
  button:focus-visible { outline: 3px solid #007185; outline-offset: 2px; }
  .error { border-left: 4px solid #cc0c39; padding-left: 16px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="logo">amazon</span><span class="product">seller central</span></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** What the consent screen shows and what its form carries back. */
export interface ConsentPageModel {
  applicationName: string;
  storeName: string;
  sellingPartnerId: string;
  marketplaceNames: string[];
  /** Posted back unchanged so the confirmation can redirect with them. */
  hidden: Record<string, string>;
  formAction: string;
}

/** The "Authorize <app>" screen with Authorize and Cancel buttons. */
export function renderConsentPage(model: ConsentPageModel): string {
  const hidden = Object.entries(model.hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n  ');
  return page(
    `Authorize ${model.applicationName}`,
    `<h1>Authorize ${escapeHtml(model.applicationName)}</h1>
<p><strong>${escapeHtml(model.applicationName)}</strong> is requesting access to your selling account.</p>
<dl>
  <dt>Account</dt><dd>${escapeHtml(model.storeName)} (${escapeHtml(model.sellingPartnerId)})</dd>
  <dt>Marketplaces</dt><dd>${escapeHtml(model.marketplaceNames.join(', '))}</dd>
</dl>
<p>The application will be able to use these roles:</p>
<ul>
  ${APP_ROLES.map((role) => `<li>${escapeHtml(role)}</li>`).join('\n  ')}
</ul>
<p class="note">This is the local SP-API simulator standing in for Seller Central. No data leaves this machine.</p>
<form method="post" action="${escapeHtml(model.formAction)}" aria-label="Authorization decision">
  ${hidden}
  <div class="actions">
    <button type="submit" name="decision" value="cancel">Cancel</button>
    <button type="submit" name="decision" value="authorize" class="primary">Authorize</button>
  </div>
</form>`,
  );
}

/** A Seller Central style error screen, e.g. MD1000 for a draft app without version=beta. */
export function renderErrorPage(code: string, message: string): string {
  return page(
    'Error',
    `<div class="error" role="alert">
<h1>We're sorry</h1>
<p>${escapeHtml(message)}</p>
<p class="note">Error code: ${escapeHtml(code)}</p>
</div>`,
  );
}
