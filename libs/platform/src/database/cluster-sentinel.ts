import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

export interface ClusterSentinel {
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
export function startClusterSentinel(options: {
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
