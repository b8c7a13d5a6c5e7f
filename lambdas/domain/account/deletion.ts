import { normalizeEmail } from '../email-address';
import { ReasonedRefusal, type Refusal } from '../errors';

/** Why an account-deletion request is refused before anything is deleted. */
export type DeletionRefusal = 'email_required' | 'email_mismatch';

const DELETION_REFUSALS: Record<DeletionRefusal, Refusal> = {
  email_required: { kind: 'invalid_input', messageKey: 'accountEmailRequired' },
  email_mismatch: { kind: 'forbidden', messageKey: 'accountEmailMismatch' },
};

export class DeletionRefused extends ReasonedRefusal<DeletionRefusal> {
  constructor(reason: DeletionRefusal) {
    super(
      reason,
      DELETION_REFUSALS,
      reason === 'email_required' ? { details: { field: 'email' } } : {},
    );
  }
}

/**
 * A write for a user whose account was deleted meanwhile (a sync segment, the demo data or an
 * import still running, a request with a token issued before the deletion): nothing was
 * written, or what was written has been removed again.
 */
export class AccountDeleted extends Error {
  constructor(readonly userId: string) {
    super('The account was deleted');
    this.name = 'AccountDeleted';
  }
}

/** Everything the deletion touches, as small operations on one user's data. */
export interface AccountStores {
  /** The account's email from the user directory, or the profile when the directory has none. */
  findEmail(userId: string): Promise<string | undefined>;
  /** Revokes the user's refresh tokens, so no session of theirs outlives the deletion. */
  endSessions(userId: string): Promise<void>;
  deleteDocuments(userId: string): Promise<void>;
  /** Every table item of the user, including those kept outside the user's partition. */
  deleteTableItems(userId: string, email: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
}

/**
 * Deletes a seller's account and everything that belongs to it (`delete-user-account`).
 * The typed email must be the account's own, a last confirmation that the right account
 * goes. Every session ends first (no device renews its tokens), then files go, then table
 * items, then the sign-in identity last: each step is idempotent, and as long as the identity
 * exists the user can sign in again and retry, so a failure halfway never leaves data behind
 * that nobody can delete. Writers still running for the user (a sync segment, the demo data,
 * an import) are conditioned on the profile, which the table step deletes first.
 *
 * @returns false when the account was already gone (a retry after a complete deletion).
 */
export async function deleteAccount(
  request: { userId: string; email: string },
  stores: AccountStores,
): Promise<boolean> {
  const typed = normalizeEmail(request.email);
  if (!typed) throw new DeletionRefused('email_required');
  const actual = await stores.findEmail(request.userId);
  if (actual === undefined) return false;
  if (normalizeEmail(actual) !== typed) throw new DeletionRefused('email_mismatch');
  await stores.endSessions(request.userId);
  await stores.deleteDocuments(request.userId);
  await stores.deleteTableItems(request.userId, normalizeEmail(actual));
  await stores.deleteUser(request.userId);
  return true;
}
