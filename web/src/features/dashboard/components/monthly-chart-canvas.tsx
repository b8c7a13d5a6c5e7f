import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartPoint } from './monthly-chart';

type Props = {
  points: ChartPoint[];
  recoveredLabel: string;
  missingLabel: string;
  /** The language's formatters (stable while the language stays). */
  currency: (amount: number, currency?: string) => string;
  number: (value: number) => string;
  currencyCode: string;
};

const HEIGHT = 260;
const RECOVERED_COLOUR = '#047857';
const MISSING_COLOUR = '#b45309';

/**
 * The monthly chart drawn with uPlot: money recovered as bars (left axis) and units still
 * missing as a line (right axis). Loaded as its own chunk by `MonthlyChart`; the figures are in
 * the table beside it for screen readers.
 */
export default function MonthlyChartCanvas({
  points,
  recoveredLabel,
  missingLabel,
  currency,
  number,
  currencyCode,
}: Props) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const formatMoney = (amount: number) => currency(amount, currencyCode);
    const formatUnits = (units: number) => number(units);
    const element = container.current;
    if (!element) return undefined;
    const xs = points.map((_, i) => i);
    const labels = points.map((p) => p.label);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        scales: { x: { time: false, range: [-0.5, points.length - 0.5] }, money: {}, units: {} },
        axes: [
          {
            splits: () => xs,
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          { scale: 'money', values: (_u, splits) => splits.map((v) => formatMoney(v)), size: 80 },
          {
            scale: 'units',
            side: 1,
            grid: { show: false },
            values: (_u, splits) => splits.map((v) => formatUnits(v)),
          },
        ],
        series: [
          { value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
          {
            label: recoveredLabel,
            scale: 'money',
            stroke: RECOVERED_COLOUR,
            fill: `${RECOVERED_COLOUR}99`,
            ...(bars ? { paths: bars } : {}),
            value: (_u, v) => (v === null ? '' : formatMoney(v)),
          },
          {
            label: missingLabel,
            scale: 'units',
            stroke: MISSING_COLOUR,
            width: 2,
            points: { show: true, size: 6 },
            value: (_u, v) => (v === null ? '' : formatUnits(v)),
          },
        ],
      },
      [xs, points.map((p) => p.recovered), points.map((p) => p.missing)],
      element,
    );
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, recoveredLabel, missingLabel, currency, currencyCode, number]);

  return <div ref={container} data-testid="monthly-chart-canvas" />;
}
