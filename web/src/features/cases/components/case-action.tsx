import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFor, type CaseAction as Action } from '@domain/cases/status';
import { Button } from '../../../components/ui/button';
import { useCaseOf } from '../api/cases';
import type { CaseShipment } from '../types';
import { CaseSheet } from './case-sheet';
import { CaseStatusBadge } from './case-status-badge';
import { ResponseDialog } from './response-dialog';

const LABEL_KEYS = {
  prepare_dispute: 'action.prepare',
  upload_documents: 'action.upload',
  follow_up: 'action.followUp',
  copy_reply: 'action.copyReply',
  read_response: 'action.readResponse',
  completed: 'action.completed',
  closed: 'action.closed',
  check_send: 'action.checkSend',
} as const satisfies Record<Action, string>;

/**
 * A shipment row's case badge and action button (spec 4.2, 4.3): the sheet for preparing,
 * uploading, following up or replying; the response dialog for a received response; disabled
 * once the case is over. The shipments list renders it through its `renderCaseAction` slot.
 */
export function CaseAction({ shipment }: { shipment: CaseShipment }) {
  const { t } = useTranslation('cases');
  const { caseView } = useCaseOf(shipment.shipment_id);
  const { action, disabled } = actionFor(caseView?.status);
  const [open, setOpen] = useState<'sheet' | 'response' | undefined>(undefined);
  // A shipment past its window is not "ready": the row shows the window's state instead, and
  // past every window Amazon states, preparing is still possible but said for what it is.
  const windowState = shipment.claim?.state;
  const notStarted = !caseView && action === 'prepare_dispute';
  const pastWindow = notStarted && (windowState === 'last_chance' || windowState === 'expired');
  const label =
    notStarted && windowState === 'expired' ? t('action.prepareAnyway') : t(LABEL_KEYS[action]);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {pastWindow ? null : <CaseStatusBadge status={caseView?.status} />}
      <Button
        size="sm"
        variant={disabled ? 'secondary' : 'primary'}
        disabled={disabled}
        onClick={() => setOpen(action === 'read_response' ? 'response' : 'sheet')}
        aria-label={`${label} · ${shipment.shipment_id}`}
      >
        {label}
      </Button>
      <CaseSheet shipment={shipment} open={open === 'sheet'} onClose={() => setOpen(undefined)} />
      <ResponseDialog
        open={open === 'response'}
        onClose={() => setOpen(undefined)}
        caseView={caseView}
        onPrepareNew={() => setOpen('sheet')}
      />
    </div>
  );
}
