import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What a data folder's postmaster.pid says about the server that wrote it. PostgreSQL leaves the
 * file behind when it is killed, and a server whose parent was killed keeps running with it.
 */
export type ClusterState =
  | { kind: 'none' }
  /** The file names a process that is not this folder's server (PostgreSQL decides what to do). */
  | { kind: 'stale'; pid: number; reusedBy?: string }
  /** The folder's server is running and the process that started it is gone. */
  | { kind: 'orphaned'; pid: number; port: number }
  /** The folder's server is running under another live application process. */
  | { kind: 'in-use'; pid: number; port: number; ownerPid: number };

/** Reads `<dataDir>/postmaster.pid` (line 1 the pid, line 4 the port) and looks at that process. */
export function inspectCluster(dataDir: string): ClusterState {
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
  if (ownerPid !== undefined && ownerPid > 1 && commandOf(ownerPid) === 'node') return { kind: 'in-use', pid, port, ownerPid };
  return { kind: 'orphaned', pid, port };
}

/**
 * Removes a pid file that names an unrelated live process: PostgreSQL would refuse to start
 * ("lock file already exists"), which happens when the pid was reused after a reboot or a
 * container restart. Only done where the process could be identified (Linux /proc).
 */
export function removeStalePidFile(dataDir: string, state: Extract<ClusterState, { kind: 'stale' }>): boolean {
  if (state.reusedBy === undefined) return false;
  rmSync(join(dataDir, 'postmaster.pid'), { force: true });
  return true;
}

/**
 * Stops a server that is not this process's child: SIGINT is PostgreSQL's fast shutdown (open
 * sessions are cut, everything committed is kept, the next start needs no recovery). SIGQUIT
 * (immediate; the next start replays the WAL) only if it does not finish in time.
 */
export async function stopCluster(pid: number, { fastTimeoutMs = 60_000, immediateTimeoutMs = 10_000 } = {}): Promise<void> {
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
