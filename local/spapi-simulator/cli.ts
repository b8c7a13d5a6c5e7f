/**
 * Runs the SP-API simulator on its own:
 *   tsx local/spapi-simulator/cli.ts [scenario.json] [--port N] [--host H]
 * Defaults: local/scenarios/default.json, port $SPAPI_PORT or 4600 (the local stack's), 127.0.0.1.
 */
import path from 'node:path';
import { DEFAULT_SCENARIO_FILE } from '../scenarios';
import { LOCAL_LWA_CLIENT_ID, LOCAL_LWA_CLIENT_SECRET, LOCAL_SPAPI_APP_ID } from './lwa';
import { loadScenarioFile, ScenarioError } from './scenario';
import { startSpapiSimulator } from './server';

const USAGE = 'usage: tsx local/spapi-simulator/cli.ts [scenario.json] [--port N] [--host H]';

interface CliArgs {
  scenarioFile: string;
  port: number;
  host: string;
}

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = {
    scenarioFile: DEFAULT_SCENARIO_FILE,
    port: Number(process.env.SPAPI_PORT ?? 4600),
    host: '127.0.0.1',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--port' || arg === '--host') {
      const value = argv[(i += 1)];
      if (value === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      if (arg === '--host') args.host = value;
      else args.port = Number(value);
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    } else {
      args.scenarioFile = path.resolve(arg);
    }
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    throw new Error(`--port must be a port number\n${USAGE}`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const scenario = loadScenarioFile(args.scenarioFile);
  const sim = await startSpapiSimulator({ port: args.port, host: args.host, scenario });
  console.log(`SP-API simulator listening on ${sim.url}`);
  console.log(`  scenario:      ${scenario.name} (${args.scenarioFile})`);
  console.log(`  LWA token URL: ${sim.url}/auth/o2/token`);
  console.log(`  client id:     ${LOCAL_LWA_CLIENT_ID}`);
  console.log(`  client secret: ${LOCAL_LWA_CLIENT_SECRET}`);
  console.log(
    `  consent page:  ${sim.url}/apps/authorize/consent?application_id=${LOCAL_SPAPI_APP_ID}&state=...&redirect_uri=...`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the SP-API simulator`);
    sim.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof ScenarioError || err instanceof Error ? err.message : err);
  process.exit(1);
});
