import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseRole } from '@domain/cases/contract';
import { canRequest, REQUIRED_DOCUMENTS } from '@domain/cases/requirements';
import { isLocked } from '@domain/cases/status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { disputeLanguageFor } from '@domain/cases/dispute-language';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { generateDraft } from '../api/dispute';
import { serverMessage } from '../submit-errors';
import type { CaseShipment } from '../types';
import { useCaseDetail } from '../use-case-detail';
import { CaseSheet } from './case-sheet';
import { CaseStatusBadge } from './case-status-badge';
import { DocumentTypeSection } from './document-type-section';
import { ResponseDialog } from './response-dialog';
import { RolePicker } from './role-picker';

/**
 * Spec 2.8 upload-documents panel of one shipment: role first, then the mandatory and optional
 * documents of that role, "CHIEDI RIMBORSO" (it opens the sheet, where the case is filed on
 * Seller Central), and the prepared message in a dialog.
 */
export function UploadPanel({ shipment }: { shipment: CaseShipment }) {
  const { t } = useTranslation('cases');
  const format = useFormatters();
  const detail = useCaseDetail(shipment.shipment_id);
  const { caseView, documents } = detail;
  const [chosenRole, setRole] = useState<CaseRole | undefined>(undefined);
  const role = chosenRole ?? caseView?.role ?? undefined;
  const locked = isLocked(caseView?.status);
  const [open, setOpen] = useState<'sheet' | 'message' | 'response' | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [loadingMessage, setLoadingMessage] = useState(false);
  const presentTypes = new Set(documents.map((document) => document.doc_type));
  const requirements = role ? REQUIRED_DOCUMENTS[role] : undefined;
  const allowed = canRequest({ role, presentTypes, locked, submitting: false });
  const headingId = `shipment-${shipment.shipment_id}`;

  async function showMessage() {
    setOpen('message');
    const prepared = caseView?.prepared_reply_txt;
    if (prepared) {
      setMessage(prepared);
      return;
    }
    setMessage(undefined);
    if (!role) return;
    setLoadingMessage(true);
    try {
      const draft = await generateDraft({
        shipment_id: shipment.shipment_id,
        role,
        language: caseView?.dispute_language ?? disputeLanguageFor(shipment.marketplace_id),
        save: false,
      });
      setMessage(draft.text);
    } catch (error) {
      notify.error({
        title: t('sheet.generateError'),
        description: serverMessage(error, t('sheet.generateError')),
      });
    } finally {
      setLoadingMessage(false);
    }
  }

  async function copy() {
    if (!message) return;
    try {
      await navigator.clipboard.writeText(message);
      notify.success({ title: t('sheet.copied') });
    } catch {
      notify.error({ title: t('sheet.copyError') });
    }
  }

  const sections = (types: readonly (typeof documents)[number]['doc_type'][], required: boolean) =>
    types.map((type) => (
      <DocumentTypeSection
        key={type}
        shipmentId={shipment.shipment_id}
        docType={type}
        required={required}
        role={role}
        locked={locked}
        documents={documents.filter((document) => document.doc_type === type)}
        onChanged={detail.reload}
      />
    ));

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="upload-panel"
      data-shipment-id={shipment.shipment_id}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {shipment.shipment_name || shipment.shipment_id}
          </h2>
          <p className="text-sm text-slate-700">
            {t('shipment.meta', {
              id: shipment.shipment_id,
              reference: shipment.reference_id || t('shipment.notAvailable'),
              fc: shipment.fc_code || t('shipment.notAvailable'),
            })}
            {shipment.closed_at ? ` · ${format.date(shipment.closed_at)}` : ''}
          </p>
          {shipment.discrepancy ? (
            <p className="text-sm font-medium text-slate-900">
              {t('shipment.discrepancy', { count: shipment.discrepancy })}
            </p>
          ) : null}
        </div>
        <CaseStatusBadge status={caseView?.status} />
      </header>

      {detail.error ? (
        <Alert tone="error" className="mt-4">
          {t('page.loadError')}
        </Alert>
      ) : null}

      <div className="mt-4 flex flex-col gap-4">
        {locked ? <Alert tone="info">{t('docs.locked')}</Alert> : null}
        <RolePicker value={role} onChange={setRole} disabled={locked} />
        {requirements ? (
          <>
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold">{t('docs.mandatory')}</h3>
              {sections(requirements.required, true)}
            </div>
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold">{t('docs.optional')}</h3>
              {sections(requirements.optional, false)}
            </div>
          </>
        ) : null}
        {role && !allowed && !locked ? (
          <Alert tone="info">{t('docs.missingMandatory')}</Alert>
        ) : null}
        {caseView?.submitted_at && caseView.sent_to ? (
          <p className="text-sm text-slate-700">
            {t('panel.sentTo', {
              email: caseView.sent_to,
              date: format.date(caseView.submitted_at),
            })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {/* Issue 29: the request is filed from the sheet (copy, attachments, Seller Central). */}
          <Button disabled={!allowed} onClick={() => setOpen('sheet')}>
            {t('panel.request')}
          </Button>
          <Button variant="secondary" onClick={() => void showMessage()}>
            {t('panel.viewMessage')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('sheet')}>
            {t('panel.prepare')}
          </Button>
          {caseView && caseView.normalized_status !== 'ready' ? (
            <Button variant="secondary" onClick={() => setOpen('response')}>
              {t('panel.response')}
            </Button>
          ) : null}
        </div>
      </div>

      <Dialog
        open={open === 'message'}
        onClose={() => setOpen(undefined)}
        title={t('panel.messageTitle')}
      >
        {loadingMessage ? (
          <p role="status">{t('sheet.validating')}</p>
        ) : message ? (
          <pre className="max-h-80 overflow-y-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap">
            {message}
          </pre>
        ) : (
          <p>{role ? t('panel.noMessage') : t('role.requiredText')}</p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={!message} onClick={() => void copy()}>
            {t('panel.copy')}
          </Button>
          <Button onClick={() => setOpen(undefined)}>{t('panel.close')}</Button>
        </div>
      </Dialog>
      <CaseSheet shipment={shipment} open={open === 'sheet'} onClose={() => setOpen(undefined)} />
      <ResponseDialog
        open={open === 'response'}
        onClose={() => setOpen(undefined)}
        caseView={caseView}
        onPrepareNew={() => setOpen('sheet')}
      />
    </article>
  );
}
