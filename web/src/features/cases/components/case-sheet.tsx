import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPUTE_TEMPLATES,
  DOC_TYPES,
  type CaseDraftNotes,
  type CaseRole,
  type DisputeTemplate,
  type DocType,
  type GenerateCaseDraftResponse,
} from '@domain/cases/contract';
import { REQUIRED_DOCUMENTS } from '@domain/cases/requirements';
import { isLocked, nextTemplate } from '@domain/cases/status';
import { disputeLanguageFor } from '@domain/cases/dispute-language';
import { renewPlanHref } from '../../../lib/paths';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import type { Language } from '../../../i18n/languages';
import { neverHeldPlan, usePlan } from '../../../lib/connection';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { saveCaseDraft, settleSendCheck } from '../api/cases';
import { generateDraft } from '../api/dispute';
import type { CaseShipment } from '../types';
import { useCaseDetail } from '../use-case-detail';
import { serverMessage } from '../submit-errors';
import { CaseOutcomeForm, RecoveredLine } from './case-outcome';
import { CaseStatusBadge } from './case-status-badge';
import { DocumentTypeSection } from './document-type-section';
import { FilingSteps } from './filing-steps';
import { ResponseDialog } from './response-dialog';
import { RolePicker } from './role-picker';
import { SideSheet } from './side-sheet';
import { Tabs } from './tabs';

type NoteKey = keyof CaseDraftNotes;

/** How long the sheet waits after the last keystroke before it keeps the notes. */
const DRAFT_SAVE_MS = 600;

/**
 * The sheet's notes as a draft kept with the case (issue 29): restored when the sheet opens
 * (here or on another device), saved a moment after each change and when the sheet closes, so
 * a failed send or a closed sheet loses nothing.
 */
function useDraftNotes(shipmentId: string, saved: CaseDraftNotes | null | undefined) {
  const { t } = useTranslation('cases');
  const [edited, setEdited] = useState<CaseDraftNotes | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'saved' | 'error'>('idle');
  const pending = useRef<CaseDraftNotes | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const notes = pending.current;
    if (!notes) return;
    pending.current = undefined;
    try {
      await saveCaseDraft(shipmentId, notes);
      setState('saved');
    } catch {
      setState('error');
    }
  }, [shipmentId]);

  // Closing the sheet keeps what was typed last.
  useEffect(() => () => void flush(), [flush]);

  function change(key: NoteKey, value: string) {
    const next = { ...(edited ?? saved ?? {}), [key]: value };
    setEdited(next);
    setState('idle');
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DRAFT_SAVE_MS);
  }

  const status =
    state === 'saved' ? t('sheet.draftSaved') : state === 'error' ? t('sheet.draftError') : '';
  return { notes: edited ?? saved ?? {}, change, status };
}

/** The five attachment types of spec 2.8; tracking is a note (a number), not a file. */
const ATTACHMENT_ORDER: NoteKey[] = [
  'fattura',
  'distinta_imballaggio',
  'pod',
  'tracking',
  'foto_pacco',
];

function NotesField({
  noteKey,
  value,
  onChange,
}: {
  noteKey: NoteKey;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('cases');
  const id = useId();
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('sheet.notes', { type: t(`docType.${noteKey}`) })}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={`mt-1 w-full ${inputClass} border-slate-400`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {noteKey === 'tracking' ? t('sheet.trackingHint') : t('sheet.notesHint')}
      </p>
    </div>
  );
}

/** Tracking has no document type of its own: its note travels with the proof of delivery. */
function draftNotes(notes: Partial<Record<NoteKey, string>>): Partial<Record<DocType, string>> {
  const result: Partial<Record<DocType, string>> = {};
  for (const type of DOC_TYPES) {
    const text = notes[type]?.trim();
    if (text) result[type] = text;
  }
  const tracking = notes.tracking?.trim();
  if (tracking) result.pod = [result.pod, `Tracking: ${tracking}`].filter(Boolean).join('\n');
  return result;
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * A send whose outcome is unknown (status to_check): the seller looks at their copy of the
 * dispute or at Seller Central and says whether it went. Nothing is resent before that.
 */
function SendCheck({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation('cases');
  const [busy, setBusy] = useState(false);
  async function settle(outcome: 'sent' | 'not_sent') {
    setBusy(true);
    try {
      const result = await settleSendCheck(shipmentId, outcome);
      notify.success({ title: result.message });
    } catch (error) {
      notify.error({
        title: t('check.error'),
        description: serverMessage(error, t('check.error')),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Alert tone="info" title={t('check.title')}>
      <p>{t('check.text')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void settle('sent')}>
          {t('check.sent')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void settle('not_sent')}>
          {t('check.notSent')}
        </Button>
      </div>
    </Alert>
  );
}

/** Issue 15: without an active plan a real case is read-only, and the sheet offers the renewal. */
function PlanNotice() {
  const { t } = useTranslation('cases');
  const { data: plan } = usePlan();
  // Never paid (the free scan's seller): buying the first plan is not a renewal.
  const firstPlan = neverHeldPlan(plan);
  return (
    <Alert tone="info" title={t('plan.title')}>
      <p>{t('plan.text')}</p>
      <ButtonLink to={renewPlanHref} className="mt-3">
        {firstPlan ? t('plan.activate') : t('plan.renew')}
      </ButtonLink>
    </Alert>
  );
}

function SheetBody({ shipment }: { shipment: CaseShipment }) {
  const { t } = useTranslation('cases');
  const format = useFormatters();
  const detail = useCaseDetail(shipment.shipment_id);
  const { caseView, documents } = detail;
  const [tab, setTab] = useState<'attachments' | 'guide'>('attachments');
  const [chosenRole, setRole] = useState<CaseRole | undefined>(undefined);
  const role = chosenRole ?? caseView?.role ?? undefined;
  // Until the seller picks one, the template is the one the case's status calls for.
  const [chosenTemplate, setTemplate] = useState<DisputeTemplate | undefined>(undefined);
  const template = chosenTemplate ?? nextTemplate(caseView?.status);
  const kept = useDraftNotes(
    shipment.shipment_id,
    detail.draft === undefined ? undefined : (detail.draft?.notes ?? null),
  );
  const { notes } = kept;
  // The dispute's language follows the marketplace (Italian for Amazon.it) unless the seller
  // chooses another; never the interface's language of the moment.
  const [chosenLanguage, setLanguage] = useState<Language | undefined>(undefined);
  const disputeLanguage =
    chosenLanguage ?? caseView?.dispute_language ?? disputeLanguageFor(shipment.marketplace_id);
  const languageId = useId();
  const [draft, setDraft] = useState<GenerateCaseDraftResponse | undefined>(undefined);
  const [generating, setGenerating] = useState(false);
  const [responseOpen, setResponseOpen] = useState(false);
  const templateId = useId();
  const textId = useId();

  const { data: plan } = usePlan();
  // Demo samples stay free; a real case without a plan can be viewed only (the server agrees).
  const planBlocked = shipment.demo === false && plan?.active === false;
  const toCheck = caseView?.normalized_status === 'to_check';
  const locked = isLocked(caseView?.status) || planBlocked;

  const presentTypes = new Set(documents.map((document) => document.doc_type));
  const requirements = role ? REQUIRED_DOCUMENTS[role] : undefined;
  const requiredPresent =
    !!requirements && requirements.required.every((type) => presentTypes.has(type));
  const text = draft?.text ?? caseView?.prepared_reply_txt ?? '';

  async function validate(): Promise<string | undefined> {
    if (!role) return undefined;
    setGenerating(true);
    try {
      const result = await generateDraft({
        shipment_id: shipment.shipment_id,
        template,
        role,
        language: disputeLanguage,
        notes: draftNotes(notes),
        save: true,
      });
      setDraft(result);
      return result.text;
    } catch (error) {
      notify.error({
        title: t('sheet.generateError'),
        description: serverMessage(error, t('sheet.generateError')),
      });
      return undefined;
    } finally {
      setGenerating(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify.success({ title: t('sheet.copied') });
    } catch {
      notify.error({ title: t('sheet.copyError') });
    }
  }

  const attachments = (
    <div className="flex flex-col gap-4">
      {caseView ? (
        <p className="flex items-center gap-2 text-sm">
          <CaseStatusBadge status={caseView.status} />
          {caseView.amazon_case_id ? (
            <span className="font-semibold">
              {t('sheet.amazonCase', { id: caseView.amazon_case_id })}
            </span>
          ) : null}
          {caseView.opened_by_user_at
            ? t('sheet.openedAt', { date: format.date(caseView.opened_by_user_at) })
            : null}
        </p>
      ) : null}
      {caseView ? <RecoveredLine caseView={caseView} discrepancy={shipment.discrepancy} /> : null}
      {planBlocked ? <PlanNotice /> : null}
      {toCheck ? <SendCheck shipmentId={shipment.shipment_id} /> : null}
      {shipment.demo ? <Alert tone="info">{t('demoNotice')}</Alert> : null}
      {locked && !planBlocked && !toCheck ? <Alert tone="info">{t('docs.locked')}</Alert> : null}
      <RolePicker value={role} onChange={setRole} disabled={locked} />
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={languageId} className="font-semibold text-slate-900">
          {t('sheet.disputeLanguage')}
        </label>
        <select
          id={languageId}
          value={disputeLanguage}
          disabled={locked}
          onChange={(event) => setLanguage(event.target.value as Language)}
          className={`${inputClass} w-auto`}
          aria-describedby={`${languageId}-hint`}
        >
          <option value="it">{t('sheet.languageIt')}</option>
          <option value="en">{t('sheet.languageEn')}</option>
        </select>
        <p id={`${languageId}-hint`} className="text-slate-700">
          {t('sheet.disputeLanguageHint')}
        </p>
      </div>
      {ATTACHMENT_ORDER.map((key) =>
        key === 'tracking' ? (
          <section
            key={key}
            aria-label={t('docType.tracking')}
            className="rounded-xl border border-slate-200 bg-slate-50 p-4"
          >
            <h3 className="font-semibold">
              {t('docType.tracking')}{' '}
              <span className="text-sm font-normal text-slate-700">({t('sheet.optional')})</span>
            </h3>
            <NotesField
              noteKey="tracking"
              value={notes.tracking ?? ''}
              onChange={(value) => kept.change('tracking', value)}
            />
          </section>
        ) : (
          <DocumentTypeSection
            key={key}
            shipmentId={shipment.shipment_id}
            docType={key}
            required={!!requirements?.required.includes(key)}
            role={role}
            locked={locked}
            documents={documents.filter((document) => document.doc_type === key)}
            onChanged={detail.reload}
            headingLevel="h3"
          >
            <NotesField
              noteKey={key}
              value={notes[key] ?? ''}
              onChange={(value) => kept.change(key, value)}
            />
          </DocumentTypeSection>
        ),
      )}
      <p role="status" className="min-h-4 text-xs text-slate-700">
        {kept.status}
      </p>
      {requiredPresent && !planBlocked ? (
        <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4">
          <div>
            <label htmlFor={templateId} className="block text-sm font-medium">
              {t('sheet.template')}
            </label>
            <select
              id={templateId}
              value={template}
              onChange={(event) => setTemplate(event.target.value as DisputeTemplate)}
              className={`mt-1 ${inputClass} border-slate-400`}
            >
              {DISPUTE_TEMPLATES.map((value) => (
                <option key={value} value={value}>
                  {t(`sheet.template_${value}`)}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => void validate()} disabled={generating} aria-busy={generating}>
            {generating ? t('sheet.validating') : t('sheet.validate')}
          </Button>
        </div>
      ) : role ? (
        <Alert tone="info">{t('docs.missingMandatory')}</Alert>
      ) : null}
      {draft && draft.warnings.length > 0 ? (
        <Alert tone="info" title={t('sheet.warningsTitle')}>
          <ul className="list-disc pl-5">
            {draft.warnings.map((warning) => (
              <li key={warning.code}>{warning.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {text ? (
        <div className="flex flex-col gap-3">
          <label htmlFor={textId} className="font-semibold">
            {t('sheet.textLabel')}
          </label>
          <textarea
            id={textId}
            readOnly
            rows={14}
            value={text}
            className={`w-full font-mono text-sm ${inputClass} border-slate-400`}
          />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void copy()}>
              {t('sheet.copy')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => downloadText(`${shipment.shipment_id}-contestazione.txt`, text)}
            >
              {t('sheet.download')}
            </Button>
          </div>
        </div>
      ) : null}
      {requiredPresent && !planBlocked && !locked && detail.filing ? (
        <FilingSteps
          shipmentId={shipment.shipment_id}
          filing={detail.filing}
          documents={documents}
          getText={async () => text || (await validate())}
        />
      ) : null}
      {(caseView?.sent_message_id && caseView.sent_provider !== 'simulated') ||
      (caseView?.opened_by_user_at && !caseView.demo_mode) ? (
        <CaseOutcomeForm
          key={`${caseView.id}-${caseView.updated_at}`}
          shipmentId={shipment.shipment_id}
          caseView={caseView}
        />
      ) : null}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        {caseView && caseView.normalized_status !== 'ready' ? (
          <Button variant="secondary" onClick={() => setResponseOpen(true)}>
            {t('panel.response')}
          </Button>
        ) : null}
      </div>
    </div>
  );

  const guide = (
    <div>
      <h3 className="text-lg font-semibold">{t('guide.title')}</h3>
      <ol className="mt-3 list-decimal space-y-2 pl-6">
        <li>{t('guide.step1')}</li>
        <li>{t('guide.step2')}</li>
        <li>{t('guide.step3')}</li>
        <li>{t('guide.step4')}</li>
        <li>{t('guide.step5')}</li>
      </ol>
    </div>
  );

  return (
    <>
      <Tabs
        label={t('sheet.tabsLabel')}
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'attachments', label: t('sheet.tabAttachments'), panel: attachments },
          { key: 'guide', label: t('sheet.tabGuide'), panel: guide },
        ]}
      />
      <ResponseDialog
        open={responseOpen}
        onClose={() => setResponseOpen(false)}
        caseView={caseView}
        onPrepareNew={() => {
          setResponseOpen(false);
          setDraft(undefined);
          setTemplate(undefined);
          setTab('attachments');
        }}
      />
    </>
  );
}

/** Spec 2.8 case-preparation sheet: attachments and guide, 700 px from the right edge. */
export function CaseSheet({
  shipment,
  open,
  onClose,
}: {
  shipment: CaseShipment;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cases');
  return (
    <SideSheet
      open={open}
      onClose={onClose}
      title={t('sheet.title', { id: shipment.shipment_id })}
      description={
        shipment.shipment_name || shipment.discrepancy
          ? t('sheet.description', {
              name: shipment.shipment_name ?? shipment.shipment_id,
              count: shipment.discrepancy ?? 0,
            })
          : undefined
      }
    >
      {open ? <SheetBody shipment={shipment} /> : null}
    </SideSheet>
  );
}
