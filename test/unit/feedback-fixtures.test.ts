/**
 * The classifier against the labelled sample exports of ../shared/fixtures/feedback (README
 * there): sample-en.tsv and sample-it.tsv parsed with the product's parser, joined by order id
 * with sample-labels.tsv. Lives here rather than beside the domain code because it reads files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type FeedbackReasonCode } from '../../lambdas/domain/feedback/classify';
import { parseFeedbackText } from '../../lambdas/domain/feedback/parse';
import { type LabelledFeedback, measureClassifier } from '../support/feedback-scoring';

const FIXTURES = path.resolve(__dirname, '../fixtures/feedback');

function fixtureCases(): LabelledFeedback[] {
  const labels = new Map<string, { removable: boolean; reason: FeedbackReasonCode }>();
  const labelFile = fs.readFileSync(path.join(FIXTURES, 'sample-labels.tsv'), 'utf8');
  for (const line of labelFile.trim().split(/\r?\n/).slice(1)) {
    const [orderId, removable, reason] = line.split('\t');
    labels.set(orderId as string, {
      removable: removable === 'true',
      reason: reason as FeedbackReasonCode,
    });
  }
  const cases: LabelledFeedback[] = [];
  for (const file of ['sample-en.tsv', 'sample-it.tsv']) {
    const { rows, errors } = parseFeedbackText(fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
    expect(errors).toEqual([]);
    for (const row of rows) {
      const label = labels.get(row.order_id);
      if (!label) throw new Error(`no label for ${row.order_id}`);
      cases.push({ ...row, ...label });
    }
  }
  expect(cases).toHaveLength(labels.size);
  return cases;
}

describe('classifyFeedback on the sample exports', () => {
  it('meets the targets on the labelled sample exports', () => {
    const figures = measureClassifier('sample-labels.tsv', fixtureCases());
    expect(figures.rows).toBe(80);
    expect(figures.precision).toBeGreaterThanOrEqual(0.95);
    expect(figures.recall).toBeGreaterThanOrEqual(0.95);
    expect(figures.reasonAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});
