import fs from 'node:fs';
import { readSettings } from './stack/settings';

/** `npm run reset`: wipes the local stack's data (tables, users, files, mail) for a clean start. */
const { dataDir } = readSettings();
if (fs.existsSync(`${dataDir}/stack.json`)) {
  console.error(
    `The local stack looks like it is running (${dataDir}/stack.json exists). Stop it first.`,
  );
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}`);
