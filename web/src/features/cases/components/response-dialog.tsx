import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseView } from '@domain/cases/contract';
import { demoCaseClosed } from '@domain/cases/demo-poller';
import { responseDisplay } from '@domain/cases/status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { notify } from '../../../lib/toast';
import { simulateResponse } from '../api/dispute';
import { serverMessage } from '../submit-errors';
import { CaseStatusBadge } from './case-status-badge';

/**
 * Spec 4.4: the marketplace's answer to a case. Status from last_customer_service_status, the
 * excerpt of the reply, "prepare new response", and for demo cases a simulated reply.
 */
export function ResponseDialog({
  open,
  onClose,
  caseView,
  onPrepareNew,
}: {
  open: boolean;
  onClose: () => void;
  caseView: CaseView | undefined;
  onPrepareNew: () => void;
}) {
  const { t } = useTranslation('cases');
  const [simulating, setSimulating] = useState(false);
  const display = responseDisplay(caseView?.last_customer_service_status, caseView?.status);
  // A closed demo case has no further simulated reply: the button says why it is off.
  const closed = !!caseView?.demo_mode && demoCaseClosed(caseView);

  async function simulate() {
    if (!caseView) return;
    setSimulating(true);
    try {
      await simulateResponse(caseView.id);
      notify.success({ title: t('response.simulated') });
    } catch (error) {
      notify.error({
        title: t('response.simulateError'),
        description: serverMessage(error, t('response.simulateError')),
      });
    } finally {
      setSimulating(false);
    }
  }

  const label =
    display.state === 'reimbursed'
      ? t('response.reimbursed')
      : display.state === 'partly_reimbursed'
        ? t('response.partlyReimbursed')
        : display.state === 'response_received'
          ? t('response.received')
          : t('response.waiting');

  return (
    <Dialog open={open} onClose={onClose} title={t('response.title')}>
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t('response.status')}:</span>
          <span data-testid="response-status">{label}</span>
          {caseView ? <CaseStatusBadge status={caseView.status} /> : null}
        </p>
        {display.state === 'reimbursed' ? (
          <Alert tone="success">{t('response.reimbursedText')}</Alert>
        ) : null}
        {display.state === 'partly_reimbursed' ? (
          <Alert tone="info">{t('response.partlyReimbursedText')}</Alert>
        ) : null}
        {display.state === 'waiting' ? (
          <p className="text-sm text-slate-700">{t('response.waitingText')}</p>
        ) : null}
        {caseView?.last_response_excerpt ? (
          <figure>
            <figcaption className="text-sm font-semibold">{t('response.excerpt')}</figcaption>
            <blockquote className="mt-1 rounded-lg border-l-4 border-slate-300 bg-slate-50 p-3 text-sm whitespace-pre-wrap">
              {caseView.last_response_excerpt}
            </blockquote>
          </figure>
        ) : null}
        {closed ? (
          <p id="simulate-closed" className="text-sm text-slate-700">
            {t('response.simulateClosed')}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          {caseView?.demo_mode ? (
            <Button
              variant="secondary"
              disabled={simulating || closed}
              aria-describedby={closed ? 'simulate-closed' : undefined}
              onClick={() => void simulate()}
            >
              {t('response.simulate')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onPrepareNew}>
            {t('response.prepareNew')}
          </Button>
          <Button onClick={onClose}>{t('response.close')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
