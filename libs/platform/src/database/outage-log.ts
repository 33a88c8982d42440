import { Logger, type LoggerService } from '@nestjs/common';
import { isDatabaseConnectionFailure } from './connection-failure.js';

/**
 * Logs a dependency's outage when it starts and when it ends, not once per failed request or
 * poll: during an outage every request and every background loop fails, and a line each would
 * bury the one line that matters.
 */
export class OutageLog {
  private downSince?: number;
  private failures = 0;

  constructor(
    private readonly dependency: string,
    private readonly logger: Pick<LoggerService, 'warn' | 'log'> = new Logger(`Outage:${dependency}`),
  ) {}

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /**
   * Notes a failure seen by `where`. True when it is a connection failure (counted in the outage,
   * the caller need not log it); false for any other error, which the caller handles as before.
   */
  noteFailure(error: unknown, where: string): boolean {
    if (!isDatabaseConnectionFailure(error)) return false;
    this.failures += 1;
    if (this.downSince === undefined) {
      this.downSince = Date.now();
      this.logger.warn({ msg: `${this.dependency} unavailable`, where, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
    return true;
  }

  /**
   * Notes that a call went through; ends the outage if there was one. `startedAt` is when the call
   * began: one that began before the outage (a query on a connection the server had not closed
   * yet as it went down) proves nothing about now, and ending the outage on it would log the
   * outage twice as the remaining calls fail.
   */
  noteSuccess(startedAt: number = Date.now()): void {
    if (this.downSince === undefined || startedAt < this.downSince) return;
    this.logger.log({
      msg: `${this.dependency} available again`,
      downForSeconds: Math.round((Date.now() - this.downSince) / 1000),
      failuresMeanwhile: this.failures,
    });
    this.downSince = undefined;
    this.failures = 0;
  }
}

/** The services' databases (in the single machine, one PostgreSQL server for all of them). */
export const databaseOutage = new OutageLog('database');

/** The PostgreSQL event transport's connections (the same server in the single machine). */
export const eventBusOutage = new OutageLog('event bus');

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
