/// <reference types="jest" />
import { act, render, screen, waitFor } from '@testing-library/react';
import type { CaseView } from '@domain/cases/contract';
import { apiRequest } from '../../../lib/api-client';
import { signIn } from '../../../test-support/render';
import { LIVE_POLL_MS, rememberCase, useCaseOf } from './cases';

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn() }));
const api = jest.mocked(apiRequest);

// Real timers: the poll runs as it does in the browser, every 3 s.
jest.setTimeout(30_000);

const caseOf = (shipmentId: string, status: string) =>
  ({ shipment_id: shipmentId, status }) as unknown as CaseView;

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
      { changed: true, version: 'v1', cases: [caseOf('FBA1', 'bozza')] },
      { changed: false, version: 'v1', cases: [] },
      { changed: true, version: 'v2', cases: [caseOf('FBA1', 'inviato')] },
    ];
    api.mockImplementation(
      async () => answers.shift() ?? { changed: false, version: 'v2', cases: [] },
    );

    render(
      <>
        <Badge shipmentId="FBA1" />
        <Badge shipmentId="FBA2" />
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
    // Two badges, one poll: the first read, then the change marker each time.
    expect(api.mock.calls.map(([path]) => path)).toEqual([
      '/cases',
      '/cases?since=v1',
      '/cases?since=v1',
    ]);
  });

  it('stops polling while the tab is hidden and catches up when it is shown', async () => {
    signIn('hidden-tab-seller');
    api.mockReset();
    api.mockResolvedValueOnce({ changed: true, version: 'v1', cases: [caseOf('FBA3', 'bozza')] });
    render(<Badge shipmentId="FBA3" />);
    await waitFor(() => expect(screen.getByTestId('FBA3').textContent).toBe('bozza'));

    setVisibility('hidden');
    await pause(LIVE_POLL_MS + 1000);
    expect(api).toHaveBeenCalledTimes(1);

    api.mockResolvedValueOnce({ changed: true, version: 'v2', cases: [caseOf('FBA3', 'risolto')] });
    setVisibility('visible');
    await waitFor(() => expect(screen.getByTestId('FBA3').textContent).toBe('risolto'));
  });

  it('shows a case this tab just changed before the next poll confirms it', async () => {
    signIn('quick-seller');
    api.mockReset();
    api.mockResolvedValue({ changed: false, version: 'v1', cases: [] });
    api.mockResolvedValueOnce({ changed: true, version: 'v1', cases: [caseOf('FBA4', 'bozza')] });
    render(<Badge shipmentId="FBA4" />);
    await waitFor(() => expect(screen.getByTestId('FBA4').textContent).toBe('bozza'));

    act(() => rememberCase(caseOf('FBA4', 'in_lavorazione')));
    await waitFor(() => expect(screen.getByTestId('FBA4').textContent).toBe('in_lavorazione'));
  });
});
