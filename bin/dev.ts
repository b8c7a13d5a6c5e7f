import { startStack } from '../local/stack';
import { readSettings } from '../local/stack/settings';

/** `npm start`: the whole product on loopback, stopped cleanly on Ctrl-C or SIGTERM. */
// Started outside npm on an older system Node, the SDK warns that its support ends; Lambda and npm's
// scripts run Node 24, so locally it is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main() {
  const settings = readSettings();
  const started = Date.now();
  console.log(`Starting the local stack (data in ${settings.dataDir})...`);
  const stack = await startStack(settings);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const { info } = stack;
  console.log(
    [
      `Ready in ${((Date.now() - started) / 1000).toFixed(1)}s`,
      `  App:        ${info.webUrl}`,
      `  API:        ${info.apiUrl}`,
      `  Mail inbox: ${info.mail.webUrl}`,
      `  SP-API sim: ${info.spapi.endpoint}`,
      `  Details:    ${settings.dataDir}/stack.json`,
      'Local accounts (this machine only):',
      `  Demo:       ${info.accounts.demo.email} / ${info.accounts.demo.password}`,
      `  Admin:      ${info.accounts.admin.email} / ${info.accounts.admin.password}`,
    ].join('\n'),
  );
}

main().catch((error: Error) => {
  console.error(`\nThe local stack could not start:\n${error.message}`);
  process.exit(1);
});
