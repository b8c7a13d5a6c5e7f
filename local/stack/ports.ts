import net from 'node:net';
import { PORTS, type PortName } from './settings';

/** Checks every port up front so a clash is reported by name before anything starts. */
export async function assertPortsFree(
  host: string,
  ports: Record<PortName, number>,
  skip: PortName[] = [],
) {
  const busy: string[] = [];
  await Promise.all(
    (Object.keys(ports) as PortName[])
      .filter((name) => !skip.includes(name))
      .map(async (name) => {
        if (!(await isFree(host, ports[name]))) {
          busy.push(
            `port ${ports[name]} (${name}) is already in use: stop what uses it or set ${PORTS[name].env} to another port`,
          );
        }
      }),
  );
  if (busy.length) throw new Error(busy.join('\n'));
}

function isFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Polls until something accepts connections on the port, or gives up with the component's name. */
export async function waitForPort(name: string, host: string, port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not start listening on ${host}:${port} within ${timeoutMs / 1000}s`);
}
