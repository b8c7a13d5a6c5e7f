import fc from 'fast-check';
import type { CaseRecord, DocumentRecord } from './records';
import { normalizeStatus } from './status';
import { caseRecord } from './test-support/case-record';
import {
  SEND_LEASE_MS,
  submitReimbursement,
  SubmitError,
  type SubmitDeps,
  type SubmitInput,
} from './submit';

/**
 * The case row as the DynamoDB adapter keeps it, with the same conditions (claim, sending,
 * release, sent, unverified), so the domain's exactly-once rules are tested against the
 * semantics they rely on. `mails` is what the mail provider accepted.
 */
class CaseStore {
  now = Date.parse('2025-10-01T10:00:00Z');
  record: CaseRecord;
  lease: { id: string; until: string; phase: 'claimed' | 'sending' } | undefined;
  mails: { to: string; bcc?: string; replyTo?: string; messageId: string }[] = [];
  sends = new Map<string, number>();
  demoShipment = false;
  documents: DocumentRecord[];

  constructor() {
    this.record = caseRecord('S1', {
      id: 'case-1',
      user_id: 'u1',
      created_at: '2025-10-01',
      updated_at: '2025-10-01',
    });
    this.documents = [
      {
        id: 'd1',
        user_id: 'u1',
        shipment_id: 'S1',
        doc_type: 'fattura',
        path: 'u1/x.pdf',
        filename: 'x.pdf',
        size: 3,
        content_type: 'application/pdf',
        created_at: '2025-10-01',
        reading: null,
      },
    ];
  }

  private iso() {
    return new Date(this.now).toISOString();
  }

  /** What a read answers: a send that lapsed while sending reads as to be checked. */
  read(): CaseRecord {
    const lapsedSending =
      this.lease?.phase === 'sending' &&
      this.lease.until < this.iso() &&
      !this.record.sent_message_id;
    return { ...this.record, status: lapsedSending ? 'da_verificare' : this.record.status };
  }

  /** The seller's word on a to-be-checked case, as `POST …/send-check` gives it. */
  settle(outcome: 'sent' | 'not_sent') {
    expect(normalizeStatus(this.read().status)).toBe('to_check');
    this.lease = undefined;
    if (outcome === 'sent') {
      Object.assign(this.record, {
        status: 'Inviato',
        sent_provider: 'seller_confirmed',
        sent_message_id: 'confirmed',
      });
    } else this.record.status = 'ready';
  }

  deps(mailFails = false): SubmitDeps {
    let ids = 0;
    return {
      now: () => this.now,
      newId: () => `id-${++ids}-${Math.random().toString(36).slice(2, 6)}`,
      sleep: async (ms) => {
        this.now += ms;
      },
      getCase: async () => this.read(),
      claimSend: async (_u, _s, id, now, until) => {
        if (this.record.sent_message_id) return false;
        if (this.lease && !(this.lease.until < now && this.lease.phase === 'claimed')) return false;
        this.lease = { id, until, phase: 'claimed' };
        return true;
      },
      markSending: async (_u, _s, id) => {
        if (this.lease?.id !== id || this.record.sent_message_id) return false;
        this.lease.phase = 'sending';
        return true;
      },
      releaseSend: async (_u, _s, id) => {
        if (this.lease?.id === id) this.lease = undefined;
      },
      markSent: async (_u, _s, id, sent) => {
        if (this.lease?.id !== id || this.record.sent_message_id) throw new Error('condition');
        Object.assign(this.record, {
          status: sent.status,
          sent_message_id: sent.messageId,
          sent_provider: sent.provider,
          sent_to: sent.to,
        });
        this.lease = undefined;
        return { ...this.record };
      },
      markUnverified: async (_u, _s, now) => {
        if (this.record.sent_message_id) return false;
        if (this.lease?.phase !== 'sending' || !(this.lease.until < now)) {
          return this.record.status === 'da_verificare';
        }
        this.record.status = 'da_verificare';
        return true;
      },
      takeDailySend: async (_u, day, limit) => {
        const used = this.sends.get(day) ?? 0;
        if (used >= limit) return false;
        this.sends.set(day, used + 1);
        return true;
      },
      listDocuments: async () => this.documents,
      getShipment: async () => ({
        shipment_id: 'S1',
        shipment_name: 'n',
        reference_id: null,
        fc_code: 'MXP5',
        closed_at: null,
        units_expected: 10,
        units_found: 8,
        marketplace: 'amazon.it',
        items: [],
        demo: this.demoShipment,
      }),
      replyAddress: async () => 'seller@marketplace.amazon.it',
      accountEmail: async () => 'giulia@casamoka.it',
      loadAttachment: async () => new Uint8Array([1, 2, 3]),
      sendMail: async (message) => {
        if (mailFails) throw new Error('SMTP down');
        const messageId = `<m${this.mails.length + 1}>`;
        this.mails.push({ to: message.to, bcc: message.bcc, replyTo: message.replyTo, messageId });
        return { provider: 'smtp', messageId };
      },
    };
  }
}

const input: SubmitInput = { userId: 'u1', shipmentId: 'S1', language: 'it' };

describe('submitReimbursement', () => {
  it('does not mark the case sent when the mail fails, and a retry sends once', async () => {
    const store = new CaseStore();
    await expect(submitReimbursement(store.deps(true), input)).rejects.toMatchObject({
      reason: 'send_failed',
    });
    expect(store.record.sent_message_id).toBeNull();
    expect(store.read().status).toBe('ready');

    const first = await submitReimbursement(store.deps(), input);
    const again = await submitReimbursement(store.deps(), input);
    expect([first.action, again.action]).toEqual(['created', 'reused']);
    expect(store.mails.map((m) => m.to)).toEqual(['seller@marketplace.amazon.it']);
    expect(store.record).toMatchObject({
      status: 'Inviato',
      sent_provider: 'smtp',
      sent_message_id: '<m1>',
    });
  });

  it("Amazon's answer reaches the seller: Reply-To is their account email, and they get a copy", async () => {
    const store = new CaseStore();
    await submitReimbursement(store.deps(), input);
    expect(store.mails).toEqual([
      expect.objectContaining({
        to: 'seller@marketplace.amazon.it',
        replyTo: 'giulia@casamoka.it',
        bcc: 'giulia@casamoka.it',
      }),
    ]);
  });

  it('a demo case is simulated: nothing is mailed, and it starts as processing', async () => {
    const store = new CaseStore();
    store.record.demo_mode = true;
    const result = await submitReimbursement(store.deps(), input);
    expect(result).toMatchObject({ action: 'created', simulated: true });
    expect(store.mails).toEqual([]);
    expect(store.record).toMatchObject({ status: 'in_lavorazione', sent_provider: 'simulated' });
    expect(store.sends.size).toBe(0);
  });

  it('a shipment the demo wrote is simulated even when its case says otherwise', async () => {
    const store = new CaseStore();
    store.demoShipment = true;
    expect((await submitReimbursement(store.deps(), input)).simulated).toBe(true);
    expect(store.mails).toEqual([]);
  });

  it("the diagnostic send goes to the caller's own address, never to Amazon", async () => {
    const store = new CaseStore();
    store.record.demo_mode = true;
    await submitReimbursement(store.deps(), { ...input, destination: 'self' });
    expect(store.mails).toEqual([expect.objectContaining({ to: 'giulia@casamoka.it' })]);
    expect(store.mails[0]?.bcc).toBeUndefined();
  });

  it('a case whose documents exceed one email is refused before anything is claimed', async () => {
    const store = new CaseStore();
    store.documents = [
      { ...store.documents[0]!, id: 'a', size: 20 * 1024 * 1024 },
      { ...store.documents[0]!, id: 'b', size: 6 * 1024 * 1024 },
    ];
    await expect(submitReimbursement(store.deps(), input)).rejects.toMatchObject({
      reason: 'attachments_too_large',
    });
    expect(store.lease).toBeUndefined();
    expect(store.mails).toEqual([]);
  });

  it('the daily allowance stops the 21st dispute of the day, and the case stays ready', async () => {
    const store = new CaseStore();
    store.sends.set('2025-10-01', 20);
    await expect(submitReimbursement(store.deps(), input)).rejects.toMatchObject({
      reason: 'daily_quota',
    });
    expect(store.lease).toBeUndefined();
    expect(store.read().status).toBe('ready');
    store.now += 86_400_000;
    expect((await submitReimbursement(store.deps(), input)).action).toBe('created');
  });

  it('a failed record of an accepted mail is retried, and the mail goes once', async () => {
    const store = new CaseStore();
    const deps = store.deps();
    let failures = 2;
    const markSent = deps.markSent;
    deps.markSent = async (...args) => {
      if (failures-- > 0) throw new Error('throttled');
      return markSent(...args);
    };
    expect((await submitReimbursement(deps, input)).action).toBe('created');
    expect(store.mails).toHaveLength(1);
    expect(store.record.status).toBe('Inviato');
  });

  it('an accepted mail that cannot be recorded is never resent: the case is to be checked', async () => {
    const store = new CaseStore();
    const deps = store.deps();
    deps.markSent = async () => {
      throw new Error('table unavailable');
    };
    await expect(submitReimbursement(deps, input)).rejects.toMatchObject({
      reason: 'record_failed',
    });
    store.now += SEND_LEASE_MS + 1;
    expect(normalizeStatus(store.read().status)).toBe('to_check');
    await expect(submitReimbursement(store.deps(), input)).rejects.toMatchObject({
      reason: 'send_unverified',
    });
    expect(store.mails).toHaveLength(1);
  });

  it('needs a document and the caller own case', async () => {
    const store = new CaseStore();
    await expect(
      submitReimbursement({ ...store.deps(), listDocuments: async () => [] }, input),
    ).rejects.toMatchObject({ reason: 'document_required' });
    await expect(
      submitReimbursement(store.deps(), { ...input, caseId: 'other' }),
    ).rejects.toMatchObject({ reason: 'case_mismatch' });
  });

  it('a sender that died after claiming, before sending, blocks the case only until its lease lapses', async () => {
    const store = new CaseStore();
    store.lease = {
      id: 'crashed',
      until: new Date(store.now + SEND_LEASE_MS).toISOString(),
      phase: 'claimed',
    };
    await expect(submitReimbursement(store.deps(), input)).rejects.toBeInstanceOf(SubmitError);
    store.now += SEND_LEASE_MS + 1;
    expect((await submitReimbursement(store.deps(), input)).action).toBe('created');
    expect(store.mails).toHaveLength(1);
  });
});

/**
 * Issue 15, faults at every step: the function dies at the n-th call it makes (before or after
 * that call's effect), as a killed Lambda would, with no catch or finally running. Whatever the
 * step, the seller then retries (and settles a case to be checked the way their copy of the
 * mail tells them): Amazon receives the dispute exactly once, and the case ends sent.
 */
describe('submitReimbursement killed at any step', () => {
  const DEAD = new Promise<never>(() => {});

  function dying(store: CaseStore, n: number, afterEffect: boolean): SubmitDeps {
    const deps = store.deps();
    let calls = 0;
    let dead = false;
    const wrapped = { ...deps };
    for (const key of Object.keys(deps) as (keyof SubmitDeps)[]) {
      if (key === 'now' || key === 'newId') continue;
      const original = deps[key] as (...args: unknown[]) => Promise<unknown>;
      (wrapped as Record<string, unknown>)[key] = async (...args: unknown[]) => {
        if (dead) return DEAD;
        calls += 1;
        if (calls !== n) return original(...args);
        dead = true;
        if (afterEffect) await original(...args);
        return DEAD;
      };
    }
    return wrapped;
  }

  /** The seller presses send again; when the case asks, they settle it from their copy. */
  async function retryUntilSent(store: CaseStore) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      store.now += SEND_LEASE_MS + 1;
      try {
        await submitReimbursement(store.deps(), input);
      } catch (error) {
        if (!(error instanceof SubmitError)) throw error;
      }
      if (store.record.sent_message_id) return;
      if (normalizeStatus(store.read().status) === 'to_check') {
        // The seller's copy (Bcc) is their evidence: it exists exactly when the mail went.
        store.settle(store.mails.some((m) => m.bcc === 'giulia@casamoka.it') ? 'sent' : 'not_sent');
      }
    }
  }

  it('Amazon gets the dispute exactly once, and the case ends sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 14 }), fc.boolean(), async (n, after) => {
        const store = new CaseStore();
        const run = submitReimbursement(dying(store, n, after), input).catch(() => undefined);
        // Let the dying call chain run until it stops for good.
        await Promise.race([run, new Promise((resolve) => setTimeout(resolve, 5))]);
        const mailsAtDeath = store.mails.length;
        expect(mailsAtDeath).toBeLessThanOrEqual(1);
        await retryUntilSent(store);
        expect(store.mails).toHaveLength(1);
        expect(store.record.sent_message_id).not.toBeNull();
        expect(normalizeStatus(store.read().status)).toBe('submitted');
      }),
      { numRuns: 60 },
    );
  });
});
