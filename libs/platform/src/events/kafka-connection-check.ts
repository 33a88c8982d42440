import type { KafkaAdminConnection } from './kafka-client.js';

export interface KafkaConnectionCheckOptions {
  /** Default 1.5 s, under readiness's own 2 s so the answer names Kafka. */
  timeoutMs?: number;
  /** How long an outcome is reused. Default 5 s. */
  cacheMs?: number;
  now?: () => number;
}

/**
 * Whether the brokers answer, for readiness: `describeCluster()` on the shared admin connection,
 * given up after `timeoutMs`, its outcome (success or failure) reused for `cacheMs` so readiness
 * probes do not each ask the broker. At most one request is out at a time: one that outlives its
 * timeout is waited on again rather than joined by another.
 */
export class KafkaConnectionCheck {
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private last?: { at: number; error?: unknown };
  private round?: Promise<void>;
  private describing?: Promise<void>;

  constructor(
    private readonly admin: KafkaAdminConnection,
    options: KafkaConnectionCheckOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1_500;
    this.cacheMs = options.cacheMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async check(): Promise<void> {
    if (this.last && this.now() - this.last.at < this.cacheMs) {
      if (this.last.error !== undefined) throw this.last.error;
      return;
    }
    this.round ??= this.ask().finally(() => (this.round = undefined));
    await this.round;
  }

  private async ask(): Promise<void> {
    this.describing ??= this.describe().finally(() => (this.describing = undefined));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`kafka did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.describing, timeout]);
      this.last = { at: this.now() };
    } catch (error) {
      this.last = { at: this.now(), error };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async describe(): Promise<void> {
    const cluster = await (await this.admin.get()).describeCluster();
    if (cluster.brokers.length === 0) throw new Error('kafka cluster lists no brokers');
  }
}
