import { type AccountStores, deleteAccount, DeletionRefused } from './deletion';

function stores(email: string | undefined, failAt?: 'documents' | 'table') {
  const calls: string[] = [];
  const fake: AccountStores = {
    findEmail: async () => email,
    endSessions: async () => {
      calls.push('sessions');
    },
    deleteDocuments: async () => {
      calls.push('documents');
      if (failAt === 'documents') throw new Error('S3 down');
    },
    deleteTableItems: async (_id, e) => {
      calls.push(`table:${e}`);
      if (failAt === 'table') throw new Error('table down');
    },
    deleteUser: async () => {
      calls.push('user');
    },
  };
  return { fake, calls };
}

describe('deleteAccount', () => {
  it('ends every session, deletes files, then table items, then the user, when the email matches', async () => {
    const { fake, calls } = stores('Mario@Example.it');
    await expect(deleteAccount({ userId: 'u1', email: ' mario@example.IT ' }, fake)).resolves.toBe(
      true,
    );
    expect(calls).toEqual(['sessions', 'documents', 'table:mario@example.it', 'user']);
  });

  it('requires the email', async () => {
    const { fake, calls } = stores('mario@example.it');
    await expect(deleteAccount({ userId: 'u1', email: '  ' }, fake)).rejects.toEqual(
      new DeletionRefused('email_required'),
    );
    expect(calls).toEqual([]);
  });

  it("refuses another account's email and deletes nothing", async () => {
    const { fake, calls } = stores('mario@example.it');
    await expect(deleteAccount({ userId: 'u1', email: 'luigi@example.it' }, fake)).rejects.toEqual(
      new DeletionRefused('email_mismatch'),
    );
    expect(calls).toEqual([]);
  });

  it('keeps the user when a step fails, so a retry can finish the job', async () => {
    const { fake, calls } = stores('mario@example.it', 'table');
    await expect(deleteAccount({ userId: 'u1', email: 'mario@example.it' }, fake)).rejects.toThrow(
      'table down',
    );
    expect(calls).not.toContain('user');
  });

  it('answers false for an account that is already gone', async () => {
    const { fake, calls } = stores(undefined);
    await expect(deleteAccount({ userId: 'u1', email: 'mario@example.it' }, fake)).resolves.toBe(
      false,
    );
    expect(calls).toEqual([]);
  });
});
