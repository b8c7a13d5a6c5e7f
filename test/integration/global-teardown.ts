import fs from 'node:fs';
import { PID_FILE } from './stack';

/** Stops the test stack with SIGTERM (its own clean shutdown) and waits until it is gone. */
export default async function globalTeardown() {
  if (!fs.existsSync(PID_FILE)) return;
  const pid = Number(fs.readFileSync(PID_FILE, 'utf8'));
  fs.rmSync(PID_FILE, { force: true });
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // The stack leads its own process group: take every emulator down with it.
  if (alive()) process.kill(-pid, 'SIGKILL');
}
