/**
 * Scores the feedback classifier against labelled comments: precision and recall of the
 * "removable" verdict and accuracy of the reason code. Shared by the held-out test beside the
 * domain code and the sample-export test in test/unit.
 */
import { classifyFeedback, type FeedbackReasonCode } from '../../lambdas/domain/feedback/classify';

export interface LabelledFeedback {
  comment: string;
  rating: number;
  is_fba: boolean | null;
  reason: FeedbackReasonCode;
  removable: boolean;
}

export interface ClassifierFigures {
  rows: number;
  precision: number;
  recall: number;
  reasonAccuracy: number;
}

/** Classifies every case, logs the figures and the misses under `name`, returns the figures. */
export function measureClassifier(
  name: string,
  cases: readonly LabelledFeedback[],
): ClassifierFigures {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let reasonRight = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const result = classifyFeedback(c);
    if (result.removable && c.removable) tp += 1;
    else if (result.removable) fp += 1;
    else if (c.removable) fn += 1;
    if (result.reason_code === c.reason) reasonRight += 1;
    else misses.push(`${c.reason} → ${result.reason_code}: ${c.comment}`);
  }
  const figures = {
    rows: cases.length,
    precision: tp / (tp + fp),
    recall: tp / (tp + fn),
    reasonAccuracy: reasonRight / cases.length,
  };
  console.log(
    `${name}: ${JSON.stringify(figures)}${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
  );
  return figures;
}
