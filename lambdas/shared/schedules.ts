/**
 * The recurring jobs, shared by the CDK app (EventBridge Scheduler → the sync queue) and the
 * local stack's scheduler, so both put the same messages on the queue at the same rates.
 * It imports nothing, so every world can load it.
 */
export const SCHEDULES = [
  {
    name: 'automatic-sync',
    description: 'Syncs every connected seller with an active plan (spec: every 7 days)',
    expression: 'rate(7 days)',
    message: { type: 'sync.due' },
  },
  {
    name: 'case-poller',
    description: 'Checks open reimbursement cases for news',
    expression: 'rate(1 hour)',
    message: { type: 'cases.poll' },
  },
  {
    name: 'alerts-digest',
    description: "Mails each seller's daily digest of alerts (issue 16)",
    expression: 'rate(1 day)',
    message: { type: 'alerts.digest' },
  },
] as const;

export type ScheduleName = (typeof SCHEDULES)[number]['name'];
export type JobMessage = (typeof SCHEDULES)[number]['message'];
