import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { createTransport } from 'nodemailer';
import { stack } from './stack';

/** One message as maildev's REST API (`GET /email`) lists it. */
export interface Mail {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  date: string;
  to: { address: string; name?: string }[];
}

async function listMail(): Promise<Mail[]> {
  const response = await fetch(`${stack().mail.webUrl}/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as Mail[];
}

function sentTo(mail: Mail, address: string): boolean {
  return mail.to.some((recipient) => recipient.address.toLowerCase() === address.toLowerCase());
}

/** Waits for the newest message to `address` whose subject matches. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { timeout = 15_000 }: { timeout?: number } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const matching = (await listMail())
          .filter((mail) => sentTo(mail, address) && subject.test(mail.subject))
          .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
        found = matching[0];
        return found?.subject;
      },
      { message: `an email to ${address} with subject ${subject}`, timeout, intervals: [200] },
    )
    .toMatch(subject);
  return found!;
}

/**
 * Waits until every message handed to the mail server so far is in the inbox: sends a marker of
 * its own to `address` and waits for it to arrive. A check that nothing was sent then holds on a
 * busy machine too, where a fixed pause might end before a late message. The marker's subject
 * starts with "Marker".
 */
export async function inboxCaughtUp(address: string): Promise<void> {
  const subject = `Marker ${randomUUID()}`;
  await createTransport({
    host: '127.0.0.1',
    port: stack().mail.smtpPort,
    ignoreTLS: true,
  }).sendMail({ from: 'marker@rimborsifba.local', to: address, subject, text: subject });
  await waitForMail(address, new RegExp(subject));
}

/**
 * The link in `mail` to `pathname`, made relative: the email points at the stack's web URL
 * (localhost), the browser at 127.0.0.1, and storage, hence the session, belongs to one origin.
 */
export function linkIn(mail: Mail, pathname: string): string {
  const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) =>
    match[1]!.replace(/&amp;/g, '&'),
  );
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  throw new Error(`No link to ${pathname} in "${mail.subject}": ${hrefs.join(', ')}`);
}
