import { useEffect, useRef } from 'react';
import type { CaseDocument, CaseDraft, CaseFiling, CaseView } from '@domain/cases/contract';
import { useCaseDetailRead, useCaseOf } from './api/cases';

export type CaseDetailState = {
  caseView: CaseView | undefined;
  documents: CaseDocument[];
  /** How the case is filed: its Seller Central page, and the reply address when saved. */
  filing: CaseFiling | undefined;
  /** The sheet's notes kept on the server, undefined until read. */
  draft: CaseDraft | null | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
};

/**
 * A shipment's case and documents. The case comes from the live list (so it follows changes
 * made elsewhere); the documents are read again whenever the case changes or after an action
 * of this tab (`reload`). The previous documents stay on screen while a newer read is under way.
 */
export function useCaseDetail(shipmentId: string): CaseDetailState {
  const { caseView: live } = useCaseOf(shipmentId);
  const detail = useCaseDetailRead(shipmentId);
  const { mutate } = detail;
  const liveStamp = live ? `${live.updated_at}|${live.status}` : 'none';
  const seenStamp = useRef(liveStamp);
  useEffect(() => {
    if (seenStamp.current === liveStamp) return;
    seenStamp.current = liveStamp;
    void mutate();
  }, [liveStamp, mutate]);

  return {
    caseView: live ?? detail.data?.case ?? undefined,
    documents: detail.data?.documents ?? [],
    filing: detail.data?.filing ?? undefined,
    draft: detail.data ? detail.data.draft : undefined,
    loading: detail.isValidating,
    error: detail.error,
    reload: () => void mutate(),
  };
}
