import { ArnFormat, CfnOutput, Stack } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  prefix: string;
  senderAddress: string;
  senderName: string;
  senderDomain: string;
}

/**
 * The SES identity the app sends from and the configuration set every send goes through.
 * The identity is the sender's whole domain with Easy DKIM; its DNS records are printed as
 * stack outputs because DNS is managed outside this app (no hosted-zone lookups).
 */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly senderAddress: string;
  readonly senderName: string;
  /** A fixed name, so consumers in other stacks can use it without a cross-stack reference. */
  readonly configurationSetName: string;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.senderAddress = props.senderAddress;
    this.senderName = props.senderName;
    this.configurationSetName = `${props.prefix}-mail`;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
      reputationMetrics: true,
      sendingEnabled: true,
      // Account-level suppression keeps us from mailing addresses that bounced or complained,
      // which is what protects the sending reputation.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });

    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(props.senderDomain),
      configurationSet: this.configurationSet,
      dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
      feedbackForwarding: true,
    });

    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `CNAME to publish in ${props.senderDomain}'s DNS so SES can verify the sender.`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }

  /** ARN of the configuration set, needed alongside the identity in ses:SendEmail policies. */
  get configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSetName,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }
}
