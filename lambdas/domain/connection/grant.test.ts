import { WINDOW_KINDS } from '../claims/windows';
import { APP_ROLES, grantView } from './grant';

describe('what a connection’s grant covers', () => {
  it('a connection linked with the roles the consent asks for now covers every claim kind', () => {
    const view = grantView([...APP_ROLES]);
    expect(view.covers).toEqual([...WINDOW_KINDS]);
    expect(view).toMatchObject({ reauthorize: false, adds: [] });
  });

  it('a connection linked before roles were recorded is asked to authorize again, saying what it adds', () => {
    const view = grantView(null);
    expect(view.covers).toEqual([
      'inbound_shipment',
      'underpaid_reimbursement',
      'warehouse_lost',
      'warehouse_damaged',
    ]);
    expect(view).toMatchObject({
      roles: null,
      reauthorize: true,
      adds: ['customer_returns', 'removals', 'refunds'],
    });
  });

  it('without the finance role, refunds and the returns they prove are what is missing', () => {
    const view = grantView(APP_ROLES.filter((role) => role !== 'Finance and Accounting'));
    expect(view.covers).not.toContain('customer_return_not_returned');
    expect(view.covers).toContain('removal_lost_in_transit');
    expect(view).toMatchObject({ reauthorize: true, adds: ['customer_returns', 'refunds'] });
  });
});
