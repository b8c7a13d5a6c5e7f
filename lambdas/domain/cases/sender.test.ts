import { disputeSender } from './sender';

const connection = {
  storeName: 'Caffè Rossi',
  sellerId: 'A2SIMSELLER01',
  status: 'connected' as const,
};

test('the seller, store, Seller ID and marketplace come from the profile and the connection', () => {
  expect(
    disputeSender({ first_name: ' Giulia ', last_name: 'Rossi' }, connection, 'amazon.it'),
  ).toEqual({
    seller_name: 'Giulia Rossi',
    store_name: 'Caffè Rossi',
    seller_id: 'A2SIMSELLER01',
    marketplace: 'Amazon.it',
  });
});

test('a fact we do not hold stays empty, never made up', () => {
  expect(disputeSender(undefined, undefined, null)).toEqual({
    seller_name: null,
    store_name: null,
    seller_id: null,
    marketplace: null,
  });
  expect(
    disputeSender(
      { first_name: 'Giulia', last_name: '' },
      { ...connection, status: 'disconnected' },
      'amazon.co.uk',
    ),
  ).toEqual({
    seller_name: 'Giulia',
    store_name: null,
    seller_id: null,
    marketplace: 'Amazon.co.uk',
  });
});
