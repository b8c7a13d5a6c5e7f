import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { unsubscribeToken } from '../domain/account/unsubscribe-token';
import {
  digestPlan,
  isServiceAlert,
  mergeNewDiscrepancies,
  renderDigest,
  stateAlerts,
} from '../domain/alerts';
import { normalizeStatus } from '../domain/cases/status';
import { normalizeEmail } from '../domain/email-address';
import { logger } from '../shared/logger';
import { APP_URL } from './app-url';
import { clearAlerts, pendingAlerts } from './dynamo/alerts';
import { listAllClaims } from './dynamo/claims';
import { listCases } from './dynamo/cases';
import { table, epochSeconds, queryPages, TABLE_NAME } from './dynamo/client';
import { connectedUserIds } from './dynamo/connections';
import { hasOptedOut } from './dynamo/email-opt-outs';
import { caseKeys, TTL_ATTRIBUTE } from './dynamo/keys';
import { getProfile } from './dynamo/profiles';
import { listStoredShipments } from './dynamo/shipments';
import { listSubscriptions } from './dynamo/subscriptions';
import { sendMail } from './mail';
import { unsubscribeSecret } from './unsubscribe-secret';

/** One digest a seller per UTC day: a conditional write taken before the mail goes. */
async function claimDigest(userId: string, day: string, now: number): Promise<boolean> {
  try {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...caseKeys.digest(userId, day),
          type: 'digest',
          user_id: userId,
          sent_at: new Date(now).toISOString(),
          // Kept a month: the next digest says only what is new since this one.
          [TTL_ATTRIBUTE]: epochSeconds(now + 30 * 86_400_000),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export type DigestOutcome = 'sent' | 'nothing' | 'opted_out' | 'already_today' | 'no_email';

/**
 * The seller's digest for today: the alerts recorded since the last one and those their state
 * gives today, in their language, unless they already had today's. After an opt-out from
 * product emails (checked now, before the send) only the service messages go, without an
 * unsubscribe link. Recorded alerts are cleared once mailed, or when an opt-out leaves nothing.
 */
/** When the seller's last digest went (epoch ms), if one is still on record. */
async function lastDigestAt(userId: string): Promise<number | undefined> {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': caseKeys.digest(userId, '').PK,
        ':prefix': caseKeys.digest(userId, '').SK,
      },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const at = Items?.[0]?.sent_at;
  return typeof at === 'string' ? Date.parse(at) : undefined;
}

export async function sendDigest(userId: string, now = Date.now()): Promise<DigestOutcome> {
  const [profile, pending, subscriptions, shipments, cases, since] = await Promise.all([
    getProfile(userId),
    pendingAlerts(userId),
    listSubscriptions(userId),
    listStoredShipments(userId),
    listCases(userId),
    lastDigestAt(userId),
  ]);
  const sent = new Set(
    cases
      .filter((c) => c.sent_message_id || normalizeStatus(c.status) !== 'ready')
      .map((c) => c.shipment_id),
  );
  const all = [
    ...mergeNewDiscrepancies(pending.map((p) => p.alert)),
    ...stateAlerts({
      now,
      plan: digestPlan(subscriptions, now),
      shipments,
      sentShipmentIds: sent,
      since,
      claims: await listAllClaims(userId),
    }),
  ];
  if (all.length === 0) return 'nothing';
  if (!profile?.email) return 'no_email';
  // After an opt-out only service messages go (claim deadlines, money Amazon paid).
  const optedOut = await hasOptedOut(normalizeEmail(profile.email));
  const alerts = optedOut ? all.filter(isServiceAlert) : all;
  if (alerts.length === 0) {
    await clearAlerts(pending.map((p) => p.key));
    return 'opted_out';
  }
  const day = new Date(now).toISOString().slice(0, 10);
  if (!(await claimDigest(userId, day, now))) return 'already_today';
  const language = profile.locale === 'en' ? 'en' : 'it';
  const email = renderDigest({
    alerts,
    language,
    appUrl: APP_URL,
    firstName: profile.first_name || undefined,
    email: profile.email,
    ...(optedOut
      ? {}
      : {
          unsubscribeToken: unsubscribeToken(await unsubscribeSecret(), profile.email, 'product'),
        }),
  });
  try {
    await sendMail({ to: profile.email, ...email });
  } catch (error) {
    // Not sent: today's claim goes, so the next run tries again; the alerts stay.
    await table.send(
      new DeleteCommand({ TableName: TABLE_NAME, Key: caseKeys.digest(userId, day) }),
    );
    throw error;
  }
  await clearAlerts(pending.map((p) => p.key));
  return 'sent';
}

/** The sellers with recorded alerts, and every connected seller (whose state may give some). */
async function* digestUsers(): AsyncGenerator<string[]> {
  const seen = new Set<string>();
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': caseKeys.alertsPendingPartition },
    ProjectionExpression: 'user_id',
  });
  for await (const page of pages) {
    const users = page.map((item) => item.user_id as string).filter((u) => !seen.has(u));
    users.forEach((u) => seen.add(u));
    if (users.length) yield users;
  }
  for await (const page of connectedUserIds()) {
    const users = page.filter((u) => !seen.has(u));
    users.forEach((u) => seen.add(u));
    if (users.length) yield users;
  }
}

/** The daily digest job: every seller with something to hear, one at a time. */
export async function sendDigests(now = Date.now()) {
  const summary: Record<DigestOutcome | 'failed', number> = {
    sent: 0,
    nothing: 0,
    opted_out: 0,
    already_today: 0,
    no_email: 0,
    failed: 0,
  };
  for await (const users of digestUsers()) {
    for (const userId of users) {
      try {
        summary[await sendDigest(userId, now)] += 1;
      } catch (error) {
        summary.failed += 1;
        logger.warn('Digest not sent', { userId, error: error as Error });
      }
    }
  }
  return summary;
}
