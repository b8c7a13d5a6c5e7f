import fc from 'fast-check';
import { monthsBefore } from '../clock';
import { activePlan, planCovers, type Subscription } from '../plan/plan';
import {
  DEFAULT_PLAN_OPTIONS,
  effectiveRun,
  makeRunId,
  newRun,
  planSync,
  progressPercent,
  sliceWindow,
} from './run';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('sliceWindow', () => {
  it('covers the window exactly, without gaps or overlaps, in slices no longer than asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 * DAY }),
        fc.integer({ min: DAY, max: 200 * DAY }),
        (length, sliceMs) => {
          const window = { from: NOW - length, to: NOW };
          const slices = sliceWindow(window, sliceMs);
          return (
            slices[0]?.from === window.from &&
            slices.at(-1)?.to === window.to &&
            slices.every(
              (slice, i) =>
                slice.to - slice.from + 1 <= sliceMs &&
                slice.from <= slice.to &&
                (i === 0 || slice.from === (slices[i - 1]?.to ?? 0) + 1),
            )
          );
        },
      ),
    );
  });
});

describe('planSync', () => {
  it('reads the whole 18 months the first time', () => {
    const plan = planSync(undefined, NOW);
    expect(plan.mode).toBe('full');
    expect(plan.window).toEqual({ from: monthsBefore(NOW, 18), to: NOW });
    expect(new Date(plan.window.from).toISOString()).toBe('2025-05-21T12:00:00.000Z');
    expect(plan.slices).toHaveLength(6);
  });

  it('reads from two days before the last window end afterwards', () => {
    const plan = planSync(
      {
        lastSuccessRunId: 'r',
        lastSuccessAt: NOW - 7 * DAY,
        lastWindowTo: NOW - 7 * DAY,
        lastFullSyncAt: NOW - 7 * DAY,
      },
      NOW,
    );
    expect(plan).toMatchObject({ mode: 'incremental', window: { from: NOW - 9 * DAY, to: NOW } });
    expect(plan.slices).toEqual([plan.window]);
  });

  it('goes full again when the last full run is a month old, and never reads past 18 months', () => {
    const old = {
      lastSuccessRunId: 'r',
      lastSuccessAt: 0,
      lastWindowTo: 0,
      lastFullSyncAt: NOW - 31 * DAY,
    };
    expect(planSync(old, NOW).mode).toBe('full');
    const incremental = planSync({ ...old, lastFullSyncAt: NOW - DAY }, NOW);
    expect(incremental.window.from).toBe(monthsBefore(NOW, 18));
    expect(DEFAULT_PLAN_OPTIONS.fullResyncMs).toBe(30 * DAY);
  });
});

describe('runs', () => {
  const run = newRun({
    runId: makeRunId(NOW, () => 0.5),
    userId: 'u',
    trigger: 'manual',
    marketplaceId: 'APJ6JRA9NG5V4',
    countryCode: 'IT',
    now: NOW,
    leaseMs: 60_000,
    plan: planSync(undefined, NOW),
  });

  it('has time-sortable ids', () => {
    expect(run.runId).toMatch(/^20261121T120000000Z-[0-9a-z]{6}$/);
    expect(makeRunId(NOW + 1) > makeRunId(NOW)).toBe(true);
  });

  it('shows a running run past its lease as interrupted', () => {
    expect(effectiveRun(run, NOW + 60_000).status).toBe('running');
    expect(effectiveRun(run, NOW + 60_001)).toMatchObject({
      status: 'failed',
      error: { code: 'interrupted' },
    });
  });

  it('reports progress that only grows through the phases and slices', () => {
    const phases = ['queued', 'shipments', 'items', 'catalog', 'saving'] as const;
    let last = -1;
    for (let slice = 0; slice < 6; slice += 1) {
      for (const phase of phases) {
        const percent = progressPercent(slice, 6, phase, 0.5);
        expect(percent).toBeGreaterThanOrEqual(last);
        expect(percent).toBeLessThan(100);
        last = percent;
      }
    }
    expect(progressPercent(6, 6, 'done')).toBe(100);
  });
});

describe('plan', () => {
  const sub = (overrides: Partial<Subscription>): Subscription => ({
    id: 's',
    userId: 'u',
    status: 'active',
    createdAt: '2026-11-01T00:00:00Z',
    expiresAt: '2026-12-01T00:00:00Z',
    countryCode: 'IT',
    ...overrides,
  });

  it('is the newest active, unexpired subscription', () => {
    const plans = [
      sub({ id: 'expired', createdAt: '2026-12-01T00:00:00Z', expiresAt: '2026-11-20T00:00:00Z' }),
      sub({ id: 'current' }),
      sub({ id: 'cancelled', createdAt: '2026-11-10T00:00:00Z', status: 'cancelled' }),
    ];
    expect(activePlan(plans, NOW)?.id).toBe('current');
    expect(activePlan(plans, Date.parse('2026-12-02T00:00:00Z'))).toBeUndefined();
  });

  it('covers one country; UK and GB are the same', () => {
    expect(planCovers(sub({}), 'IT')).toBe(true);
    expect(planCovers(sub({}), 'DE')).toBe(false);
    expect(planCovers(sub({ countryCode: 'UK' }), 'GB')).toBe(true);
    expect(planCovers(sub({ countryCode: null }), 'FR')).toBe(true);
  });
});
