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

/** What answering a deletion request touches: the directory, the sessions, the queue. */
export interface DeletionRequestStores {
  /** The account's email from the user directory, or the profile when the directory has none. */
  findEmail(userId: string): Promise<string | undefined>;
  /** Revokes the user's refresh tokens, so no session of theirs outlives the deletion. */
  endSessions(userId: string): Promise<void>;
  /**
   * Marks the account as being deleted (the tombstone): from then on every write with a token
   * of the user is refused, and writers still running for them stop.
   */
  markDeleting(userId: string): Promise<void>;
  /** Puts the deletion of the user's files, items and identity on the account queue. */
  enqueueDeletion(userId: string): Promise<void>;
}

/** Everything the background deletion touches, as small idempotent operations on one user's data. */
export interface DeletionWorkStores {
  findEmail(userId: string): Promise<string | undefined>;
  deleteDocuments(userId: string): Promise<void>;
  /** Every table item of the user, including those kept outside the user's partition. */
  deleteTableItems(userId: string, email: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
}

/**
 * Answers a seller's account-deletion request (`delete-user-account`) at once. The typed email
 * must be the account's own, a last confirmation that the right account goes. Every session
 * ends first (no device renews its tokens), the account is marked as being deleted (no write of
 * theirs gets through any more), then the deletion itself is queued for the worker
 * (`finishAccountDeletion`). A repeated request queues it again, which is harmless: the worker
 * is idempotent.
 *
 * @returns false when the account was already gone (a retry after a complete deletion).
 */
export async function requestAccountDeletion(
  request: { userId: string; email: string },
  stores: DeletionRequestStores,
): Promise<boolean> {
  const typed = normalizeEmail(request.email);
  if (!typed) throw new DeletionRefused('email_required');
  const actual = await stores.findEmail(request.userId);
  if (actual === undefined) return false;
  if (normalizeEmail(actual) !== typed) throw new DeletionRefused('email_mismatch');
  await stores.endSessions(request.userId);
  await stores.markDeleting(request.userId);
  await stores.enqueueDeletion(request.userId);
  return true;
}

/**
 * The account queue's deletion job: files go first, then table items, then the sign-in identity
 * last. Each step is idempotent, and as long as the identity exists the account's email can be
 * found again, so a message delivered twice, or retried after a failure halfway, finishes the
 * job and never leaves data behind that nobody can delete. Writers still running for the user
 * (a sync segment, the demo data, an import) are conditioned on the profile, which the table
 * step deletes first.
 *
 * @returns false when there was nothing left to delete (a second delivery after a complete run).
 */
export async function finishAccountDeletion(
  userId: string,
  stores: DeletionWorkStores,
): Promise<boolean> {
  const email = await stores.findEmail(userId);
  if (email === undefined) return false;
  await stores.deleteDocuments(userId);
  await stores.deleteTableItems(userId, normalizeEmail(email));
  await stores.deleteUser(userId);
  return true;
}
