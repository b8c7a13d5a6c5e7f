import fs from 'node:fs';
import {
  Annotations,
  BOOTSTRAP_QUALIFIER_CONTEXT,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { SiteContacts } from '../../lambdas/domain/site-contacts';
import { wildcardResourceFinding } from '../nag';
import { webRewriteFunctionCode } from '../web-routing';

/**
 * What the web app fetches from `/config.json` at start-up instead of baking it into the build;
 * the same shape as web/src/lib/config.ts reads and the local stack serves.
 */
export interface WebRuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  apiBase: '/api';
  /**
   * The payment button: PayPal's SDK with the REST app's client id, which is public (the SDK
   * puts it in its script URL). Left out when no client id is configured: no payment button.
   */
  payment?: { provider: 'paypal'; clientId: string };
  /** The launch offer: the stage's `planFreeDuringLaunch`, which the server enforces too. */
  freeLaunch: boolean;
  /** The footer's and help center's contacts (spec 2.3), from the stage's settings. */
  contacts: SiteContacts;
}

/**
 * Where PayPal's JavaScript SDK loads from and talks to (PayPal's CSP guidance for the JS SDK):
 * the script, its button and checkout iframes, its API calls and its images.
 */
export const PAYPAL_SOURCES = ['https://*.paypal.com', 'https://*.paypalobjects.com'] as const;

/**
 * The Content-Security-Policy of the web app. Scripts only from the app itself and PayPal's SDK
 * (Vite emits no inline script: index.html loads hashed modules); no eval. Styles allow inline
 * because the UI primitives and PayPal's SDK inject <style> elements at run time.
 */
export function contentSecurityPolicy(origins: {
  cognitoOrigin: string;
  documentsOrigin: string;
}): string {
  const paypal = PAYPAL_SOURCES.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${paypal}`,
    `style-src 'self' 'unsafe-inline' ${paypal}`,
    // Document previews load through presigned URLs straight from the bucket.
    `img-src 'self' data: blob: ${origins.documentsOrigin} ${paypal}`,
    "font-src 'self' data:",
    // Cognito for sign-in and tokens, presigned PUT/GET to the bucket, PayPal's SDK calls.
    `connect-src 'self' ${origins.cognitoOrigin} ${origins.documentsOrigin} ${paypal}`,
    // PayPal renders its buttons and checkout in iframes; a PDF may preview from the bucket.
    `frame-src 'self' ${origins.documentsOrigin} ${paypal}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export interface WebProps {
  /** Folder of the Vite build (`npm run build:web`); deployed only if it exists at synth time. */
  buildDir: string;
  apiDomainName: string;
  runtimeConfig: WebRuntimeConfig;
  /** Origins the browser calls besides the app itself: Cognito and the documents bucket. */
  cognitoOrigin: string;
  documentsOrigin: string;
  logsBucket: s3.IBucket;
  logRetention: logs.RetentionDays;
  domainName?: string;
  certificateArn?: string;
  webAclArn?: string;
}

/**
 * Regions whose buckets CloudFront cannot deliver standard logs to (CloudFront developer guide,
 * "Standard logging"): in these, access logging is left off rather than failing the deploy.
 */
const CLOUDFRONT_LOG_UNSUPPORTED_REGIONS = new Set([
  'af-south-1',
  'ap-east-1',
  'ap-south-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ca-west-1',
  'eu-central-2',
  'eu-south-1',
  'eu-south-2',
  'il-central-1',
  'me-central-1',
  'me-south-1',
]);

/** The private bucket with the web build, and the CloudFront distribution in front of it and the API. */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  readonly deploymentRole: iam.Role;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'web-bucket/',
      // Only build output lives here, rebuilt at every release, so it goes with the stack (empty
      // it first: there is deliberately no auto-delete custom resource).
      removalPolicy: RemovalPolicy.DESTROY,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers for the web app and its API',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: contentSecurityPolicy(props),
        },
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
        },
        frameOptions: { override: true, frameOption: cloudfront.HeadersFrameOption.DENY },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          override: true,
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        },
        // The legacy XSS auditor is disabled on purpose; the CSP does its job.
        xssProtection: { override: true, protection: false },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=()',
            override: true,
          },
        ],
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Serves prerendered pages their HTML and other client-side routes the app shell',
      code: cloudfront.FunctionCode.fromInline(webRewriteFunctionCode()),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
    });

    const logToBucket = !CLOUDFRONT_LOG_UNSUPPORTED_REGIONS.has(region);
    const customDomain =
      props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: acm.Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.certificateArn,
            ),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web app`,
      defaultRootObject: 'index.html',
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      ...customDomain,
      ...(logToBucket
        ? { enableLogging: true, logBucket: props.logsBucket, logFilePrefix: 'cloudfront/' }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // API Gateway routes on its own Host header; everything else (Authorization
          // included) goes through.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
        },
      },
    });

    const deploymentLogs = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: props.logRetention,
    });
    // Our own role rather than CDK's default with the managed basic execution policy: the
    // handler writes to its one log group, and CDK adds the S3 and CloudFront grants it needs.
    this.deploymentRole = new iam.Role(this, 'DeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the web build into the web bucket and invalidates the distribution.',
    });
    deploymentLogs.grantWrite(this.deploymentRole);
    this.deployContent(props, deploymentLogs);
    this.acknowledgeFindings(props, logToBucket);
  }

  /**
   * Hashed build assets are immutable and deployed first; the HTML (prerendered pages and the
   * app shell), public files and config.json must be revalidated on every load so a release
   * shows up at once. Old assets are never pruned, so a browser still running the previous
   * release can load its chunks.
   */
  private deployContent(props: WebProps, logGroup: logs.ILogGroup): void {
    const hasBuild = fs.existsSync(props.buildDir);
    const runtimeConfig = s3deploy.Source.jsonData('config.json', props.runtimeConfig);

    let assets: s3deploy.BucketDeployment | undefined;
    if (hasBuild) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(props.buildDir)],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [
          s3deploy.CacheControl.setPublic(),
          s3deploy.CacheControl.maxAge(Duration.days(365)),
          s3deploy.CacheControl.immutable(),
        ],
        memoryLimit: 512,
        role: this.deploymentRole,
        logGroup,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'rimborsi:web-build-missing',
        `No web build at ${props.buildDir}: only config.json is deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
    }

    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: hasBuild ? [s3deploy.Source.asset(props.buildDir), runtimeConfig] : [runtimeConfig],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      role: this.deploymentRole,
      logGroup,
    });
    if (assets) entry.node.addDependency(assets);
  }

  private acknowledgeFindings(props: WebProps, logToBucket: boolean): void {
    const distribution = this.distribution;
    Validations.of(distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Sellers use the app from anywhere (travel, agencies outside the EU); the data is behind ' +
          'Cognito sign-in, so a geo restriction would only lock out legitimate users.',
      },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'A CloudFront web ACL must live in us-east-1: prod makes one in its edge stack ' +
                '(or takes `webAclArn`), other stages stay in one region without it. API ' +
                'Gateway throttling and Cognito limit abuse there.',
            },
          ]),
      ...(logToBucket
        ? []
        : [
            {
              id: 'AwsSolutions-CFR3',
              reason:
                'CloudFront cannot deliver standard logs to buckets in this region; API access ' +
                'logs (CloudWatch) still record every /api request.',
            },
          ]),
      ...(props.certificateArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net ' +
                'certificate, whose TLS policy cannot be chosen; set domainName and ' +
                'certificateArn to enforce TLSv1.2_2021.',
            },
          ]),
    );
    if (!logToBucket) {
      Annotations.of(this).addWarningV2(
        'rimborsi:cloudfront-logs-off',
        `CloudFront standard logs cannot be delivered to ${Stack.of(this).region}; distribution access logging is off.`,
      );
    }

    this.acknowledgeDeploymentFindings();
  }

  /** What CDK's BucketDeployment handler brings along; none of it is ours to narrow. */
  private acknowledgeDeploymentFindings(): void {
    const stack = Stack.of(this);
    const owner =
      'CDK\u2019s BucketDeployment handler, which copies the web build into the web bucket';
    const qualifier =
      (this.node.tryGetContext(BOOTSTRAP_QUALIFIER_CONTEXT) as string | undefined) ??
      DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetObjects = `arn:${stack.partition}:s3:::cdk-${qualifier}-assets-${stack.account}-${stack.region}/*`;

    Validations.of(this.deploymentRole).acknowledge(
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']
        .map((action) => `AwsSolutions-IAM5[Action::${action}]`)
        .concat(
          wildcardResourceFinding(this, assetObjects),
          wildcardResourceFinding(this, this.bucket.arnForObjects('*')),
        )
        .map((id) => ({
          id,
          reason: `${owner}: CDK grants these to read the zipped build from the CDK assets bucket and sync it into the web bucket; no other bucket is covered.`,
        })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: `${owner}: CloudFront\u2019s CreateInvalidation and GetInvalidation have no resource-level permissions.`,
      },
    );

    // The handler function itself is a singleton that CDK adds at the stack's top level.
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-L1',
          reason: `${owner}; its Python runtime is chosen by aws-cdk-lib and moves up with library upgrades.`,
        });
      }
    }
  }
}
