import { ArnFormat, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { CognitoTrigger } from '../functions';
import { statefulRemoval } from '../removal';

export interface AuthProps {
  prefix: string;
  /** Retain and deletion-protect the user pool (prod). */
  retain: boolean;
  /** Set when Cognito should send its emails through our SES identity instead of its own. */
  sesEmail?: {
    fromAddress: string;
    fromName: string;
    domain: string;
    region: string;
    configurationSetName: string;
  };
  /**
   * The user-pool triggers and the fixed names of the functions that serve them. The functions
   * live in the app stack, which already references this one (pool, table); naming them here
   * instead of referencing them keeps the reference one-way, where `addTrigger` would make a
   * cycle between the stacks. The app stack grants the pool permission to invoke them.
   */
  triggers?: readonly { trigger: CognitoTrigger; functionName: string }[];
}

/**
 * The sellers' user pool with its triggers, the web app's client, the admins group and the
 * key that signs the sign-up captcha.
 */
export class Auth extends Construct {
  /** Members of this group may use the admin panel; the server checks it on every admin call. */
  static readonly ADMINS_GROUP = 'admins';

  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** HMAC key of the sign-up captcha, shared by the API that issues it and the trigger that checks it. */
  readonly captchaSecret: secretsmanager.Secret;
  /** HMAC key of the unsubscribe links, shared by the digest that signs them and the opt-out route. */
  readonly unsubscribeSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${props.prefix}-users`,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      // The sign-up form's first name, last name and phone; optional here because Cognito can
      // never relax a required attribute later, and the web form already insists on them.
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      email: props.sesEmail
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.sesEmail.fromAddress,
            fromName: props.sesEmail.fromName,
            sesVerifiedDomain: props.sesEmail.domain,
            sesRegion: props.sesEmail.region,
            configurationSetName: props.sesEmail.configurationSetName,
          })
        : cognito.UserPoolEmail.withCognito(),
      deletionProtection: props.retain,
      removalPolicy: statefulRemoval(props.retain),
    });

    this.userPool.addGroup('AdminsGroup', {
      groupName: Auth.ADMINS_GROUP,
      description: 'Operators who may use the admin panel (user list, support messages).',
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${props.prefix}-web`,
      // A browser cannot keep a secret.
      generateSecret: false,
      // USER_PASSWORD_AUTH is the password flow cognito-local supports, so the web app signs in
      // the same way locally and in AWS; SRP stays allowed for Amplify's default. Custom auth
      // is the magic link (the Define/Create/Verify triggers).
      authFlows: { userPassword: true, userSrp: true, custom: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    const pool = this.userPool.node.defaultChild as cognito.CfnUserPool;
    for (const { trigger, functionName } of props.triggers ?? []) {
      pool.addPropertyOverride(
        `LambdaConfig.${trigger}`,
        Stack.of(this).formatArn({
          service: 'lambda',
          resource: 'function',
          resourceName: functionName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      );
    }

    this.captchaSecret = new secretsmanager.Secret(this, 'CaptchaSecret', {
      description: 'HMAC key that signs the sign-up captcha challenges.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Losing it only voids the captchas issued in the last 30 minutes.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.captchaSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The captcha key only keeps bots from skipping an addition they could solve anyway, and ' +
        'captchas live 30 minutes; scheduled rotation needs a rotation function for no real ' +
        'gain. If it ever leaks, put a new random value in it; functions read it at cold start.',
    });

    this.unsubscribeSecret = new secretsmanager.Secret(this, 'UnsubscribeSecret', {
      description: 'HMAC key that signs the unsubscribe links of product emails.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Losing it only voids the unsubscribe links of emails already sent.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.unsubscribeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A leaked key only lets someone silence product emails of an address; service messages ' +
        'still arrive. If it ever leaks, put a new random value in it: links of emails sent ' +
        'before stop working, the next digest carries new ones.',
    });

    Validations.of(pool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product specification (sections 5 and 9) sets an 8-character minimum with no ' +
          'composition rules, and the web forms validate exactly that; length without forced ' +
          'character classes also follows NIST SP 800-63B.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The specification has no MFA in its sign-in journeys and the local Cognito emulator ' +
          'cannot run it; optional TOTP MFA is a planned follow-up.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Cognito Plus feature plan, priced per active user; not ' +
          'justified at launch volume. Revisit with the first paying customers.',
      },
    );
  }
}
