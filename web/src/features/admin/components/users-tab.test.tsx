/// <reference types="jest" />
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '../../../lib/api-client';
import { signIn } from '../../../test-support/render';
import { UsersTab } from './users-tab';

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));
const api = jest.mocked(apiRequest);

const user = (name: string) => ({
  id: `${name}-0000-0000`,
  name,
  email: `${name.toLowerCase()}@shop.it`,
  phone: '',
  created_at: '2026-11-01T09:00:00.000Z',
});

describe('admin users list', () => {
  it('shows the first page, then the next one on "Carica altri", and searches from the start', async () => {
    signIn('admin-1');
    api.mockImplementation(async (path: string) => {
      if (path === '/admin/users') {
        return { items: [user('Anna'), user('Bruno')], total: 3, cursor: 'after-bruno' };
      }
      if (path === '/admin/users?cursor=after-bruno') {
        return { items: [user('Carla')], total: 3, cursor: null };
      }
      if (path === '/admin/users?q=carla')
        return { items: [user('Carla')], total: 3, cursor: null };
      throw new Error(`unexpected ${path}`);
    });
    render(<UsersTab />);

    await screen.findByText('Anna');
    expect(screen.getByText('Bruno')).toBeTruthy();
    expect(screen.getByTestId('admin-total').textContent).toBe('3 utenti registrati in totale');

    fireEvent.click(screen.getByRole('button', { name: 'Carica altri' }));
    await screen.findByText('Carla');
    expect(screen.getByText('Anna')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Carica altri' })).toBeNull());

    fireEvent.change(screen.getByLabelText('Cerca per email o nome completo', { exact: false }), {
      target: { value: 'carla' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }));
    await waitFor(() => expect(screen.queryByText('Anna')).toBeNull());
    expect(screen.getByText('Carla')).toBeTruthy();
    expect(screen.getByTestId('admin-total').textContent).toMatch(/1 risultato per «carla»/);
  });
});
