import { useEffect, useMemo, useRef, useState } from 'react';
import {
  documentListResponse,
  type CaseDocument,
  type CaseDraft,
  type CaseFiling,
  type CaseView,
} from '@domain/cases/contract';
import { useUserRead } from '../../lib/swr';
import { useCaseDetailRead, useCaseOf } from './api/cases';

/** How often the sheet asks for the documents while one is being read in the background. */
export const READING_POLL_MS = 2_500;

const isPending = (documents: readonly CaseDocument[] | undefined) =>
  (documents ?? []).some((document) => document.reading_pending);

/**
 * Scans and photos are read in the background (issue 33): while one of the case's documents is
 * being read, `GET /api/documents?shipmentId=` is asked again every `READING_POLL_MS`, and stops
 * once none is. Its documents carry their reading and what to check about it (the case detail
 * gives no warnings), so they replace the detail's.
 */
function useReadDocuments(shipmentId: string, documents: readonly CaseDocument[]) {
  const pendingIds = documents
    .filter((document) => document.reading_pending)
    .map((document) => document.id)
    .join(',');
  // Once a document was seen being read, the list is kept (its warnings) after the polling.
  const [watching, setWatching] = useState(false);
  if (pendingIds && !watching) setWatching(true);
  const read = useUserRead(
    watching ? `/documents?shipmentId=${encodeURIComponent(shipmentId)}` : null,
    documentListResponse,
    { refreshInterval: (latest) => (!latest || isPending(latest.documents) ? READING_POLL_MS : 0) },
  );
  const { mutate } = read;
  // A document newly being read (another upload) starts the polling again.
  useEffect(() => {
    if (pendingIds) void mutate();
  }, [pendingIds, mutate]);
  const listed = read.data?.documents;
  return useMemo(() => {
    const fresh = new Map((listed ?? []).map((document) => [document.id, document]));
    return documents.map((document) => {
      const newer = fresh.get(document.id);
      // A list read before the detail saw the reading does not bring "being read" back.
      return newer && !(newer.reading_pending && !document.reading_pending) ? newer : document;
    });
  }, [documents, listed]);
}

export type CaseDetailState = {
  caseView: CaseView | undefined;
  documents: CaseDocument[];
  /** How the case is filed: its Seller Central page, and the reply address when saved. */
  filing: CaseFiling | undefined;
  /** The sheet's notes kept on the server, undefined until read. */
  draft: CaseDraft | null | undefined;
  loading: boolean;
  error: unknown;
  /**
   * Reads the case and its documents again. With the document an upload of this tab just
   * confirmed, it is listed at once as the confirm returned it (e.g. "being read"), before the
   * new read comes back.
   */
  reload: (uploaded?: CaseDocument) => void;
};

/**
 * A shipment's case and documents. The case comes from the live list (so it follows changes
 * made elsewhere); the documents are read again whenever the case changes or after an action
 * of this tab (`reload`). The previous documents stay on screen while a newer read is under way.
 */
const NO_DOCUMENTS: CaseDocument[] = [];

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

  const documents = useReadDocuments(shipmentId, detail.data?.documents ?? NO_DOCUMENTS);

  return {
    caseView: live ?? detail.data?.case ?? undefined,
    documents,
    filing: detail.data?.filing ?? undefined,
    draft: detail.data ? detail.data.draft : undefined,
    loading: detail.isValidating,
    error: detail.error,
    reload: (uploaded) => {
      if (!uploaded) return void mutate();
      void mutate(
        (current) =>
          current && {
            ...current,
            documents: [...current.documents.filter((d) => d.id !== uploaded.id), uploaded],
          },
        { revalidate: true },
      );
    },
  };
}
