import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../src/common/free-port';
import { compiledScript } from './compiled-service';

const ROOT = resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 90_000;

/** The service in a process of its own (`src/main.ts` as transpiled for the run), for tests that kill it. */
export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** What it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * Starts the service on a free port with `env` over this process's environment (silent logs, no
 * migrations: the test database is migrated already) and waits until it is live.
 */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, compiledScript('src/main.ts'), {
    cwd: ROOT,
    env: { ...process.env, DB_MIGRATE: 'false', LOG_LEVEL: 'silent', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const live = await fetch(`${url}/api/v1/health/live`).then(
      (res) => res.status,
      () => null,
    );
    if (live === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not start\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { child, url, output: () => output };
}

/** Sends `signal` (SIGTERM: a clean drain; SIGKILL: a crash) and waits for the exit. */
export async function stopServiceProcess(service: ServiceProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode) return;
  const exited = new Promise((done) => service.child.once('exit', done));
  service.child.kill(signal);
  await exited;
}
