import { App } from 'aws-cdk-lib';
import { loadConfig, parseConfig } from '../../lib/config';
import { PROD_CONTEXT } from './support/synth';

describe('configuration from CDK context', () => {
  it('has defaults that synthesize offline with no context at all', () => {
    expect(parseConfig({})).toMatchObject({
      appName: 'rimborsi-fba',
      stage: 'dev',
      region: 'eu-west-1',
      prefix: 'rimborsi-fba-dev',
      logRetentionDays: 90,
      senderAddress: 'no-reply@example.com',
      senderDomain: 'example.com',
      cognitoEmailViaSes: false,
      protectStatefulStack: false,
      retainData: false,
      paymentEnvironment: 'sandbox',
      planFreeDuringLaunch: false,
      debugTools: true,
      corsOrigins: ['https://*.cloudfront.net'],
    });
  });

  it('keeps the diagnostic routes off in prod unless the stage turns them on', () => {
    expect(parseConfig(PROD_CONTEXT).debugTools).toBe(false);
    expect(parseConfig({ ...PROD_CONTEXT, debugTools: 'true' }).debugTools).toBe(true);
    expect(parseConfig({ debugTools: 'false' }).debugTools).toBe(false);
  });

  it('makes prod keep its data, protect its stack and take live payments', () => {
    expect(parseConfig(PROD_CONTEXT)).toMatchObject({
      stage: 'prod',
      retainData: true,
      protectStatefulStack: true,
      paymentEnvironment: 'live',
      planFreeDuringLaunch: false,
    });
  });

  it('lets prod\u2019s first deployment keep Cognito\u2019s sender only when it says it is the bootstrap', () => {
    expect(() => parseConfig({ ...PROD_CONTEXT, cognitoEmailViaSes: 'false' })).toThrow(
      /first deployment: mailIdentityBootstrap=true/,
    );
    expect(
      parseConfig({ ...PROD_CONTEXT, cognitoEmailViaSes: 'false', mailIdentityBootstrap: 'true' }),
    ).toMatchObject({ cognitoEmailViaSes: false, mailIdentityBootstrap: true });
  });

  it('sends sellers to the draft SP-API app everywhere but prod, unless the stage says otherwise', () => {
    expect(parseConfig({}).spapiAppDraft).toBe(true);
    expect(parseConfig({ spapiAppDraft: 'false' }).spapiAppDraft).toBe(false);
    expect(parseConfig(PROD_CONTEXT).spapiAppDraft).toBe(false);
  });

  it('takes a stage\u2019s settings from the `stages` block, the command line winning', () => {
    const app = new App({
      context: {
        stage: 'prod',
        alarmEmail: 'oncall@rimborsi.example.it',
        stages: {
          dev: { senderAddress: 'dev@rimborsi.example.it' },
          prod: {
            ...Object.fromEntries(Object.entries(PROD_CONTEXT).filter(([key]) => key !== 'stage')),
            planFreeDuringLaunch: 'true',
          },
        },
      },
    });
    expect(loadConfig(app.node)).toMatchObject({
      stage: 'prod',
      senderAddress: 'no-reply@rimborsi.example.it',
      alarmEmail: 'oncall@rimborsi.example.it',
      planFreeDuringLaunch: true,
    });
  });

  it('refuses unknown settings in a stage block, so a typo is not silently ignored', () => {
    const app = new App({ context: { stages: { dev: { alarmMail: 'ops@example.it' } } } });
    expect(() => loadConfig(app.node)).toThrow(/stages\.dev: unknown setting\(s\) alarmMail/);
  });

  it('reads the keys it knows from context, as strings from the command line', () => {
    const app = new App({
      context: {
        stage: 'staging',
        region: 'eu-south-1',
        logRetentionDays: '365',
        cognitoEmailViaSes: 'true',
        protectStatefulStack: 'false',
        webOrigins: 'https://app.example.it, https://www.example.it',
        apiRateLimit: '20',
        '@aws-cdk/core:somethingElse': true,
      },
    });
    expect(loadConfig(app.node)).toMatchObject({
      stage: 'staging',
      region: 'eu-south-1',
      prefix: 'rimborsi-fba-staging',
      logRetentionDays: 365,
      cognitoEmailViaSes: true,
      protectStatefulStack: false,
      apiRateLimit: 20,
      corsOrigins: ['https://app.example.it', 'https://www.example.it'],
    });
  });

  it('derives CORS from the custom domain', () => {
    const config = parseConfig({
      domainName: 'app.example.it',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    expect(config.corsOrigins).toEqual(['https://app.example.it']);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown log level', { logLevel: 'TRACE' }, /logLevel/],
    ['a retention below 90 days', { logRetentionDays: 30 }, /logRetentionDays: one of 90/],
    ['a region that is not one', { region: 'milan' }, /region: an AWS region name/],
    ['a domain without its certificate', { domainName: 'app.example.it' }, /give both or neither/],
    [
      'a certificate outside us-east-1',
      {
        domainName: 'a.example.it',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
      },
      /us-east-1/,
    ],
    ['plain-http web origins', { webOrigins: 'http://app.example.it' }, /webOrigins/],
    [
      'prod without the alarm email, support inbox, PayPal client id, merchant id or webhook id',
      {
        ...PROD_CONTEXT,
        alarmEmail: undefined,
        supportInbox: undefined,
        paypalClientId: undefined,
        paypalMerchantId: undefined,
        paypalWebhookId: undefined,
      },
      /alarmEmail: prod needs alarmEmail\n.*supportInbox: prod needs supportInbox\n.*paypalClientId: prod needs paypalClientId\n.*paypalMerchantId: prod needs paypalMerchantId\n.*paypalWebhookId: prod needs paypalWebhookId/s,
    ],
    [
      'prod giving up its data',
      { ...PROD_CONTEXT, retainData: 'false' },
      /retainData: prod always/,
    ],
    [
      'prod on the PayPal sandbox',
      { ...PROD_CONTEXT, paymentEnvironment: 'sandbox' },
      /paymentEnvironment: prod takes real payments/,
    ],
    ['a PayPal client id with spaces', { paypalClientId: 'not a client id' }, /paypalClientId/],
    [
      'a PayPal merchant id in lower case',
      { paypalMerchantId: 'c7cymkzdg8d6e' },
      /paypalMerchantId/,
    ],
    [
      'a PayPal merchant id with a letter PayPal never uses (O)',
      { paypalMerchantId: 'LOCALMERCHANT' },
      /paypalMerchantId/,
    ],
    [
      'a PayPal merchant id of 12 characters',
      { paypalMerchantId: 'C7CYMKZDG8D6' },
      /paypalMerchantId/,
    ],
    ['a support inbox that is no address', { supportInbox: 'support' }, /supportInbox/],
    [
      'names too long for S3 buckets',
      { appName: 'rimborsi-fba-reimburse', stage: 'preprod2025', region: 'ap-southeast-4' },
      /appName: appName and stage are too long: bucket names would have 67 of 63/,
    ],
    [
      'prod on Cognito\u2019s own email sender (about 50 emails a day)',
      { ...PROD_CONTEXT, cognitoEmailViaSes: 'false' },
      /cognitoEmailViaSes: prod needs cognitoEmailViaSes=true/,
    ],
    [
      'prod without a custom domain for the API (its execute-api endpoint is off)',
      { ...PROD_CONTEXT, apiDomainName: undefined, apiCertificateArn: undefined },
      /apiDomainName: prod needs apiDomainName and apiCertificateArn/,
    ],
    [
      'an API domain without its certificate',
      { apiDomainName: 'api.example.it' },
      /apiCertificateArn: apiDomainName and apiCertificateArn go together/,
    ],
    [
      'an API certificate outside the stacks\u2019 region',
      {
        apiDomainName: 'api.example.it',
        apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
      },
      /apiCertificateArn: the API's certificate must be in the stacks' region \(eu-west-1\)/,
    ],
    [
      'prod sending sellers to the draft SP-API app',
      { ...PROD_CONTEXT, spapiAppDraft: 'true' },
      /spapiAppDraft: prod sends sellers to the published SP-API app only/,
    ],
    ['an edge rate below WAF\u2019s useful range', { edgeRateLimit: '5' }, /edgeRateLimit/],
    [
      'prod with the placeholder sender',
      { stage: 'prod', lwaAppId: 'amzn1.sp.solution.real' },
      /senderAddress: prod needs/,
    ],
    [
      'prod with the placeholder LWA app id',
      { stage: 'prod', senderAddress: 'no-reply@rimborsi.it' },
      /lwaAppId: prod needs/,
    ],
  ])('rejects %s', (_, raw, message) => {
    expect(() => parseConfig(raw)).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => parseConfig({ logLevel: 'x', region: 'y' })).toThrow(
      /Invalid CDK context configuration:\n {2}- region: .*\n {2}- logLevel: /s,
    );
  });
});
