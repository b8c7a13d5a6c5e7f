import { notifyPasswordChanged, type PasswordChangedDeps } from './password-changed';

const NOW = Date.parse('2026-03-10T09:30:00Z');

function deps(overrides: Partial<PasswordChangedDeps> = {}) {
  const sent: { to: string; subject: string; text: string }[] = [];
  const claimed = new Set<string>();
  const base: PasswordChangedDeps = {
    now: NOW,
    appUrl: 'https://app.example/',
    supportEmail: 'supporto@example.it',
    findUser: async () => ({
      id: 'u1',
      email: 'giulia@example.it',
      confirmed: true,
      enabled: true,
      firstName: 'Giulia',
      locale: 'it',
      lastModifiedAt: '2026-03-10T09:29:00.000Z',
      createdAt: '2026-01-05T12:00:00.000Z',
    }),
    claimNotice: async (userId, changedAt) => {
      const key = `${userId}#${changedAt}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
    sendMail: async (message) => {
      sent.push(message);
    },
    ...overrides,
  };
  return { deps: base, sent };
}

describe('notifyPasswordChanged', () => {
  it('emails the seller in their language when and what to do, once per change', async () => {
    const { deps: d, sent } = deps();
    expect(await notifyPasswordChanged({ userId: 'u1', language: 'en' }, d)).toBe(true);
    expect(await notifyPasswordChanged({ userId: 'u1' }, d)).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('giulia@example.it');
    expect(sent[0]!.subject).toBe('La tua password è stata modificata · RimborsiFBA');
    expect(sent[0]!.text).toContain('Ciao Giulia,');
    expect(sent[0]!.text).toContain('il 10 marzo 2026 alle ore 10:29 (ora italiana)');
    expect(sent[0]!.text).toContain('scrivici a supporto@example.it');
    expect(sent[0]!.text).toContain('https://app.example/forgot-password');
  });

  it('writes in English to an English-speaking seller, with the time in UTC', async () => {
    const base = deps().deps;
    const { deps: d, sent } = deps({
      findUser: async () => ({ ...(await base.findUser('u1'))!, locale: 'en' }),
    });
    await notifyPasswordChanged({ userId: 'u1' }, d);
    expect(sent[0]!.subject).toBe('Your password was changed · RimborsiFBA');
    expect(sent[0]!.text).toContain('was changed on 10 March 2026 at 09:29 UTC');
  });

  it('sends nothing when the pool shows no recent change', async () => {
    const base = deps().deps;
    const { deps: d, sent } = deps({
      findUser: async () => ({
        ...(await base.findUser('u1'))!,
        lastModifiedAt: '2026-03-10T09:00:00.000Z',
      }),
    });
    expect(await notifyPasswordChanged({ userId: 'u1' }, d)).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it('sends nothing for the password an account was just created with', async () => {
    const base = deps().deps;
    const { deps: d, sent } = deps({
      findUser: async () => ({
        ...(await base.findUser('u1'))!,
        createdAt: '2026-03-10T09:28:58.000Z',
      }),
    });
    expect(await notifyPasswordChanged({ userId: 'u1' }, d)).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it('believes a completed reset seconds after the account was made (the pool ran the reset)', async () => {
    const base = deps().deps;
    const { deps: d, sent } = deps({
      findUser: async () => ({
        ...(await base.findUser('u1'))!,
        createdAt: '2026-03-10T09:28:57.000Z',
      }),
    });
    expect(await notifyPasswordChanged({ userId: 'u1', reporter: 'reset' }, d)).toBe(true);
    expect(await notifyPasswordChanged({ userId: 'u1', reporter: 'reset' }, d)).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing for an unknown user', async () => {
    const { deps: d, sent } = deps({ findUser: async () => undefined });
    expect(await notifyPasswordChanged({ userId: 'u1' }, d)).toBe(false);
    expect(sent).toHaveLength(0);
  });
});
