import type { LoggerService } from '@nestjs/common';

export interface RecordedLog {
  level: 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';
  message: unknown;
}

/** Keeps test output clean and lets a test assert on what was logged. */
export class RecordingLogger implements LoggerService {
  readonly entries: RecordedLog[] = [];

  log(message: unknown): void {
    this.entries.push({ level: 'log', message });
  }
  error(message: unknown): void {
    this.entries.push({ level: 'error', message });
  }
  warn(message: unknown): void {
    this.entries.push({ level: 'warn', message });
  }
  debug(message: unknown): void {
    this.entries.push({ level: 'debug', message });
  }
  verbose(message: unknown): void {
    this.entries.push({ level: 'verbose', message });
  }
  fatal(message: unknown): void {
    this.entries.push({ level: 'fatal', message });
  }

  messages(level?: RecordedLog['level']): string[] {
    return this.entries
      .filter((entry) => !level || entry.level === level)
      .map((entry) => {
        const message = entry.message as { msg?: unknown } | string;
        return typeof message === 'string' ? message : String(message?.msg ?? '');
      });
  }
}
