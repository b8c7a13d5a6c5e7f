import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartPoint } from './monthly-chart';

type Props = {
  points: ChartPoint[];
  /** The legend's name for the month (uPlot's own default is "Value"). */
  monthLabel: string;
  recoveredLabel: string;
  missingLabel: string;
  /** The language's formatters (stable while the language stays). */
  currency: (amount: number, currency?: string) => string;
  number: (value: number) => string;
  currencyCode: string;
};

const HEIGHT = 260;
/** Room under the plot for the month labels, and the least gap between two of them. */
const MONTH_AXIS_SIZE = 32;
const MONTH_LABEL_GAP = 8;

/**
 * The month labels as text under the plot (not drawn on the canvas): on a narrow screen only
 * every n-th month is labelled, counting back from the latest, so that no two labels overlap;
 * every month keeps its tick.
 */
function placeMonthLabels(u: uPlot, layer: HTMLDivElement, labels: string[]) {
  const spans = [...layer.children] as HTMLSpanElement[];
  const left = u.bbox.left / uPlot.pxRatio;
  const top = (u.bbox.top + u.bbox.height) / uPlot.pxRatio + 8;
  for (const span of spans) span.style.display = 'block';
  const widest = Math.max(0, ...spans.map((span) => span.offsetWidth));
  const slot = labels.length > 1 ? u.valToPos(1, 'x') - u.valToPos(0, 'x') : Infinity;
  const step = Math.max(1, Math.ceil((widest + MONTH_LABEL_GAP) / Math.max(slot, 1)));
  spans.forEach((span, i) => {
    const shown = (labels.length - 1 - i) % step === 0;
    span.style.display = shown ? 'block' : 'none';
    span.style.top = `${top}px`;
    span.style.left = `${left + u.valToPos(i, 'x') - span.offsetWidth / 2}px`;
  });
}
const RECOVERED_COLOUR = '#047857';
const MISSING_COLOUR = '#b45309';

/**
 * The monthly chart drawn with uPlot: money recovered as bars (left axis) and units still
 * missing as a line (right axis). Loaded as its own chunk by `MonthlyChart`; the figures are in
 * the table beside it for screen readers.
 */
export default function MonthlyChartCanvas({
  points,
  monthLabel,
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
    const layer = document.createElement('div');
    layer.dataset.testid = 'monthly-chart-months';
    for (const label of labels) {
      const span = document.createElement('span');
      span.textContent = label;
      span.className = 'absolute whitespace-nowrap text-xs text-slate-700';
      layer.append(span);
    }
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        hooks: { draw: [(u) => placeMonthLabels(u, layer, labels)] },
        scales: { x: { time: false, range: [-0.5, points.length - 0.5] }, money: {}, units: {} },
        axes: [
          {
            // The labels are the text layer under the plot (placeMonthLabels).
            splits: () => xs,
            values: (_u, splits) => splits.map(() => ''),
            size: MONTH_AXIS_SIZE,
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
          { label: monthLabel, value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
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
    chart.root.querySelector('.u-wrap')?.append(layer);
    placeMonthLabels(chart, layer, labels);

    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, monthLabel, recoveredLabel, missingLabel, currency, currencyCode, number]);

  return <div ref={container} data-testid="monthly-chart-canvas" />;
}
