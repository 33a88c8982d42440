import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { EventBusConfig } from '../event-bus.config.js';

export interface KillableConsumerSpec {
  transport: EventBusConfig;
  databaseUrl: string;
  schema: string;
  consumerGroup: string;
  eventName: string;
}

export const KILLABLE_CONSUMER_ENV = 'KILLABLE_CONSUMER_SPEC';

/** Handle on a child Node process running killable-consumer.ts. */
export class KillableConsumerProcess {
  private stdout = '';
  private stderr = '';
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessByStdio<null, Readable, Readable>) {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static spawn(spec: KillableConsumerSpec): KillableConsumerProcess {
    const register = fileURLToPath(new URL('./register-ts.mjs', import.meta.url));
    const script = fileURLToPath(new URL('./killable-consumer.ts', import.meta.url));
    const { NODE_OPTIONS: _jestOnly, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', register, script], {
      env: { ...env, [KILLABLE_CONSUMER_ENV]: JSON.stringify(spec) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new KillableConsumerProcess(child);
  }

  /** Resolves when the child printed a line starting with `marker`; fails if it exits first. */
  async waitForLine(marker: string, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));
    for (;;) {
      const line = this.stdout.split('\n').find((candidate) => candidate.startsWith(marker));
      if (line) return line;
      if (exitCode !== undefined) throw new Error(`consumer process exited (${exitCode}) before "${marker}":\n${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`consumer process did not print "${marker}" in ${timeoutMs} ms:\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** SIGKILL: no shutdown hook, no rollback from the process; the server sees the socket drop. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  get logs(): string {
    return this.stderr;
  }
}
