import type { Node } from 'constructs';
import { z } from 'zod';
import { PHONE_PATTERN, type SiteContacts } from '../lambdas/domain/site-contacts';

/**
 * Every setting the CDK app reads, each from a CDK context key of the same name
 * (`cdk synth -c stage=prod -c senderAddress=no-reply@example.it`, or the `context` block of
 * cdk.json / cdk.context.json). Defaults make `cdk synth` work offline with no context at all;
 * values that would make a production deployment unusable are refused for `stage=prod`.
 */

/** Context values given on the command line are always strings; cdk.json may hold real booleans. */
const booleanish = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

/** CloudWatch Logs only accepts these retention periods; the spec asks for 90 days or more. */
const LOG_RETENTION_DAYS = [
  90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

const PLACEHOLDER_DOMAIN = 'example.com';

export const configSchema = z
  .object({
    /** Prefix of every stack name, so several apps can share an account. */
    appName: z
      .string()
      .regex(
        /^[a-z][a-z0-9-]{1,24}$/,
        'up to 25 lowercase letters, digits and hyphens, starting with a letter',
      )
      .default('rimborsi-fba'),
    /** Deployment stage; part of the stack names, so `dev` and `prod` can live in one account. */
    stage: z
      .string()
      .regex(
        /^[a-z][a-z0-9]{1,11}$/,
        'up to 12 lowercase letters and digits, starting with a letter',
      )
      .default('dev'),
    /**
     * Home region of every stack. Ireland by default: it has every service used here, and
     * CloudFront can write its access logs to buckets there, which it cannot in Milan (eu-south-1).
     */
    region: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region name such as eu-west-1')
      .default('eu-west-1'),
    logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
    logRetentionDays: z.coerce
      .number()
      .refine((days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days), {
        message: `one of ${LOG_RETENTION_DAYS.join(', ')} (CloudWatch values of 90 days or more)`,
      })
      .default(90),
    /** Custom domain of the web app; needs `certificateArn`. DNS records are made by hand. */
    domainName: z
      .string()
      .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, 'a lowercase host name such as app.example.it')
      .optional(),
    /** ACM certificate for `domainName`; CloudFront only accepts certificates from us-east-1. */
    certificateArn: z
      .string()
      .regex(
        /^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
        'an ACM certificate ARN in us-east-1',
      )
      .optional(),
    /**
     * WAF web ACL (scope CLOUDFRONT, so created in us-east-1) to put in front of the web app.
     * Without it prod gets one of its own from a us-east-1 stack (lib/stacks/edge-stack.ts).
     */
    webAclArn: z
      .string()
      .regex(/^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/, 'a global WAFv2 web ACL ARN')
      .optional(),
    /**
     * The web ACL's rate-based rule (the one prod creates): requests one client address may
     * make in any 5 minutes before WAF answers it 429 for a while. A seller's session makes
     * about 100 (the 3-second case poll) plus page loads.
     */
    edgeRateLimit: z.coerce.number().int().min(100).max(2_000_000_000).default(1000),
    /**
     * Host name CloudFront reaches the API at, an API Gateway custom domain (DNS CNAME to the
     * `ApiOriginTarget` output), so the `execute-api` endpoint can be turned off. Needs
     * `apiCertificateArn`; required for prod.
     */
    apiDomainName: z
      .string()
      .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, 'a lowercase host name such as api.example.it')
      .optional(),
    /** ACM certificate for `apiDomainName`, in the stacks' own region (a regional endpoint). */
    apiCertificateArn: z
      .string()
      .regex(
        /^arn:aws:acm:[a-z]{2}(-[a-z]+)+-\d:\d{12}:certificate\/[\w-]+$/,
        'an ACM certificate ARN',
      )
      .optional(),
    /**
     * Browser origins allowed to PUT/GET documents with presigned URLs. Derived from
     * `domainName` when not given; see `corsOrigins` below for the fallback.
     */
    webOrigins: z
      .union([
        z.array(z.url()),
        z.string().transform((list) => list.split(',').map((s) => s.trim())),
      ])
      .pipe(z.array(z.url({ protocol: /^https$/ })))
      .optional(),
    /** Address the app's emails come from; its domain becomes the SES identity. */
    senderAddress: z.email().default(`no-reply@${PLACEHOLDER_DOMAIN}`),
    senderName: z.string().min(1).default('Rimborsi FBA'),
    /**
     * Let Cognito send its own emails (sign-up codes, password resets) through our SES identity.
     * Off by default: Cognito refuses an identity that is not verified yet, so turn it on only
     * once the DKIM records are in DNS. Required for prod: Cognito's own sender stops after
     * about 50 emails a day, so a few scripted sign-ups would block every seller's codes.
     */
    cognitoEmailViaSes: booleanish.default(false),
    /**
     * The SP-API app is still a draft on Amazon, so consent URLs carry `version=beta`. On by
     * default in every stage but prod, which refuses it (a published app only).
     */
    spapiAppDraft: booleanish.optional(),
    /**
     * Prod's first deployment only: the SES identity it creates is not verified yet, and Cognito
     * refuses an unverified one, so this one deployment keeps Cognito's own sender (synth warns).
     * Remove it and set `cognitoEmailViaSes=true` once the DKIM records are verified.
     */
    mailIdentityBootstrap: booleanish.default(false),
    /** Login with Amazon / SP-API application id, used to build the seller authorization URL. */
    lwaAppId: z.string().min(1).default('amzn1.sp.solution.00000000-0000-0000-0000-000000000000'),
    /** Where alarm notifications go; without it the topic exists but nobody is subscribed. Required for prod. */
    alarmEmail: z.email().optional(),
    /** Where help-center and data-deletion requests are mailed (SUPPORT_INBOX). Required for prod. */
    supportInbox: z.email().optional(),
    /**
     * The contacts every page's footer and the help center show (spec 2.3), read by the web
     * app from its runtime config. The support address defaults to `supportInbox`, the security
     * one to the support address; phone and WhatsApp (international format, `+39 …`) are shown
     * only when set.
     */
    supportEmail: z.email().optional(),
    securityEmail: z.email().optional(),
    contactPhone: z
      .string()
      .regex(PHONE_PATTERN, 'an international phone number such as +39 02 1234 5678')
      .optional(),
    contactWhatsapp: z
      .string()
      .regex(PHONE_PATTERN, 'an international phone number such as +39 333 123 4567')
      .optional(),
    /**
     * The PayPal REST app's client id. Public by design: the payment button loads PayPal's SDK
     * with it, so it goes into the web app's runtime config (the secret stays in Secrets
     * Manager). Without it the web app shows no payment button. Required for prod.
     */
    paypalClientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, 'a PayPal REST app client id (letters, digits, - and _)')
      .optional(),
    /**
     * Which PayPal the server verifies orders with: `sandbox` (api-m.sandbox.paypal.com) or
     * `live` (api-m.paypal.com). Defaults to live for prod and sandbox for every other stage;
     * the client id decides the same for the browser's SDK, so the two must match.
     */
    paymentEnvironment: z.enum(['sandbox', 'live']).optional(),
    /**
     * Our PayPal business account's merchant id (PayPal: Account settings, Business
     * information, "PayPal Merchant ID"). Every plan order names it as payee and verification
     * refuses an order paid to anyone else. Required for prod.
     */
    paypalMerchantId: z
      .string()
      // PayPal's own pattern for a merchant id (as its Orders API checks `payee.merchant_id`).
      .regex(
        /^[2-9A-HJ-NP-Z]{13}$/,
        'a PayPal merchant id (13 capital letters and digits, without 0, 1, I or O)',
      )
      .optional(),
    /**
     * The id PayPal gives our webhook (developer dashboard, the REST app, Webhooks): the
     * refund, reversal and dispute events are verified against it. Required for prod.
     */
    paypalWebhookId: z
      .string()
      .regex(/^[A-Za-z0-9]{8,64}$/, 'a PayPal webhook id (letters and digits)')
      .optional(),
    /** The launch offer (spec 4.7): the 30-day plan at 0 EUR. Off unless set. */
    planFreeDuringLaunch: booleanish.default(false),
    /**
     * The admins' diagnostic pages (spec 2.12, `/debug/*`) and the routes only they call. On by
     * default in every stage but prod, where they stay off unless this turns them on.
     */
    debugTools: booleanish.optional(),
    /**
     * Keep the stateful resources (table, user pool, buckets, keys, secrets, queues) when their
     * stack is deleted, and turn on their deletion protection. Always on for prod; off by
     * default elsewhere so a dev stage can be torn down completely.
     */
    retainData: booleanish.optional(),
    /** Steady-state requests per second and burst for the whole HTTP API stage. */
    apiRateLimit: z.coerce.number().int().positive().default(50),
    apiBurstLimit: z.coerce.number().int().positive().default(100),
    /** Blocks `cdk destroy` of the stateful stack. Defaults to on for prod, off elsewhere. */
    protectStatefulStack: booleanish.optional(),
    /**
     * Apply the heavy routes' reserved concurrency (`heavyConcurrency`, `HEAVY_CONCURRENCY` in lib/functions.ts),
     * so they never use up the account's pool the sign-in triggers draw on. On by default for
     * prod; off elsewhere, since an account with a low concurrency limit refuses any reservation.
     */
    reserveConcurrency: booleanish.optional(),
  })
  .superRefine((config, ctx) => {
    // The documents bucket is named `<appName>-<stage>-docs-<account>-<region>`, and S3 names
    // stop at 63 characters.
    const bucketNameLength =
      `${config.appName}-${config.stage}-docs-`.length + 12 + 1 + config.region.length;
    if (bucketNameLength > 63) {
      ctx.addIssue({
        code: 'custom',
        path: ['appName'],
        message: `appName and stage are too long: bucket names would have ${bucketNameLength} of 63 characters`,
      });
    }
    if (Boolean(config.domainName) !== Boolean(config.certificateArn)) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateArn'],
        message: 'domainName and certificateArn go together: give both or neither',
      });
    }
    if (Boolean(config.apiDomainName) !== Boolean(config.apiCertificateArn)) {
      ctx.addIssue({
        code: 'custom',
        path: ['apiCertificateArn'],
        message: 'apiDomainName and apiCertificateArn go together: give both or neither',
      });
    }
    if (config.apiCertificateArn && config.apiCertificateArn.split(':')[3] !== config.region) {
      ctx.addIssue({
        code: 'custom',
        path: ['apiCertificateArn'],
        message: `the API's certificate must be in the stacks' region (${config.region})`,
      });
    }
    if (config.stage === 'prod') {
      if (!config.cognitoEmailViaSes && !config.mailIdentityBootstrap) {
        ctx.addIssue({
          code: 'custom',
          path: ['cognitoEmailViaSes'],
          message:
            'prod needs cognitoEmailViaSes=true: Cognito\u2019s own sender stops after about 50 emails a day (first deployment: mailIdentityBootstrap=true)',
        });
      }
      if (!config.apiDomainName) {
        ctx.addIssue({
          code: 'custom',
          path: ['apiDomainName'],
          message:
            'prod needs apiDomainName and apiCertificateArn: CloudFront reaches the API there, with execute-api turned off',
        });
      }
      if (config.spapiAppDraft === true) {
        ctx.addIssue({
          code: 'custom',
          path: ['spapiAppDraft'],
          message: 'prod sends sellers to the published SP-API app only; remove spapiAppDraft=true',
        });
      }
      if (config.senderAddress.endsWith(`@${PLACEHOLDER_DOMAIN}`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['senderAddress'],
          message: 'prod needs a real sender address on a domain you control',
        });
      }
      if (config.lwaAppId.includes('00000000-0000')) {
        ctx.addIssue({
          code: 'custom',
          path: ['lwaAppId'],
          message: 'prod needs the real LWA app id',
        });
      }
      for (const key of [
        'alarmEmail',
        'supportInbox',
        'paypalClientId',
        'paypalMerchantId',
        'paypalWebhookId',
      ] as const) {
        if (!config[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: `prod needs ${key}` });
        }
      }
      if (config.retainData === false) {
        ctx.addIssue({
          code: 'custom',
          path: ['retainData'],
          message: 'prod always retains its data; remove retainData=false',
        });
      }
      if (config.paymentEnvironment === 'sandbox') {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentEnvironment'],
          message: 'prod takes real payments: paymentEnvironment must be live',
        });
      }
    }
  })
  .transform((config) => ({
    ...config,
    retainData: config.retainData ?? config.stage === 'prod',
    protectStatefulStack: config.protectStatefulStack ?? config.stage === 'prod',
    debugTools: config.debugTools ?? config.stage !== 'prod',
    spapiAppDraft: config.spapiAppDraft ?? config.stage !== 'prod',
    reserveConcurrency: config.reserveConcurrency ?? config.stage === 'prod',
    paymentEnvironment:
      config.paymentEnvironment ?? (config.stage === 'prod' ? 'live' : ('sandbox' as const)),
    /** Used for stack names and resource name prefixes. */
    prefix: `${config.appName}-${config.stage}`,
    senderDomain: config.senderAddress.split('@')[1] as string,
    corsOrigins: config.webOrigins ?? defaultCorsOrigins(config.domainName),
  }));

export type AppConfig = z.output<typeof configSchema>;

/** What the web app shows as contacts (spec 2.3): the stage's settings, with their fallbacks. */
export function siteContacts(config: AppConfig): SiteContacts {
  const supportEmail = config.supportEmail ?? config.supportInbox ?? config.senderAddress;
  return {
    supportEmail,
    securityEmail: config.securityEmail ?? supportEmail,
    ...(config.contactPhone ? { phone: config.contactPhone } : {}),
    ...(config.contactWhatsapp ? { whatsapp: config.contactWhatsapp } : {}),
  };
}
export type ConfigInput = z.input<typeof configSchema>;

/**
 * Without a custom domain the distribution's `*.cloudfront.net` name is only known after the
 * first deployment, and the documents bucket (stateful stack) cannot depend on it (stateless
 * stack) without a cycle. The wildcard is acceptable meanwhile because a presigned URL, not the
 * origin, is what authorizes a request; set `domainName` or `webOrigins` to narrow it.
 */
function defaultCorsOrigins(domainName: string | undefined): string[] {
  return domainName ? [`https://${domainName}`] : ['https://*.cloudfront.net'];
}

/** The context keys the schema reads, so unknown keys (feature flags, typos) are left alone. */
const CONFIG_KEYS = Object.keys(configSchema.in.shape) as (keyof ConfigInput)[];

/**
 * The context key holding per-stage settings, so cdk.json (or cdk.context.json) can keep both
 * stages' parameters and `-c stage=prod` picks one:
 * `"stages": { "prod": { "senderAddress": "no-reply@rimborsifba.it", ... } }`.
 * A top-level key (from `-c key=value` or the context block itself) wins over the stage's.
 */
export const STAGES_CONTEXT_KEY = 'stages';

const stageBlocks = z.record(z.string(), z.record(z.string(), z.unknown()));

/** Parses the app's configuration from CDK context, failing synth with every problem listed. */
export function loadConfig(node: Node): AppConfig {
  const topLevel: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    const value: unknown = node.tryGetContext(key);
    if (value !== undefined) topLevel[key] = value;
  }
  const blocks = stageBlocks.safeParse(node.tryGetContext(STAGES_CONTEXT_KEY) ?? {});
  if (!blocks.success) {
    throw new Error(
      `Invalid CDK context configuration:\n  - ${STAGES_CONTEXT_KEY}: an object of stage name to settings`,
    );
  }
  const stage = typeof topLevel.stage === 'string' ? topLevel.stage : 'dev';
  const fromStage = blocks.data[stage] ?? {};
  const unknownKeys = Object.keys(fromStage).filter(
    (key) => !(CONFIG_KEYS as string[]).includes(key) || key === 'stage',
  );
  if (unknownKeys.length > 0) {
    throw new Error(
      `Invalid CDK context configuration:\n  - ${STAGES_CONTEXT_KEY}.${stage}: unknown setting(s) ${unknownKeys.join(', ')}`,
    );
  }
  return parseConfig({ ...fromStage, ...topLevel });
}

export function parseConfig(raw: Record<string, unknown>): AppConfig {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  - ${issue.path.join('.') || '(config)'}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid CDK context configuration:\n${problems}`);
  }
  return parsed.data;
}
