import type { Language } from '../domain/language';
import { ForbiddenError } from './errors';
import * as guard from './require-admin';

/** The user pool's membership check, as wiring hands it to the guard. */
const membership = jest.fn<Promise<boolean>, [string]>();
const requireAdmin = (userId: string | undefined, language?: Language) =>
  guard.requireAdmin(membership, userId, language);

describe('requireAdmin', () => {
  beforeEach(() => membership.mockReset());

  it('lets a member of the admins group through', async () => {
    membership.mockResolvedValue(true);
    await expect(requireAdmin('admin-sub')).resolves.toBeUndefined();
    expect(membership).toHaveBeenCalledWith('admin-sub');
  });

  it('refuses everyone else with a localized 403', async () => {
    membership.mockResolvedValue(false);
    await expect(requireAdmin('user-sub', 'en')).rejects.toEqual(
      new ForbiddenError('You do not have permission for this operation.'),
    );
    await expect(requireAdmin('user-sub')).rejects.toMatchObject({
      statusCode: 403,
      message: 'Permessi insufficienti per questa operazione.',
    });
  });

  it('treats a failed check as not admin: 403, not a server error', async () => {
    membership.mockRejectedValue(new Error('Cognito throttled'));
    await expect(requireAdmin('admin-sub', 'en')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('refuses a request without a caller without asking Cognito', async () => {
    await expect(requireAdmin(undefined)).rejects.toBeInstanceOf(ForbiddenError);
    expect(membership).not.toHaveBeenCalled();
  });
});
