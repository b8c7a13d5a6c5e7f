import {
  marketplaceDomainForId,
  sellerCentralCaseUrl,
  WIZARD_MARKETPLACE_TABLE,
} from '../marketplaces';
import { markCaseOpened, saveCaseDraft, type CaseActionDeps } from './case-actions';
import type { CaseDraft } from './contract';
import { demoCaseClosed } from './demo-poller';
import type { CaseRecord } from './records';
import { CaseRefused } from './refusals';
import { isAcceptedCaseReplyEmail, REPLY_ADDRESS_MARKETPLACES } from './reply-marketplaces';
import { caseRecord } from './test-support/case-record';

/** The case actions against an in-memory table of one seller's cases and drafts. */
function fakeDeps(initial: CaseRecord[]) {
  const cases = new Map(initial.map((c) => [c.shipment_id, c]));
  const drafts = new Map<string, CaseDraft>();
  const writes: string[] = [];
  const deps = {
    getCase: async (_user: string, shipmentId: string) => cases.get(shipmentId),
    getShipment: async (_user: string, shipmentId: string) =>
      shipmentId.startsWith('FBA') ? ({ marketplace: 'amazon.de' } as never) : undefined,
    listDocuments: async () => [],
    dataChanged: async () => undefined,
    markOpened: async (
      _user: string,
      shipmentId: string,
      opened: { amazonCaseId: string; nowIso: string },
    ) => {
      const current = cases.get(shipmentId);
      if (!current) return undefined;
      writes.push(shipmentId);
      const next = {
        ...current,
        status: 'in_lavorazione',
        amazon_case_id: opened.amazonCaseId,
        opened_by_user_at: current.opened_by_user_at ?? opened.nowIso,
        updated_at: opened.nowIso,
      };
      cases.set(shipmentId, next);
      return next;
    },
    replyAddress: async () => undefined,
    getDraft: async (_user: string, shipmentId: string) => drafts.get(shipmentId),
    saveDraft: async (_user: string, shipmentId: string, draft: CaseDraft | undefined) => {
      if (draft) drafts.set(shipmentId, draft);
      else drafts.delete(shipmentId);
    },
    recordSellerOutcome: async () => undefined,
    settleUnverifiedSend: async () => undefined,
    putAudit: async () => undefined,
    newId: () => 'id-1',
    now: () => Date.parse('2026-11-29T10:00:00Z'),
  } satisfies CaseActionDeps;
  return { deps, cases, drafts, writes };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CaseRefused) return error.reason;
    throw error;
  }
  throw new Error('not refused');
}

describe('"I opened the case" (issue 29)', () => {
  it('takes Amazon case ids of 5 to 15 digits only', async () => {
    const { deps, writes } = fakeDeps([caseRecord('FBA1')]);
    for (const body of [undefined, {}, { amazon_case_id: '1234' }, { amazon_case_id: 'AB12345' }]) {
      expect(await refusal(markCaseOpened(deps, 'seller-1', 'FBA1', body, 'it'))).toBe(
        'amazon_case_id_invalid',
      );
    }
    expect(writes).toEqual([]);
  });

  it('puts a ready case in progress with the id, once; a repeat with the same id writes nothing', async () => {
    const { deps, cases, writes } = fakeDeps([caseRecord('FBA1')]);
    const first = await markCaseOpened(
      deps,
      'seller-1',
      'FBA1',
      { amazon_case_id: '12345678' },
      'en',
    );
    expect(first.message).toBe('Shipment marked as In progress');
    expect(first.case).toMatchObject({
      normalized_status: 'in_progress',
      amazon_case_id: '12345678',
    });
    await markCaseOpened(deps, 'seller-1', 'FBA1', { amazon_case_id: '12345678' }, 'it');
    expect(writes).toEqual(['FBA1']);
    // Another id corrects the first; the day it was opened stays.
    await markCaseOpened(deps, 'seller-1', 'FBA1', { amazon_case_id: '87654321' }, 'it');
    expect(cases.get('FBA1')).toMatchObject({
      amazon_case_id: '87654321',
      opened_by_user_at: '2026-11-29T10:00:00.000Z',
    });
  });

  it('refuses a case Amazon already answered or settled, and a missing case', async () => {
    const { deps } = fakeDeps([
      caseRecord('FBA1', { status: 'rimborsato' }),
      caseRecord('FBA2', { status: 'risposta_ricevuta' }),
    ]);
    for (const shipment of ['FBA1', 'FBA2']) {
      expect(
        await refusal(
          markCaseOpened(deps, 'seller-1', shipment, { amazon_case_id: '12345' }, 'it'),
        ),
      ).toBe('case_not_openable');
    }
    expect(
      await refusal(markCaseOpened(deps, 'seller-1', 'FBA3', { amazon_case_id: '12345' }, 'it')),
    ).toBe('case_not_found');
  });
});

describe("the sheet's draft notes", () => {
  it('keeps the notes with text, clears an empty draft, and needs a shipment of the caller', async () => {
    const { deps, drafts } = fakeDeps([]);
    const saved = await saveCaseDraft(deps, 'seller-1', 'FBA1', {
      notes: { tracking: '1Z999', fattura: '   ' },
    });
    expect(saved.draft).toEqual({
      notes: { tracking: '1Z999' },
      updated_at: '2026-11-29T10:00:00.000Z',
    });
    await saveCaseDraft(deps, 'seller-1', 'FBA1', { notes: { pod: '' } });
    expect(drafts.has('FBA1')).toBe(false);
    expect(await refusal(saveCaseDraft(deps, 'seller-1', 'OTHER', { notes: {} }))).toBe(
      'shipment_not_found',
    );
  });
});

describe('the marketplaces a case is filed on', () => {
  it('every marketplace the wizard offers has its Seller Central page and takes a reply address', () => {
    expect(WIZARD_MARKETPLACE_TABLE.map((m) => sellerCentralCaseUrl(m.domain))).toEqual([
      'https://sellercentral.amazon.it/help/hub/support',
      'https://sellercentral.amazon.de/help/hub/support',
      'https://sellercentral.amazon.fr/help/hub/support',
      'https://sellercentral.amazon.es/help/hub/support',
      'https://sellercentral.amazon.co.uk/help/hub/support',
      'https://sellercentral.amazon.nl/help/hub/support',
      'https://sellercentral.amazon.com.be/help/hub/support',
      'https://sellercentral.amazon.pl/help/hub/support',
      'https://sellercentral.amazon.se/help/hub/support',
    ]);
    const domains = REPLY_ADDRESS_MARKETPLACES.map((m) => m.domain);
    for (const m of WIZARD_MARKETPLACE_TABLE) {
      expect(domains).toContain(m.domain);
      expect(marketplaceDomainForId(m.id)).toBe(m.domain);
      expect(isAcceptedCaseReplyEmail(`seller@marketplace.${m.domain}`)).toBe(true);
    }
    expect(domains).toContain('amazon.com');
    expect(isAcceptedCaseReplyEmail('seller@amazon.example')).toBe(false);
  });
});

describe('a closed demo case', () => {
  it('has no further simulated reply', () => {
    expect(demoCaseClosed({ shipment_id: 'DEMO001', status: 'rimborsato' })).toBe(true);
    expect(demoCaseClosed({ shipment_id: 'DEMO003', status: 'chiuso_respinto' })).toBe(true);
    expect(demoCaseClosed({ shipment_id: 'DEMO001', status: 'risposta_ricevuta' })).toBe(false);
  });
});
