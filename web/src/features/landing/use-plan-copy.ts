import { planFigures } from '../../lib/plan';
import { useFormatters } from '../../lib/use-formatters';

/** Plan figures in the active language, ready to interpolate into landing copy. */
export function usePlanCopy() {
  return planFigures(useFormatters().language);
}
