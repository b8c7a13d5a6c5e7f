/// <reference types="jest" />
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { signIn } from '../../../test-support/render';
import { SYNC_POLL_MS } from '../api/dashboard';
import { SyncControl } from './sync-control';

jest.mock('../../../lib/api-client', () => ({
  apiRequest: jest.fn(),
  isApiError: () => false,
}));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));
const api = jest.mocked(apiRequest);

jest.setTimeout(20_000);

const run = (status: 'running' | 'succeeded' | 'failed', percent: number) => ({
  id: 'run-1',
  status,
  started_at: '2026-11-24T10:00:00.000Z',
  finished_at: status === 'running' ? null : '2026-11-24T10:01:00.000Z',
  progress: { phase: 'items', percent },
  counts: { shipments_listed: 3 },
  error: null,
});

describe('Sync now', () => {
  beforeEach(() => {
    api.mockReset();
    jest.mocked(notify.success).mockReset();
  });

  it('starts a sync, shows its progress, then announces the end and reads the results', async () => {
    signIn('sync-seller');
    const latest = [
      { run: null, last_successful: null },
      { run: run('running', 40), last_successful: null },
      { run: run('succeeded', 100), last_successful: run('succeeded', 100) },
    ];
    api.mockImplementation(async (path: string) => {
      if (path === '/sync-fba') return { message: 'ok', run: run('running', 0) };
      return latest.length > 1 ? latest.shift() : latest[0];
    });
    const finished = jest.fn();
    render(<SyncControl enabled onFinished={finished} />);
    await screen.findByText('Nessuna sincronizzazione ancora.');

    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }));

    expect(await screen.findByRole('progressbar')).toBeTruthy();
    // The next reading comes a poll later; the default 1 s would race it.
    await screen.findByText('Sincronizzazione in corso: 40%', {}, { timeout: 3 * SYNC_POLL_MS });
    await waitFor(() => expect(finished).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(notify.success).toHaveBeenCalledWith({ title: 'Sincronizzazione completata' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('last-sync').textContent).toMatch(/3 spedizioni con discrepanze/);
  });

  it('explains the plan instead of starting a sync when it cannot run', async () => {
    signIn('no-plan-seller');
    api.mockResolvedValue({ run: null, last_successful: null });
    render(<SyncControl enabled={false} onFinished={jest.fn()} />);
    await screen.findByText('Nessuna sincronizzazione ancora.');

    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }));

    expect(screen.getByRole('alert').textContent).toBe(
      'Per sincronizzare le spedizioni serve un piano attivo e un account Amazon collegato.',
    );
    expect(api.mock.calls.map(([path]) => path)).not.toContain('/sync-fba');
  });
});
