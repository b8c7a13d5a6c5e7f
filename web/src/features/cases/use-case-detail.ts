import { useCallback, useEffect, useState } from 'react';
import type { CaseDocument, CaseView } from '../../../../lambdas/domain/cases/contract';
import { fetchCaseDetail, useCaseOf } from './api/cases';

export type CaseDetailState = {
  caseView: CaseView | undefined;
  documents: CaseDocument[];
  loading: boolean;
  error: unknown;
  reload: () => void;
};

type Loaded = {
  key: string;
  documents: CaseDocument[];
  caseView: CaseView | null;
  error: unknown;
};

/**
 * A shipment's case and documents. The case comes from the live list (so it follows changes
 * made elsewhere); the documents are read again whenever the case changes or after an action
 * of this tab (`reload`).
 */
export function useCaseDetail(shipmentId: string): CaseDetailState {
  const { caseView: live } = useCaseOf(shipmentId);
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const liveStamp = live ? `${live.updated_at}|${live.status}` : 'none';
  const key = `${shipmentId}|${liveStamp}|${version}`;

  useEffect(() => {
    let current = true;
    fetchCaseDetail(shipmentId).then(
      (detail) =>
        current &&
        setLoaded({ key, documents: detail.documents, caseView: detail.case, error: undefined }),
      (error: unknown) =>
        current &&
        setLoaded((previous) => ({
          key,
          documents: previous?.documents ?? [],
          caseView: previous?.caseView ?? null,
          error,
        })),
    );
    return () => {
      current = false;
    };
  }, [shipmentId, key]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  // The previous documents stay on screen while a newer read is under way.
  const sameShipment = loaded?.key.startsWith(`${shipmentId}|`) ?? false;
  return {
    caseView: live ?? (sameShipment ? loaded?.caseView : undefined) ?? undefined,
    documents: sameShipment ? (loaded?.documents ?? []) : [],
    loading: loaded?.key !== key,
    error: sameShipment ? loaded?.error : undefined,
    reload,
  };
}
