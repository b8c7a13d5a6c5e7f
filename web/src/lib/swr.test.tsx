/// <reference types="jest" />
import { render, screen, waitFor } from '@testing-library/react';
import { signIn } from '../test-support/render';
import { apiRequest } from './api-client';
import { getSessionState } from './auth/session-store';
import { invalidateConnectionState, useConnection } from './connection';
import { useProfile } from './profile';

jest.mock('./api-client', () => ({ apiRequest: jest.fn() }));
const api = jest.mocked(apiRequest);

/** The server as the hooks see it: each user gets their own profile and connection. */
let reads = 0;
api.mockImplementation(async (path: string) => {
  reads += 1;
  const userId = getSessionState().session?.userId ?? 'nobody';
  if (path === '/profile') return { id: userId, mode: 'demo', email: `${userId}-${reads}@mail.it` };
  if (path === '/connection') return { connection: { status: `${userId}-connected` } };
  throw new Error(`unexpected ${path}`);
});

function Screen() {
  const profile = useProfile();
  const connection = useConnection();
  return (
    <>
      <p data-testid="email">{profile.data?.email ?? 'none'}</p>
      <p data-testid="connection">{connection.data?.status ?? 'none'}</p>
    </>
  );
}

describe('server reads through SWR', () => {
  it('reads nothing while signed out', () => {
    signIn(null);
    render(<Screen />);
    expect(screen.getByTestId('email').textContent).toBe('none');
    expect(api).not.toHaveBeenCalled();
  });

  it("never shows one user's data to the next user who signs in", async () => {
    signIn('alice');
    render(<Screen />);
    await waitFor(() => expect(screen.getByTestId('email').textContent).toMatch(/^alice-/));
    expect(screen.getByTestId('connection').textContent).toBe('alice-connected');

    signIn('bob');
    // At once, before bob's answers arrive, alice's are gone.
    expect(screen.getByTestId('email').textContent).not.toMatch(/alice/);
    expect(screen.getByTestId('connection').textContent).not.toMatch(/alice/);
    await waitFor(() => expect(screen.getByTestId('email').textContent).toMatch(/^bob-/));
    expect(screen.getByTestId('connection').textContent).toBe('bob-connected');
  });

  it('shares one read between the screens that show the same data', async () => {
    signIn('carla');
    api.mockClear();
    render(
      <>
        <Screen />
        <Screen />
      </>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('email').map((p) => p.textContent)).toEqual([
        expect.stringMatching(/^carla-/),
        expect.stringMatching(/^carla-/),
      ]),
    );
    expect(api.mock.calls.filter(([path]) => path === '/profile')).toHaveLength(1);
  });

  it('reads the connection, plan and profile again after a change made in this tab', async () => {
    signIn('dario');
    render(<Screen />);
    await waitFor(() => expect(screen.getByTestId('email').textContent).toMatch(/^dario-/));
    const before = screen.getByTestId('email').textContent;

    api.mockClear();
    await invalidateConnectionState();

    await waitFor(() => expect(screen.getByTestId('email').textContent).not.toBe(before));
    expect(api.mock.calls.map(([path]) => path).sort()).toEqual(['/connection', '/profile']);
  });
});
