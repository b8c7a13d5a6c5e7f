import {
  type DeletionRequestStores,
  type DeletionWorkStores,
  DeletionRefused,
  finishAccountDeletion,
  requestAccountDeletion,
} from './deletion';

function requestStores(email: string | undefined) {
  const calls: string[] = [];
  const fake: DeletionRequestStores = {
    findEmail: async () => email,
    endSessions: async () => {
      calls.push('sessions');
    },
    markDeleting: async () => {
      calls.push('tombstone');
    },
    enqueueDeletion: async (id) => {
      calls.push(`queued:${id}`);
    },
  };
  return { fake, calls };
}

/**
 * A user directory and a table as the worker sees them: the email stays findable until the
 * identity is deleted, the last step.
 */
function workStores(email: string, failAt?: 'documents' | 'table' | 'user') {
  const calls: string[] = [];
  let identity: string | undefined = email;
  let failing = failAt;
  const fail = (step: typeof failAt) => {
    if (failing === step) {
      failing = undefined;
      throw new Error(`${step} down`);
    }
  };
  const fake: DeletionWorkStores = {
    findEmail: async () => identity,
    deleteDocuments: async () => {
      calls.push('documents');
      fail('documents');
    },
    deleteTableItems: async (_id, e) => {
      calls.push(`table:${e}`);
      fail('table');
    },
    deleteUser: async () => {
      calls.push('user');
      fail('user');
      identity = undefined;
    },
  };
  return { fake, calls };
}

describe('requestAccountDeletion', () => {
  it('ends every session, marks the account as being deleted, then queues the deletion', async () => {
    const { fake, calls } = requestStores('Mario@Example.it');
    await expect(
      requestAccountDeletion({ userId: 'u1', email: ' mario@example.IT ' }, fake),
    ).resolves.toBe(true);
    expect(calls).toEqual(['sessions', 'tombstone', 'queued:u1']);
  });

  it('requires the email', async () => {
    const { fake, calls } = requestStores('mario@example.it');
    await expect(requestAccountDeletion({ userId: 'u1', email: '  ' }, fake)).rejects.toEqual(
      new DeletionRefused('email_required'),
    );
    expect(calls).toEqual([]);
  });

  it("refuses another account's email and touches nothing", async () => {
    const { fake, calls } = requestStores('mario@example.it');
    await expect(
      requestAccountDeletion({ userId: 'u1', email: 'luigi@example.it' }, fake),
    ).rejects.toEqual(new DeletionRefused('email_mismatch'));
    expect(calls).toEqual([]);
  });

  it('answers false for an account that is already gone, and queues nothing', async () => {
    const { fake, calls } = requestStores(undefined);
    await expect(
      requestAccountDeletion({ userId: 'u1', email: 'mario@example.it' }, fake),
    ).resolves.toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('finishAccountDeletion', () => {
  it('deletes files, then table items, then the user', async () => {
    const { fake, calls } = workStores('Mario@Example.it');
    await expect(finishAccountDeletion('u1', fake)).resolves.toBe(true);
    expect(calls).toEqual(['documents', 'table:mario@example.it', 'user']);
  });

  it('a message delivered twice deletes once and then finds nothing left', async () => {
    const { fake, calls } = workStores('mario@example.it');
    await finishAccountDeletion('u1', fake);
    await expect(finishAccountDeletion('u1', fake)).resolves.toBe(false);
    expect(calls).toEqual(['documents', 'table:mario@example.it', 'user']);
  });

  it.each(['documents', 'table', 'user'] as const)(
    'keeps the user when the %s step fails, so the redelivered message finishes the job',
    async (step) => {
      const { fake, calls } = workStores('mario@example.it', step);
      await expect(finishAccountDeletion('u1', fake)).rejects.toThrow(`${step} down`);
      await expect(finishAccountDeletion('u1', fake)).resolves.toBe(true);
      expect(calls.slice(-3)).toEqual(['documents', 'table:mario@example.it', 'user']);
      await expect(finishAccountDeletion('u1', fake)).resolves.toBe(false);
    },
  );
});
