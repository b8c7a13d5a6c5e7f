import type { Language } from '../language';
import { escapeHtml } from '../html';

/** The product's name as every email shows it. */
export const BRAND = 'RimborsiFBA';

/**
 * Every email the account journeys send. Cognito sends the first five itself (its
 * CustomMessage trigger supplies the text); the magic link goes out through our mailer.
 */
export type AccountEmail =
  | { kind: 'confirm-sign-up'; appUrl: string; email: string; code: string; firstName?: string }
  | { kind: 'reset-password'; appUrl: string; email: string; code: string; firstName?: string }
  | { kind: 'verify-email'; code: string; firstName?: string }
  | { kind: 'sign-in-code'; code: string; firstName?: string }
  | { kind: 'invitation'; appUrl: string; username: string; code: string; firstName?: string }
  | { kind: 'magic-link'; link: string; firstName?: string }
  | {
      kind: 'password-changed';
      appUrl: string;
      /** When the user pool recorded the change (ISO). */
      changedAt: string;
      supportEmail: string;
      firstName?: string;
    };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Codes are digits, or Cognito's `{####}` placeholder that Cognito replaces after the trigger
 * has run; either goes into a link unencoded (encoding would hide the placeholder).
 */
const CODE = /^(\d{4,10}|\{####\})$/;

function assertCode(code: string): string {
  if (!CODE.test(code)) throw new Error('An email code is digits or the {####} placeholder');
  return code;
}

function pageLink(appUrl: string, page: string, email: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}${page}?email=${encodeURIComponent(email)}&code=${assertCode(code)}`;
}

/** A paragraph of the email: plain text, or a call to action with its link. */
type Block =
  | { p: string }
  | { button: string; href: string }
  | { code: string; label: string }
  | { small: string };

interface Copy {
  subject: string;
  greeting: string;
  blocks: Block[];
}

const COPY: Record<
  Language,
  { hello: (name?: string) => string; fallbackLink: string; footer: string }
> = {
  it: {
    hello: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    fallbackLink: 'Se il pulsante non funziona, copia e incolla questo link nel browser:',
    footer: `${BRAND} · Rimborsi FBA per i venditori Amazon`,
  },
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    fallbackLink: 'If the button does not work, copy and paste this link into your browser:',
    footer: `${BRAND} · FBA reimbursements for Amazon sellers`,
  },
};

function copyFor(email: AccountEmail, language: Language): Copy {
  const it = language === 'it';
  const greeting = COPY[language].hello(email.firstName?.trim() || undefined);
  switch (email.kind) {
    case 'confirm-sign-up': {
      const href = pageLink(email.appUrl, '/confirm-email', email.email, email.code);
      return {
        subject: it
          ? `Conferma il tuo indirizzo email · ${BRAND}`
          : `Confirm your email address · ${BRAND}`,
        greeting,
        blocks: [
          {
            p: it
              ? `grazie per esserti registrato a ${BRAND}. Per attivare il tuo account conferma il tuo indirizzo email.`
              : `thank you for signing up to ${BRAND}. To activate your account, please confirm your email address.`,
          },
          { button: it ? 'Conferma email' : 'Confirm email', href },
          {
            code: email.code,
            label: it ? 'Il tuo codice di conferma:' : 'Your confirmation code:',
          },
          {
            small: it
              ? 'Se non hai creato tu questo account, ignora questa email.'
              : 'If you did not create this account, you can ignore this email.',
          },
        ],
      };
    }
    case 'reset-password': {
      const href = pageLink(email.appUrl, '/update-password', email.email, email.code);
      return {
        subject: it ? `Reimposta la tua password · ${BRAND}` : `Reset your password · ${BRAND}`,
        greeting,
        blocks: [
          {
            p: it
              ? `abbiamo ricevuto una richiesta di reimpostare la password del tuo account ${BRAND}. Scegli una nuova password da qui:`
              : `we received a request to reset the password of your ${BRAND} account. Choose a new password here:`,
          },
          { button: it ? 'Reimposta password' : 'Reset password', href },
          { code: email.code, label: it ? 'Codice di verifica:' : 'Verification code:' },
          {
            small: it
              ? 'Se non hai chiesto tu di reimpostare la password, ignora questa email: la tua password resta invariata.'
              : 'If you did not ask to reset your password, ignore this email: your password stays as it is.',
          },
        ],
      };
    }
    case 'verify-email':
      return {
        subject: it
          ? `Conferma il tuo nuovo indirizzo email · ${BRAND}`
          : `Confirm your new email address · ${BRAND}`,
        greeting,
        blocks: [
          {
            p: it
              ? `per confermare questo indirizzo email sul tuo account ${BRAND} inserisci il codice qui sotto.`
              : `to confirm this email address on your ${BRAND} account, enter the code below.`,
          },
          {
            code: assertCode(email.code),
            label: it ? 'Codice di conferma:' : 'Confirmation code:',
          },
          {
            small: it
              ? 'Se non hai chiesto tu questa modifica, ignora questa email.'
              : 'If you did not ask for this change, ignore this email.',
          },
        ],
      };
    case 'sign-in-code':
      return {
        subject: it ? `Il tuo codice di accesso · ${BRAND}` : `Your sign-in code · ${BRAND}`,
        greeting,
        blocks: [
          { code: assertCode(email.code), label: it ? 'Codice di accesso:' : 'Sign-in code:' },
          {
            small: it
              ? 'Se non stai accedendo tu, cambia la tua password.'
              : 'If you are not signing in, change your password.',
          },
        ],
      };
    case 'invitation':
      return {
        subject: it ? `Il tuo account ${BRAND}` : `Your ${BRAND} account`,
        greeting,
        blocks: [
          {
            p: it
              ? `è stato creato per te un account ${BRAND}. Accedi con il nome utente ${email.username} e la password temporanea qui sotto; al primo accesso ne sceglierai una nuova.`
              : `a ${BRAND} account has been created for you. Sign in with the username ${email.username} and the temporary password below; you will choose a new one when you first sign in.`,
          },
          { code: email.code, label: it ? 'Password temporanea:' : 'Temporary password:' },
          {
            button: it ? 'Accedi' : 'Sign in',
            href: `${email.appUrl.replace(/\/+$/, '')}/login`,
          },
        ],
      };
    case 'magic-link':
      return {
        subject: it ? `Il tuo link di accesso · ${BRAND}` : `Your sign-in link · ${BRAND}`,
        greeting,
        blocks: [
          {
            p: it
              ? `ecco il tuo link per accedere a ${BRAND}. È valido per 15 minuti e si può usare una sola volta.`
              : `here is your link to sign in to ${BRAND}. It is valid for 15 minutes and works only once.`,
          },
          { button: it ? 'Accedi a RimborsiFBA' : 'Sign in to RimborsiFBA', href: email.link },
          {
            small: it
              ? 'Se non hai chiesto tu questo link, ignora questa email: nessuno può accedere senza aprirlo.'
              : 'If you did not ask for this link, ignore this email: nobody can sign in without opening it.',
          },
        ],
      };
    case 'password-changed':
      return {
        subject: it
          ? `La tua password è stata modificata · ${BRAND}`
          : `Your password was changed · ${BRAND}`,
        greeting,
        blocks: [
          {
            p: it
              ? `la password del tuo account ${BRAND} è stata modificata il ${changedAtText(email.changedAt, language)}.`
              : `the password of your ${BRAND} account was changed on ${changedAtText(email.changedAt, language)}.`,
          },
          {
            p: it
              ? `Se sei stato tu, non devi fare nulla. Se non sei stato tu, reimposta subito la password e scrivici a ${email.supportEmail}.`
              : `If it was you, there is nothing to do. If it was not you, reset your password now and write to us at ${email.supportEmail}.`,
          },
          {
            button: it ? 'Reimposta la password' : 'Reset the password',
            href: `${email.appUrl.replace(/\/+$/, '')}/forgot-password`,
          },
        ],
      };
  }
}

/** The moment of a change as the reader reads it: Italian time in Italian, UTC in English. */
function changedAtText(iso: string, language: Language): string {
  const date = new Date(iso);
  if (language === 'it') {
    const text = new Intl.DateTimeFormat('it-IT', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Rome',
    }).format(date);
    return `${text} (ora italiana)`;
  }
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${text} UTC`;
}

function blockHtml(block: Block, language: Language): string {
  if ('p' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`;
  if ('small' in block) {
    return `<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(block.small)}</p>`;
  }
  if ('code' in block) {
    return (
      `<p style="margin:0 0 16px">${escapeHtml(block.label)} ` +
      `<strong style="font-size:18px;letter-spacing:2px">${escapeHtml(block.code)}</strong></p>`
    );
  }
  const href = escapeHtml(block.href);
  return (
    `<p style="margin:24px 0"><a href="${href}" style="background:#1d4ed8;color:#ffffff;` +
    `padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">` +
    `${escapeHtml(block.button)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(COPY[language].fallbackLink)}` +
    `<br><a href="${href}" style="color:#1d4ed8;word-break:break-all">${href}</a></p>`
  );
}

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('small' in block) return block.small;
  if ('code' in block) return `${block.label} ${block.code}`;
  return `${block.button}: ${block.href}`;
}

/** One language's greeting, blocks and footer, as HTML and as text. */
function section(email: AccountEmail, language: Language) {
  const copy = copyFor(email, language);
  return {
    subject: copy.subject,
    html:
      `<p style="margin:0 0 16px">${escapeHtml(copy.greeting)}</p>` +
      copy.blocks.map((block) => blockHtml(block, language)).join('') +
      `<p style="margin:32px 0 0;font-size:12px;color:#777">${escapeHtml(COPY[language].footer)}</p>`,
    text: [copy.greeting, ...copy.blocks.map(blockText), '', COPY[language].footer].join('\n\n'),
  };
}

function page(language: Language, body: string): string {
  return (
    `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f5f5f5">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px;` +
    `font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1d4ed8">${BRAND}</p>` +
    `${body}</div></body></html>`
  );
}

/**
 * Renders an account email in the reader's language, as HTML and as plain text with the same
 * content. Every dynamic value is escaped in the HTML: names come from the sign-up form.
 */
export function renderAccountEmail(email: AccountEmail, language: Language): RenderedEmail {
  const one = section(email, language);
  return { subject: one.subject, html: page(language, one.html), text: one.text };
}

/**
 * The same email in both languages (spec 7.5, send-bilingual-confirmation): the reader's
 * language first, then the other one, in one message. The sign-up confirmation goes out this
 * way, since whoever opens it may not read the language the form was filled in.
 */
export function renderBilingualAccountEmail(email: AccountEmail, first: Language): RenderedEmail {
  const second: Language = first === 'it' ? 'en' : 'it';
  const [a, b] = [section(email, first), section(email, second)];
  const brandSuffix = ` · ${BRAND}`;
  const subject = `${a.subject.replace(brandSuffix, '')} / ${b.subject}`;
  const html = page(
    first,
    `${a.html}<hr style="margin:32px 0;border:0;border-top:1px solid #ddd">` +
      `<div lang="${second}">${b.html}</div>`,
  );
  return { subject, html, text: `${a.text}\n\n———\n\n${b.text}` };
}
