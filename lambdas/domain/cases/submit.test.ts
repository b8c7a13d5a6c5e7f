import type { CaseRecord, DocumentRecord } from './records';
import { submitReimbursement, SubmitError, type SubmitDeps } from './submit';

function world(sendMail: SubmitDeps['sendMail']) {
  let clock = Date.parse('2025-10-01T10:00:00Z');
  const record: CaseRecord & { lease?: { id: string; until: string } } = {
    id: 'case-1',
    user_id: 'u1',
    shipment_id: 'S1',
    role: 'rivenditore',
    status: 'ready',
    created_at: '2025-10-01',
    updated_at: '2025-10-01',
    document_url: null,
    opened_by_user_at: null,
    prepared_reply_txt: null,
    attachments_summary: null,
    demo_mode: false,
    last_customer_service_status: null,
    last_response_excerpt: null,
    submitted_at: null,
    sent_provider: null,
    sent_message_id: null,
    sent_to: null,
    language: 'it',
    poll_step: 0,
  };
  const doc: DocumentRecord = {
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
  };
  const deps: SubmitDeps = {
    now: () => clock,
    newId: (() => {
      let n = 0;
      return () => `lease-${++n}`;
    })(),
    sleep: async (ms) => {
      clock += ms;
    },
    getCase: async () => ({ ...record }),
    claimSend: async (_u, _s, id, now, until) => {
      if (record.sent_message_id || (record.lease && record.lease.until >= now)) return false;
      record.lease = { id, until };
      return true;
    },
    releaseSend: async (_u, _s, id) => {
      if (record.lease?.id === id) delete record.lease;
    },
    markSent: async (_u, _s, id, sent) => {
      if (record.lease?.id !== id) throw new Error('lease lost');
      Object.assign(record, {
        status: sent.status,
        sent_message_id: sent.messageId,
        sent_provider: sent.provider,
      });
      delete record.lease;
      return { ...record };
    },
    listDocuments: async () => [doc],
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
    }),
    replyAddress: async () => 'seller@marketplace.amazon.it',
    loadAttachment: async () => new Uint8Array([1, 2, 3]),
    sendMail,
  };
  return { deps, record, advance: (ms: number) => (clock += ms) };
}

const input = { userId: 'u1', shipmentId: 'S1', language: 'it' as const };

describe('submitReimbursement', () => {
  it('does not mark the case sent when the mail fails, and a retry sends once', async () => {
    let fail = true;
    const sent: string[] = [];
    const { deps, record } = world(async (m) => {
      if (fail) throw new Error('SMTP down');
      sent.push(m.to);
      return { provider: 'smtp', messageId: '<m1>' };
    });
    await expect(submitReimbursement(deps, input)).rejects.toMatchObject({ reason: 'send_failed' });
    expect(record.sent_message_id).toBeNull();
    expect(record.status).toBe('ready');

    fail = false;
    const first = await submitReimbursement(deps, input);
    const again = await submitReimbursement(deps, input);
    expect([first.action, again.action]).toEqual(['created', 'reused']);
    expect(sent).toEqual(['seller@marketplace.amazon.it']);
    expect(record).toMatchObject({
      status: 'Inviato',
      sent_provider: 'smtp',
      sent_message_id: '<m1>',
    });
  });

  it('a sender that crashed mid-send blocks the case only until its lease lapses', async () => {
    const { deps, record, advance } = world(async () => ({ provider: 'ses', messageId: 'm2' }));
    record.lease = { id: 'crashed', until: new Date(deps.now() + 60_000).toISOString() };
    await expect(submitReimbursement(deps, input)).rejects.toBeInstanceOf(SubmitError);
    advance(61_000);
    expect((await submitReimbursement(deps, input)).action).toBe('created');
  });

  it('needs a document and the caller own case', async () => {
    const { deps } = world(async () => ({ provider: 'ses', messageId: 'm' }));
    await expect(
      submitReimbursement({ ...deps, listDocuments: async () => [] }, input),
    ).rejects.toMatchObject({ reason: 'document_required' });
    await expect(submitReimbursement(deps, { ...input, caseId: 'other' })).rejects.toMatchObject({
      reason: 'case_mismatch',
    });
  });
});
