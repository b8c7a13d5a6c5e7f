import { Duration, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import { statefulRemoval } from '../removal';

export interface DataProps {
  prefix: string;
  /** Retain the table, key and secrets on deletion and protect the table (prod). */
  retain: boolean;
}

/** The single table and the key that encrypts sellers' marketplace refresh tokens in it. */
export class Data extends Construct {
  readonly table: dynamodb.TableV2;
  /**
   * LWA refresh tokens grant standing access to a seller's Amazon account, so they are
   * encrypted by the functions with this key before being written, on top of the table's own
   * encryption: someone who can read the table still cannot use them without kms:Decrypt.
   */
  readonly refreshTokenKey: kms.Key;
  /**
   * The SP-API application's Login-with-Amazon client id and secret, JSON
   * `{"clientId","clientSecret"}`. Created with placeholders; the operator puts the values from
   * Seller Central's developer console in after the first deployment (README).
   */
  readonly lwaCredentials: secretsmanager.Secret;
  /** The payment provider's REST app credentials, JSON `{"clientId","clientSecret"}`. */
  readonly paymentCredentials: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const removalPolicy = statefulRemoval(props.retain);

    const stringKey = (name: string): dynamodb.Attribute => ({
      name,
      type: dynamodb.AttributeType.STRING,
    });

    // TableV2 (AWS::DynamoDB::GlobalTable) so a replica region can be added later without
    // replacing the table.
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: stringKey(TABLE_DESIGN.partitionKey),
      sortKey: stringKey(TABLE_DESIGN.sortKey),
      globalSecondaryIndexes: TABLE_DESIGN.gsis.map((gsi) => ({
        indexName: gsi.name,
        partitionKey: stringKey(gsi.partitionKey),
        sortKey: stringKey(gsi.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      timeToLiveAttribute: TABLE_DESIGN.ttlAttribute,
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: props.retain,
      removalPolicy,
    });

    this.refreshTokenKey = new kms.Key(this, 'RefreshTokenKey', {
      alias: `alias/${props.prefix}/lwa-refresh-tokens`,
      description:
        'Encrypts sellers\u2019 Login with Amazon refresh tokens before they are stored.',
      enableKeyRotation: true,
      pendingWindow: Duration.days(props.retain ? 30 : 7),
      removalPolicy,
    });

    this.lwaCredentials = new secretsmanager.Secret(this, 'LwaCredentials', {
      secretName: `${props.prefix}/lwa-credentials`,
      description: 'Login with Amazon client credentials of the SP-API application.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ clientId: 'set-me' }),
        generateStringKey: 'clientSecret',
        excludePunctuation: true,
      },
      removalPolicy,
    });
    this.paymentCredentials = new secretsmanager.Secret(this, 'PaymentCredentials', {
      secretName: `${props.prefix}/payment-credentials`,
      description: 'PayPal REST app client credentials, for verifying plan payments.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ clientId: 'set-me' }),
        generateStringKey: 'clientSecret',
        excludePunctuation: true,
      },
      removalPolicy,
    });
    Validations.of(this.paymentCredentials).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'PayPal issues the REST app secret in its developer dashboard; it is rotated there and ' +
        'the new value put into this secret, not by a Secrets Manager rotation function.',
    });
    Validations.of(this.lwaCredentials).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Amazon issues the LWA client secret and rotates it through Seller Central (the ' +
        'Application Management rotation notice), not through a Secrets Manager rotation ' +
        'function; the new value is put into this secret when Amazon rotates it.',
    });
  }
}
