import { listDocuments } from '../adapters/dynamo/case-documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, savePreparedReply } from '../adapters/dynamo/cases';
import { generateCaseDraftRequest } from '../domain/cases/contract';
import { buildDisputeText } from '../domain/cases/dispute-text';
import { transportLinesOf } from '../domain/cases/submit';
import { NotFoundError } from '../shared/errors';
import { requirePlanFor } from '../shared/plan-guard';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { refuseWithoutRequiredDocuments } from '../shared/required-documents';

/**
 * generate-case-draft (spec 7.5): the dispute text of a shipment from its data and documents,
 * for one of the four templates, in the case's (or the caller's) language and role.
 */
export const handler = httpHandler(
  { body: generateCaseDraftRequest },
  async ({ body, userId, language }) => {
    const user = userId;
    const [shipment, record, docs] = await Promise.all([
      getShipmentForCase(user, body.shipment_id),
      getCase(user, body.shipment_id),
      listDocuments(user, body.shipment_id),
    ]);
    if (!shipment) throw new NotFoundError(message('shipmentNotFound', language));
    await requirePlanFor(user, shipment, language);
    const role = body.role ?? record?.role ?? 'rivenditore';
    refuseWithoutRequiredDocuments(role, docs, language);
    const lang = body.language ?? record?.language ?? language;
    const ordered = [...docs].reverse();
    const draft = buildDisputeText({
      template: body.template,
      role,
      language: lang,
      shipment,
      items: shipment.items,
      attachments: ordered.map((d) => ({ doc_type: d.doc_type, filename: d.filename })),
      transportLines: transportLinesOf(ordered, role),
      notes: body.notes,
      previousReply: record?.last_response_excerpt ?? null,
    });
    if (body.save && record) {
      await savePreparedReply(
        user,
        body.shipment_id,
        draft.text,
        draft.attachments_summary,
        new Date().toISOString(),
      );
    }
    const warnings = ordered
      .filter((d) => d.reading && d.reading.quality !== 'ok')
      .map((d) => ({
        code: `quality_${d.reading!.quality}`,
        message: message(
          d.reading!.quality === 'low' ? 'lowQualityDocument' : 'illegibleDocument',
          language,
        ),
      }));
    return {
      subject: draft.subject,
      text: draft.text,
      attachments_summary: draft.attachments_summary,
      language: lang,
      role,
      template: body.template,
      warnings,
    };
  },
);
