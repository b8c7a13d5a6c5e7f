import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export interface AuthProps {
  prefix: string;
  /** Set when Cognito should send its emails through our SES identity instead of its own. */
  sesEmail?: {
    fromAddress: string;
    fromName: string;
    domain: string;
    region: string;
    configurationSetName: string;
  };
}

/** The sellers' user pool, the web app's client and the admins group. */
export class Auth extends Construct {
  /** Members of this group see the admin panel; `admin-me` answers from the token's groups. */
  static readonly ADMINS_GROUP = 'admins';

  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;

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
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPool.addGroup('AdminsGroup', {
      groupName: Auth.ADMINS_GROUP,
      description: 'Operators who may use the admin panel (user list, support messages).',
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${props.prefix}-web`,
      // A browser cannot keep a secret.
      generateSecret: false,
      // USER_PASSWORD_AUTH is the only flow cognito-local supports, so the web app signs in the
      // same way locally and in AWS; SRP stays allowed for Amplify's default.
      authFlows: { userPassword: true, userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    const pool = this.userPool.node.defaultChild as cognito.CfnUserPool;
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
