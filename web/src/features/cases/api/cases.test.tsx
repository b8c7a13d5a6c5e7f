/// <reference types="jest" />
import { act, render, screen, waitFor } from '@testing-library/react';
import type { CaseView } from '@domain/cases/contract';
import { apiRequest } from '../../../lib/api-client';
import { useUserRead } from '../../../lib/swr';
import { signIn } from '../../../test-support/render';
import { LIVE_POLL_MS, rememberCase, useCaseOf } from './cases';

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn() }));
const api = jest.mocked(apiRequest);

// Real timers: the poll runs as it does in the browser, every 3 s.
jest.setTimeout(30_000);

const caseOf = (shipmentId: string, status: string) =>
  ({ shipment_id: shipmentId, status }) as unknown as CaseView;

/** The first page of the list (`reset`), and a poll's answer (only the cases changed since). */
const firstPage = (version: string, cases: CaseView[], cursor: string | null = null) => ({
  changed: true,
  reset: true,
  cursor,
  version,
  cases,
});
const poll = (version: string, cases: CaseView[] = []) => ({
  changed: cases.length > 0,
  reset: false,
  cursor: null,
  version,
  cases,
});

function Badge({ shipmentId }: { shipmentId: string }) {
  const { caseView, loaded } = useCaseOf(shipmentId);
  return <p data-testid={shipmentId}>{loaded ? (caseView?.status ?? 'no case') : 'loading'}</p>;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('live case updates', () => {
  afterEach(() => setVisibility('visible'));

  it('polls every 3 s with the version it holds and follows a change made elsewhere', async () => {
    signIn('live-seller');
    const answers = [
      firstPage('v1', [caseOf('FBA1', 'bozza'), caseOf('FBA5', 'bozza')]),
      poll('v1'),
      poll('v2', [caseOf('FBA1', 'inviato')]),
    ];
    api.mockImplementation(async () => answers.shift() ?? poll('v2'));

    render(
      <>
        <Badge shipmentId="FBA1" />
        <Badge shipmentId="FBA2" />
        <Badge shipmentId="FBA5" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('FBA1').textContent).toBe('bozza'));
    expect(screen.getByTestId('FBA2').textContent).toBe('no case');

    // Nothing moved: the list stays as it was.
    await pause(LIVE_POLL_MS + 500);
    expect(screen.getByTestId('FBA1').textContent).toBe('bozza');

    await waitFor(() => expect(screen.getByTestId('FBA1').textContent).toBe('inviato'), {
      timeout: LIVE_POLL_MS + 1500,
    });
    // Only FBA1 came with the change: the other case stays as the first page had it.
    expect(screen.getByTestId('FBA5').textContent).toBe('bozza');
    // Three badges, one poll: the first page, then the change marker each time.
    expect(api.mock.calls.map(([path]) => path)).toEqual([
      '/cases?limit=100',
      '/cases?since=v1',
      '/cases?since=v1',
    ]);
  });

  it('stops polling while the tab is hidden and catches up when it is shown', async () => {
    signIn('hidden-tab-seller');
    api.mockReset();
    api.mockResolvedValueOnce(firstPage('v1', [caseOf('FBA3', 'bozza')]));
    render(<Badge shipmentId="FBA3" />);
    await waitFor(() => expect(screen.getByTestId('FBA3').textContent).toBe('bozza'));

    setVisibility('hidden');
    await pause(LIVE_POLL_MS + 1000);
    expect(api).toHaveBeenCalledTimes(1);

    api.mockResolvedValueOnce(poll('v2', [caseOf('FBA3', 'risolto')]));
    setVisibility('visible');
    await waitFor(() => expect(screen.getByTestId('FBA3').textContent).toBe('risolto'));
  });

  it('shows a case this tab just changed before the next poll confirms it', async () => {
    signIn('quick-seller');
    api.mockReset();
    api.mockResolvedValue(poll('v1'));
    api.mockResolvedValueOnce(firstPage('v1', [caseOf('FBA4', 'bozza')]));
    render(<Badge shipmentId="FBA4" />);
    await waitFor(() => expect(screen.getByTestId('FBA4').textContent).toBe('bozza'));

    act(() => rememberCase(caseOf('FBA4', 'in_lavorazione')));
    await waitFor(() => expect(screen.getByTestId('FBA4').textContent).toBe('in_lavorazione'));
  });

  it('reads on its own a case older than the first page, and none when the seller has no more', async () => {
    signIn('many-cases-seller');
    api.mockReset();
    api.mockImplementation(async (path: string) => {
      if (path === '/cases?limit=100') return firstPage('v1', [caseOf('FBA6', 'bozza')], 'c2');
      if (path === '/cases/FBA7') return { case: caseOf('FBA7', 'rimborsato'), documents: [] };
      return poll('v1');
    });
    render(
      <>
        <Badge shipmentId="FBA6" />
        <Badge shipmentId="FBA7" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('FBA7').textContent).toBe('rimborsato'));
    expect(screen.getByTestId('FBA6').textContent).toBe('bozza');
    expect(api.mock.calls.map(([path]) => path)).not.toContain('/cases/FBA6');
  });

  it('reads the dashboard again when a poll reports changed cases, and only then', async () => {
    signIn('figures-seller');
    api.mockReset();
    const answers = [
      firstPage('v1', [caseOf('FBA8', 'Inviato')]),
      poll('v1'),
      poll('v2', [caseOf('FBA8', 'rimborsato_parziale')]),
    ];
    let dashboardReads = 0;
    api.mockImplementation(async (path: string) => {
      if (path === '/dashboard') return { read: (dashboardReads += 1) };
      return answers.shift() ?? poll('v2');
    });
    const schema = { parse: (value: unknown) => value } as never;
    function Figures() {
      const { data } = useUserRead<{ read: number }>('/dashboard', schema);
      return <p data-testid="figures">{data?.read ?? 'loading'}</p>;
    }
    render(
      <>
        <Badge shipmentId="FBA8" />
        <Figures />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('figures').textContent).toBe('1'));
    // A poll with nothing new leaves the figures alone.
    await pause(LIVE_POLL_MS + 500);
    expect(screen.getByTestId('figures').textContent).toBe('1');
    // The case moved (a reimbursement came in): the figures are read again, without a reload.
    await waitFor(
      () => expect(screen.getByTestId('FBA8').textContent).toBe('rimborsato_parziale'),
      {
        timeout: LIVE_POLL_MS + 1500,
      },
    );
    await waitFor(() => expect(screen.getByTestId('figures').textContent).toBe('2'));
  });
});
