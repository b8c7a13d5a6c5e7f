import type * as SecretsModule from './secrets';

const readSecretString = jest.fn();
jest.mock('./secrets-manager', () => ({
  readSecretString: (...args: unknown[]) => readSecretString(...args),
}));

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:captcha-AbCdEf';

function load(env: Record<string, string>): typeof SecretsModule {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let module: typeof SecretsModule | undefined;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof SecretsModule>('./secrets');
    });
    return module!;
  } finally {
    process.env = saved;
  }
}

describe('captchaSecret', () => {
  beforeEach(() => readSecretString.mockReset());

  it('reads the key from the secret the stack names', async () => {
    readSecretString.mockResolvedValue('k'.repeat(64));
    const { captchaSecret } = load({ CAPTCHA_SECRET_ARN: ARN });
    await expect(captchaSecret()).resolves.toBe('k'.repeat(64));
    expect(readSecretString).toHaveBeenCalledWith(ARN);
  });

  it('uses the local value when the stack passes one, without calling AWS', async () => {
    const { captchaSecret } = load({ CAPTCHA_SECRET: 'l'.repeat(43) });
    await expect(captchaSecret()).resolves.toBe('l'.repeat(43));
    expect(readSecretString).not.toHaveBeenCalled();
  });

  it('refuses to start without either', () => {
    expect(() => load({ CAPTCHA_SECRET: '', CAPTCHA_SECRET_ARN: '' })).toThrow(
      /Invalid function configuration/,
    );
  });
});
