import { CfnOutput, Fn, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ServerFunction } from './server-function';

/**
 * Public routes that write or send mail (sign-up captcha, account emails, support form,
 * opt-out) share the stage's limit with signed-in sellers; each gets a ceiling of its own, so a
 * flood on one of them is refused there and never uses up the whole API's allowance.
 */
export const PUBLIC_WRITE_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;

export interface ApiProps {
  prefix: string;
  userPool: cognito.IUserPool;
  webClient: cognito.IUserPoolClient;
  functions: readonly ServerFunction[];
  throttle: { rateLimit: number; burstLimit: number };
  logRetention: logs.RetentionDays;
  /**
   * A custom domain CloudFront reaches the API at (regional certificate). With it the default
   * `execute-api` endpoint is turned off, so a request can only come in through that domain.
   */
  originDomain?: { domainName: string; certificateArn: string };
}

/**
 * The HTTP API behind CloudFront's `/api/*`. Every route needs a Cognito token unless the
 * catalogue marks it public; the JWT authorizer checks issuer, audience and expiry before a
 * function runs, so handlers only read the verified `sub`.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly authorizer: apigw.HttpAuthorizer;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  /** Host name CloudFront sends `/api/*` to: the custom domain, or else the execute-api one. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    // Every route needs a Cognito token unless it opts out. The authorizer is declared up front
    // rather than on first use (as HttpJwtAuthorizer would), so it exists and can be reviewed
    // even while every route is public; routes pick it up through the API's default.
    const requireCognitoJwt: apigw.IHttpRouteAuthorizer = {
      bind: () => ({
        authorizationType: apigw.HttpAuthorizerType.JWT,
        authorizerId: this.authorizer.authorizerId,
      }),
    };

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${props.prefix}-api`,
      description: 'Server functions of the web app, reached through CloudFront at /api/*.',
      defaultAuthorizer: requireCognitoJwt,
      // Same origin as the web app through CloudFront, so no CORS preflight is configured.
      createDefaultStage: false,
      // With a custom domain for CloudFront, the default endpoint would only be a way around it.
      disableExecuteApiEndpoint: props.originDomain !== undefined,
    });

    this.authorizer = new apigw.HttpAuthorizer(this, 'CognitoJwtAuthorizer', {
      httpApi: this.httpApi,
      authorizerName: 'cognito-jwt',
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      // Tokens must come from our pool and be issued to the web client (aud / client_id).
      jwtIssuer: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${props.userPool.userPoolId}`,
      jwtAudience: [props.webClient.userPoolClientId],
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integration.latency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userId: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const publicAccess = new apigw.HttpNoneAuthorizer();
    const publicWrites: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    > = {};
    for (const fn of props.functions) {
      const routes = fn.spec.routes ?? [];
      if (routes.length === 0) continue;
      // One invoke permission per function for this API (its id, any stage, method and path)
      // rather than one per route: the routes are the API's own, each bound to one function, and
      // per-route permissions took the app stack past CloudFormation's 500 resources.
      const integration = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn.function, {
        scopePermissionToRoute: false,
      });
      for (const route of routes) {
        const [created] = this.httpApi.addRoutes({
          path: route.path,
          methods: [apigw.HttpMethod[route.method]],
          integration,
          authorizer: route.public ? publicAccess : undefined,
        });
        if (route.public && route.method !== 'GET' && created) {
          // The stage's route settings name the route: it must exist before the stage.
          this.stage.node.addDependency(created);
          publicWrites[`${route.method} ${route.path}`] = {
            ThrottlingRateLimit: PUBLIC_WRITE_THROTTLE.rateLimit,
            ThrottlingBurstLimit: PUBLIC_WRITE_THROTTLE.burstLimit,
          };
        }
        if (route.public && created) {
          Validations.of(created).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public by design (marked public in lib/functions.ts).`,
          });
        }
      }
    }

    (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = publicWrites;

    this.domainName = props.originDomain
      ? this.mapOriginDomain(props.originDomain)
      : Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }

  /** The custom domain on the `$default` stage; its DNS record is made by hand (output). */
  private mapOriginDomain(origin: { domainName: string; certificateArn: string }): string {
    const domain = new apigw.DomainName(this, 'OriginDomain', {
      domainName: origin.domainName,
      certificate: acm.Certificate.fromCertificateArn(
        this,
        'OriginCertificate',
        origin.certificateArn,
      ),
      securityPolicy: apigw.SecurityPolicy.TLS_1_2,
    });
    new apigw.ApiMapping(this, 'OriginMapping', {
      api: this.httpApi,
      domainName: domain,
      stage: this.stage,
    });
    new CfnOutput(this, 'ApiOriginTarget', {
      description: `CNAME ${origin.domainName} to this name; CloudFront reaches the API there.`,
      value: domain.regionalDomainName,
    });
    return origin.domainName;
  }
}
