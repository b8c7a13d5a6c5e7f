import { isInGroup } from '../adapters/cognito';
import { ForbiddenError } from './errors';
import { requireAdmin } from './require-admin';

jest.mock('../adapters/cognito', () => ({ ADMINS_GROUP: 'admins', isInGroup: jest.fn() }));
const membership = jest.mocked(isInGroup);

describe('requireAdmin', () => {
  beforeEach(() => membership.mockReset());

  it('lets a member of the admins group through', async () => {
    membership.mockResolvedValue(true);
    await expect(requireAdmin('admin-sub')).resolves.toBeUndefined();
    expect(membership).toHaveBeenCalledWith('admin-sub', 'admins');
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
