import { spawn } from 'node:child_process';
import { isLinkInput } from './ffmpeg-args.js';
import type { MediaBinaries } from './media-binaries.js';

export interface FfmpegRunnerOptions {
  /** A render that takes longer than this is stuck (or the machine is overloaded): kill it. */
  timeoutMs?: number;
}

/** How much of stderr an error keeps: ffmpeg's reason for failing is at the end. */
const STDERR_TAIL_CHARS = 2000;

export class FfmpegProcessError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(stderrTail ? `${message}\n${stderrTail}` : message);
    this.name = 'FfmpegProcessError';
  }
}

/** Runs ffmpeg and ffprobe: the only place that starts media processes. */
export class FfmpegRunner {
  private readonly timeoutMs: number;

  constructor(
    private readonly binaries: MediaBinaries,
    options: FfmpegRunnerOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
  }

  /** Runs ffmpeg to completion; rejects with the stderr tail when it fails or times out. */
  async ffmpeg(args: readonly string[]): Promise<void> {
    await this.run(this.binaries.ffmpeg, args);
  }

  /** Runs ffprobe and returns what it printed. */
  ffprobe(args: readonly string[]): Promise<string> {
    return this.run(this.binaries.ffprobe, args);
  }

  private run(binary: string, args: readonly string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const stdout: Buffer[] = [];
      let stderr = '';
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, this.timeoutMs);

      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new FfmpegProcessError(`${binary} could not start: ${error.message}`, null, ''));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const tail = withoutLinkCredentials(stderr.trim());
        if (timedOut) reject(new FfmpegProcessError(`${binary} timed out after ${this.timeoutMs} ms and was killed`, code, tail));
        else if (code !== 0) reject(new FfmpegProcessError(`${binary} exited with ${signal ?? `code ${code}`}`, code, tail));
        else resolve(Buffer.concat(stdout).toString('utf8'));
      });
    });
  }
}

/**
 * ffmpeg names its input in errors ("<url>: Input/output error"). An input read from the object
 * store is a presigned link that carries its credential: errors end up in logs, so the
 * signature, access key and session token are cut from them (the date and expiry stay, they
 * tell why a link was refused).
 */
export function withoutLinkCredentials(text: string): string {
  return text.replace(/([?&]X-Amz-(?:Signature|Credential|Security-Token)=)[^&\s:]*/gi, '$1…');
}

const LINK_FAILURE = /Server returned|Connection (?:refused|reset|timed out)|Network is unreachable|Failed to resolve|Stream ends prematurely|Input\/output error/i;

/**
 * True when a run failed because its http(s) input could not be read (the store refused the
 * link or was unreachable, or the connection broke past ffmpeg's reconnects): the machine's
 * fault, not the file's, so the job is retried rather than the file recorded as unreadable.
 */
export function inputUnreachable(input: string, error: unknown): boolean {
  return isLinkInput(input) && error instanceof FfmpegProcessError && LINK_FAILURE.test(error.stderrTail);
}
