import type { LoggerService } from '@nestjs/common';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import { activeTraceIds } from '../tracing/trace-context.js';
import { currentRequestId } from './request-context.js';

/** Where log lines are written instead of stdout (tests that read them). */
export type LogDestination = pino.DestinationStream;

/**
 * Nest's start-up narration (every module initialised, every route mapped: a few hundred lines
 * before the banner). Useful when a route is missing, so kept at the debug level.
 */
const START_UP_DETAIL = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's logger backed by pino: one JSON object per line, with the request id of the request
 * being served and the trace and span ids of the work running (a request, or an event it caused
 * in any service), so a request's lines and those of everything it set off can be found together.
 */
export class JsonLogger implements LoggerService {
  readonly pino: Logger;

  constructor(level: LevelWithSilent = 'info', destination?: LogDestination) {
    this.pino = pino(
      {
        level,
        base: { pid: process.pid },
        timestamp: pino.stdTimeFunctions.isoTime,
        // Spread only what is there: most lines outside requests and events carry neither.
        mixin: () => {
          const requestId = currentRequestId();
          const trace = activeTraceIds();
          return { ...(requestId ? { requestId } : {}), ...trace };
        },
      },
      destination,
    );
  }

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    this.write(typeof context === 'string' && START_UP_DETAIL.has(context) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the context (the logger's name) as the last string argument. */
  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const [second] = rest;
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.pino[level]({ context, ...(message as object) }, typeof second === 'string' ? second : undefined);
    } else if (message instanceof Error) {
      this.pino[level]({ context, err: { message: message.message, stack: message.stack } }, message.message);
    } else {
      const stack = typeof second === 'string' && level === 'error' ? second : undefined;
      this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
