import type { Connection } from './connection';
import { LinkRefused } from './seller-link';
import { StateRefused, type AuthorizationState } from './spapi-authorization';
import {
  AuthorizationFailed,
  connectSellerAccount,
  type ConnectSellerDeps,
} from './connect-seller';

const USER = 'user-1';
const STATE = 'a'.repeat(32);
const NOW = Date.UTC(2026, 0, 15);

function deps(overrides: Partial<ConnectSellerDeps> = {}) {
  const live: string[] = [];
  const saved: unknown[] = [];
  const all: ConnectSellerDeps = {
    states: {
      consume: async (state, userId) =>
        ({
          state,
          userId,
          countryCode: 'IT',
          storeName: null,
          expiresAt: NOW,
        }) as AuthorizationState,
    },
    authorization: {
      exchangeAuthorizationCode: async () => ({ refreshToken: 'refresh' }),
      marketplaceParticipations: async () => [
        {
          marketplaceId: 'APJ6JRA9NG5V4',
          countryCode: 'IT',
          name: 'Amazon.it',
          storeName: 'Negozio',
          isParticipating: true,
        },
      ],
    },
    connections: {
      saveConnected: async (input) => {
        saved.push(input);
        return { id: 'c1', userId: input.userId, status: 'connected' } as Connection;
      },
    },
    cipher: { encrypt: async (text) => `enc:${text}`, decrypt: async (text) => text.slice(4) },
    clock: { now: () => NOW, sleep: async () => {} },
    goLive: async (userId) => void live.push(userId),
    ...overrides,
  };
  return { all, live, saved };
}

const input = { userId: USER, state: STATE, code: 'code', sellerId: 'SELLER' };

describe('connecting a seller account after Amazon consent', () => {
  it('saves the connection with the token encrypted and takes the profile live', async () => {
    const { all, live, saved } = deps();
    const connection = await connectSellerAccount(input, all);
    expect(connection.status).toBe('connected');
    expect(saved).toMatchObject([{ userId: USER, encryptedRefreshToken: 'enc:refresh' }]);
    expect(live).toEqual([USER]);
  });

  it('records the roles the consent asked for, so the grant covers every claim kind', async () => {
    const { all, saved } = deps();
    await connectSellerAccount(input, all);
    expect(saved).toMatchObject([
      {
        grantedRoles: expect.arrayContaining([
          'Amazon Fulfillment',
          'Inventory and Order Tracking',
          'Finance and Accounting',
        ]),
      },
    ]);
  });

  it('refuses a malformed state as invalid input, before looking it up', async () => {
    let looked = false;
    const { all } = deps({
      states: { consume: async () => ((looked = true), undefined as never) },
    });
    const refusal = connectSellerAccount({ ...input, state: 'short' }, all);
    await expect(refusal).rejects.toMatchObject({ kind: 'invalid_input', reason: 'state_invalid' });
    expect(looked).toBe(false);
  });

  it('lets an expired state through as the conflict it is', async () => {
    const { all, live } = deps({
      states: { consume: async () => Promise.reject(new StateRefused('state_expired')) },
    });
    await expect(connectSellerAccount(input, all)).rejects.toMatchObject({
      kind: 'conflict',
      messageKey: 'stateExpired',
    });
    expect(live).toEqual([]);
  });

  it('tells a seller who does not sell in the country so, and saves nothing', async () => {
    const { all, saved } = deps();
    all.authorization.marketplaceParticipations = async () => [];
    await expect(connectSellerAccount(input, all)).rejects.toBeInstanceOf(LinkRefused);
    expect(saved).toEqual([]);
  });

  it('answers a failed code exchange as an authorization failure, the cause kept out', async () => {
    const { all } = deps();
    all.authorization.exchangeAuthorizationCode = async () =>
      Promise.reject(new Error('invalid_grant'));
    const refusal = connectSellerAccount(input, all);
    await expect(refusal).rejects.toBeInstanceOf(AuthorizationFailed);
    await expect(refusal).rejects.toMatchObject({
      kind: 'unprocessable',
      details: { reason: 'authorization_failed' },
    });
  });
});
