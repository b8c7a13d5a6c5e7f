import { assertMatchesModel, findOperation, usagePlanFromModel } from './model-validator';

const address = {
  Name: 'Bottega',
  AddressLine1: 'Via Roma 1',
  City: 'Milano',
  StateOrProvinceCode: 'MI',
  CountryCode: 'IT',
  PostalCode: '20100',
};
const shipment = {
  ShipmentId: 'FBA1',
  ShipFromAddress: address,
  AreCasesRequired: false,
  ShipmentStatus: 'CLOSED',
};

describe('model validator', () => {
  it('accepts a body shaped like the model', () => {
    expect(() =>
      assertMatchesModel('getShipments', 200, { payload: { ShipmentData: [shipment] } }),
    ).not.toThrow();
    expect(() =>
      assertMatchesModel('getReport', 200, {
        reportId: '1',
        reportType: 'GET_SELLER_FEEDBACK_DATA',
        createdTime: '2026-11-01T00:00:00Z',
        processingStatus: 'IN_QUEUE',
      }),
    ).not.toThrow();
  });

  it.each([
    [
      'an undocumented field',
      { payload: { ShipmentData: [{ ...shipment, LastUpdatedDate: '2026-11-01T00:00:00Z' }] } },
    ],
    [
      'a missing required field',
      { payload: { ShipmentData: [{ ...shipment, AreCasesRequired: undefined }] } },
    ],
    [
      'a value outside the enum',
      { payload: { ShipmentData: [{ ...shipment, ShipmentStatus: 'READY_TO_SHIP' }] } },
    ],
    [
      'a wrong type',
      { payload: { ShipmentData: [{ ...shipment, ShipFromAddress: { ...address, City: 7 } }] } },
    ],
    ['an error without message', { errors: [{ code: 'InvalidInput' }] }],
  ])('rejects %s', (_case, body) => {
    expect(() => assertMatchesModel('getShipments', 200, JSON.parse(JSON.stringify(body)))).toThrow(
      /does not match the model/,
    );
  });

  it('checks formats and resolves per status', () => {
    const report = {
      reportId: '1',
      reportType: 'X',
      createdTime: 'yesterday',
      processingStatus: 'DONE',
    };

    expect(() => assertMatchesModel('getReport', 200, report)).toThrow(/format/);
    expect(() =>
      assertMatchesModel('getReport', 404, { errors: [{ code: 'NotFound', message: 'x' }] }),
    ).not.toThrow();
    expect(() => assertMatchesModel('getReport', 418, {})).toThrow(/documents no 418 response/);
  });

  it('finds operations and their usage plans', () => {
    expect(findOperation('getInventorySummaries').file).toBe('fbaInventory.json');
    expect(usagePlanFromModel('getMarketplaceParticipations')).toEqual({ rate: 0.016, burst: 15 });
    expect(() => findOperation('getOrders')).toThrow(/not in/);
  });
});
