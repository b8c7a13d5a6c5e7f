/**
 * The local user pool: cognito-local's own services (its data stores, user pools, token
 * generator, HTTP API), composed like its `createDefaultServer`, with what the product needs
 * and cognito-local lacks: emails delivered over SMTP to the local inbox (nothing sent when the
 * CustomMessage trigger refuses, as in Cognito), ResendConfirmationCode,
 * the custom-auth flow of magic links, the password policy, SignUp's ValidationData, and
 * case-insensitive sign-in. Triggers run through the Lambda Invoke API of the local gateway.
 *
 * Run as its own process (`node --import tsx local/cognito/server.ts`) from the folder that
 * holds `.cognito/` (config.json and db/), with HOST, PORT, SMTP_HOST, SMTP_PORT and MAIL_FROM.
 */
import { createRequire } from 'node:module';
import Lambda from 'aws-sdk/clients/lambda';
import { loadConfig } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock } from 'cognito-local/lib/services/clock';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { MessagesService } from 'cognito-local/lib/services/messages';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { TriggersService } from 'cognito-local/lib/services/triggers';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import type { Services } from 'cognito-local/lib/services';
import { customAuth } from './custom-auth';
import { caseInsensitiveUsernames, extendRouter, passValidationData } from './extra-targets';
import {
  CognitoLikeLambda,
  customMessageFailsLikeCognito,
  type TriggerFunctions,
} from './lambda-triggers';
import { SmtpMessageSender } from './smtp-sender';

// cognito-local's own logger, the one its HTTP layer (pino-http) expects.
const pino = createRequire(require.resolve('cognito-local'))('pino') as typeof import('pino');

const CONFIG_DIR = '.cognito';
const DATA_DIR = `${CONFIG_DIR}/db`;

async function main() {
  const logger = pino.default({ level: process.env.DEBUG ? 'debug' : 'info' });
  const ctx = { logger };
  const config = await loadConfig(ctx, new StormDBDataStoreFactory(CONFIG_DIR));
  const functions = (config.TriggerFunctions ?? {}) as TriggerFunctions;

  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(DATA_DIR);
  const cognito = caseInsensitiveUsernames(
    await new CognitoServiceFactoryImpl(
      DATA_DIR,
      dataStores,
      new UserPoolServiceFactoryImpl(clock, dataStores),
    ).create(ctx, config.UserPoolDefaults),
  );
  const lambdaClient = new Lambda(config.LambdaClient);
  const lambda = new CognitoLikeLambda(functions, lambdaClient);
  const triggers = customMessageFailsLikeCognito(
    passValidationData(
      new TriggersService(clock, cognito, lambda, new CryptoService(config.KMSConfig)),
    ),
    lambda,
  );
  const sender = new SmtpMessageSender(
    { host: process.env.SMTP_HOST ?? '127.0.0.1', port: Number(process.env.SMTP_PORT ?? 1025) },
    process.env.MAIL_FROM ?? 'RimborsiFBA <no-reply@rimborsifba.local>',
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = extendRouter(
    Router(services),
    services,
    customAuth(services, lambdaClient, functions),
  );
  const server = await createServer(router, logger, config.ServerConfig, services).start();
  logger.info(`Local Cognito listening on ${JSON.stringify(server.address())}`);
  const stop = () => {
    server.close(() => process.exit(0));
    // Clients keep connections alive; without this, close() would wait for them to time out.
    if ('closeAllConnections' in server) server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
