import { type Language, pickLanguage } from '../language';
import { renderAccountEmail } from './emails';
import type { MagicLinkUser } from './requests';

/** A user as the user pool has it, with the moment it last changed the user (a new password). */
export interface ChangedUser extends MagicLinkUser {
  lastModifiedAt?: string;
  createdAt?: string;
}

/**
 * How recent the pool's last change must be for a signed-in "my password changed" report to
 * be believed: the browser reports right after the pool accepted the new password.
 */
export const PASSWORD_CHANGE_REPORT_WINDOW_MS = 10 * 60_000;

/** A change this close to the user's creation is the creation itself (its first password). */
const CREATION_MS = 5_000;

export interface PasswordChangedDeps {
  now: number;
  appUrl: string;
  supportEmail: string;
  findUser(id: string): Promise<ChangedUser | undefined>;
  /** Records that the change at `changedAt` was notified; false when it already was. */
  claimNotice(userId: string, changedAt: string): Promise<boolean>;
  sendMail(message: { to: string; subject: string; html: string; text: string }): Promise<void>;
}

/**
 * Emails the seller that the password changed, when and what to do if it was not them: once per
 * change, whoever reports it (the change-password page, the reset trigger, a retry of either).
 * The moment is the user pool's, never the caller's; a report with no recent change sends
 * nothing.
 * @returns whether an email went out.
 */
export async function notifyPasswordChanged(
  request: {
    userId: string;
    language?: Language | string;
    /**
     * Who reports: the reset trigger runs only when the pool accepted a new password, so it is
     * believed even seconds after the account was made; a signed-in report is not.
     */
    reporter?: 'reset' | 'page';
  },
  deps: PasswordChangedDeps,
): Promise<boolean> {
  const user = await deps.findUser(request.userId);
  if (!user?.lastModifiedAt || !user.enabled) return false;
  const changed = Date.parse(user.lastModifiedAt);
  if (Number.isNaN(changed)) return false;
  const age = deps.now - changed;
  if (age > PASSWORD_CHANGE_REPORT_WINDOW_MS || age < -60_000) return false;
  const created = user.createdAt ? Date.parse(user.createdAt) : Number.NaN;
  const fromReset = request.reporter === 'reset';
  if (!fromReset && !Number.isNaN(created) && changed - created < CREATION_MS) return false;
  const changedAt = new Date(changed).toISOString();
  if (!(await deps.claimNotice(user.id, changedAt))) return false;
  const language = pickLanguage(user.locale, request.language);
  const rendered = renderAccountEmail(
    {
      kind: 'password-changed',
      appUrl: deps.appUrl,
      changedAt,
      supportEmail: deps.supportEmail,
      firstName: user.firstName,
    },
    language,
  );
  await deps.sendMail({ to: user.email, ...rendered });
  return true;
}
