import { Logger, type LoggerService, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { PeerDependency, PeerStatus } from './readiness.js';

export interface PeerReachabilityOptions {
  /** A cheap GET that answers 2xx while the peer can take calls (its `/health/live` behind its Service). */
  probeUrl: string;
  /** Probes when no real call has ended for this long. Default 15 s. */
  intervalMs?: number;
  /** Default 2 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
  logger?: Pick<LoggerService, 'warn' | 'log'>;
}

/**
 * What a shared peer service (identity) looks like from this process: fed by the outcome of the
 * real calls to it and, when none has ended for an interval, by a probe. Reported on
 * /health/ready; it never fails readiness (ADR 0023). Logs when the peer is lost and found again,
 * not on every failure.
 */
export class PeerReachability implements PeerDependency, OnApplicationBootstrap, OnApplicationShutdown {
  private reachable: boolean | null = null;
  private since?: number;
  private lastError?: { message: string; at: number };
  private checkedAt?: number;
  private timer?: NodeJS.Timeout;
  private probing?: Promise<void>;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly logger: Pick<LoggerService, 'warn' | 'log'>;

  constructor(
    readonly name: string,
    private readonly options: PeerReachabilityOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? new Logger(`Peer:${name}`);
  }

  /** The peer answered (any answer it meant to give, a refusal included). */
  noteAnswer(): void {
    this.note(true);
  }

  /** The peer could not be reached, was too slow, or answered with a server error. */
  noteFailure(error: string): void {
    this.lastError = { message: error, at: this.now() };
    this.note(false, error);
  }

  status(): PeerStatus {
    const iso = (at: number | undefined) => (at === undefined ? null : new Date(at).toISOString());
    return {
      reachable: this.reachable,
      since: iso(this.since),
      lastError: this.lastError?.message ?? null,
      lastErrorAt: iso(this.lastError?.at),
      checkedAt: iso(this.checkedAt),
    };
  }

  /** One GET of the probe URL; concurrent callers share it. */
  probe(): Promise<void> {
    this.probing ??= this.runProbe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  /** Probes unless a real call ended within the last interval (busy processes never probe). */
  probeIfQuiet(): Promise<void> {
    if (this.checkedAt !== undefined && this.now() - this.checkedAt < this.intervalMs) return Promise.resolve();
    return this.probe();
  }

  onApplicationBootstrap(): void {
    void this.probe();
    this.timer = setInterval(() => void this.probeIfQuiet(), this.intervalMs).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async runProbe(): Promise<void> {
    const fetchImpl = this.options.fetchImpl ?? fetch;
    try {
      const response = await fetchImpl(this.options.probeUrl, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 2_000) });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) this.noteAnswer();
      else this.noteFailure(`probe answered HTTP ${response.status}`);
    } catch (error) {
      this.noteFailure(`probe failed: ${describeFetchError(error)}`);
    }
  }

  private note(reachable: boolean, error?: string): void {
    const at = this.now();
    this.checkedAt = at;
    if (this.reachable === reachable) return;
    const was = this.reachable;
    const downForSeconds = this.since === undefined ? undefined : Math.round((at - this.since) / 1000);
    this.reachable = reachable;
    this.since = at;
    if (!reachable) this.logger.warn({ msg: `${this.name} unreachable`, error });
    else if (was === false) this.logger.log({ msg: `${this.name} reachable again`, downForSeconds });
  }
}

/** `fetch failed: ECONNREFUSED` rather than undici's bare `fetch failed`. */
export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return detail ? `${error.message}: ${detail}` : error.message;
}
