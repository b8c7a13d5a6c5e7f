import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, stack, table } from './support/accounts';
import { buyPlan, expirePlan, REAL_SHIPMENT, realSeller, seller } from './support/proof';

/**
 * A plan covers one marketplace country (spec 1): buying a plan for a second country while one
 * is in force is refused before any order is made, so no paid day is lost; renewing the same
 * country adds its days; and the paid actions on a case need the plan of the shipment's country.
 */

jest.setTimeout(180_000);

async function rows(userId: string, prefix: string) {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: stack.dynamodb.table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': prefix },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

/** The seller's plan now covers another country (as if bought for it). */
async function movePlanTo(userId: string, country: string) {
  for (const item of await rows(userId, 'SUB#')) {
    await table.send(
      new UpdateCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET country_code = :c',
        ExpressionAttributeValues: { ':c': country },
      }),
    );
  }
}

describe('buying a plan for a second country', () => {
  test('is refused while the plan for another country is in force, in the seller’s language, with no order made', async () => {
    const s = await seller();
    await buyPlan(s.token);
    const orders = (await rows(s.userId, 'PAYORDER#')).length;

    const refused = await api('POST', '/api/payment-order', {
      token: s.token,
      body: { country: 'DE' },
    });
    const inEnglish = await api('POST', '/api/payment-order', {
      token: s.token,
      body: { country: 'FR' },
      language: 'en',
    });

    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ reason: 'plan_other_country' });
    expect(refused.body.message).toMatch(/Il piano copre un solo paese del marketplace/);
    expect(refused.body.message).toContain('IT');
    expect(inEnglish.status).toBe(409);
    expect(inEnglish.body.message).toMatch(/The plan covers one marketplace country only/);
    expect((await rows(s.userId, 'PAYORDER#')).length).toBe(orders);
  });

  test('renewing the same country is allowed, and another country once the plan has ended', async () => {
    const s = await seller();
    await buyPlan(s.token);
    const renewal = await api('POST', '/api/payment-order', {
      token: s.token,
      body: { country: 'IT' },
    });
    expect(renewal.status).toBe(201);

    await expirePlan(s.userId);
    const other = await api('POST', '/api/payment-order', {
      token: s.token,
      body: { country: 'DE' },
    });
    expect(other.status).toBe(201);
  });
});

describe('paid case actions need the plan of the shipment’s country', () => {
  test('a plan for another country leaves the case readable, and every paid action refused', async () => {
    const s = await realSeller();
    await movePlanTo(s.userId, 'DE');
    const upload = {
      shipmentId: REAL_SHIPMENT,
      role: 'rivenditore',
      docType: 'pod',
      fileName: 'pod.pdf',
      size: 100,
    };

    const refusals = await Promise.all([
      api('POST', '/api/documents/upload-url', { token: s.token, body: upload, language: 'en' }),
      api('POST', '/api/generate-case-draft', {
        token: s.token,
        body: { shipment_id: REAL_SHIPMENT },
      }),
      api('POST', '/api/submit-reimbursement', {
        token: s.token,
        body: { shipmentId: REAL_SHIPMENT },
      }),
    ]);

    expect(refusals.map((r) => r.status)).toEqual([402, 402, 402]);
    expect(refusals[0]!.body.message).toMatch(/Your plan covers DE, and this shipment is on IT/);
    expect(refusals[1]!.body.message).toMatch(/Il tuo piano copre DE e questa spedizione è di IT/);
    expect(refusals[2]!.body.details).toMatchObject({ reason: 'plan_country' });
    expect((await api('GET', `/api/cases/${REAL_SHIPMENT}`, { token: s.token })).status).toBe(200);

    // The plan of the shipment's country opens them again.
    await movePlanTo(s.userId, 'IT');
    const again = await api('POST', '/api/documents/upload-url', { token: s.token, body: upload });
    expect(again.status).toBe(200);
  });
});
