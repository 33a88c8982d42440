import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';

const RATE_LIMIT = 'mkt:rate-limit';

export interface RateLimitRule {
  /** Calls allowed per client address within the window. */
  limit: number;
  windowSeconds: number;
}

/** Limits a handler per client address (used on sign-in calls, where guessing and spam cost). */
export const RateLimit = (rule: RateLimitRule) => SetMetadata(RATE_LIMIT, rule);

/**
 * A fixed-window counter per handler and client address, kept in this process. (@nestjs/throttler
 * does the same but is CommonJS requiring the ESM-only Nest 12, which the test runner cannot load.)
 * With several replicas each counts its own share, which still bounds the rate per replica.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private lastSweep = Date.now();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const now = Date.now();
    this.sweep(now);
    const key = `${context.getClass().name}.${context.getHandler().name}:${request.ip ?? 'unknown'}`;
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowSeconds * 1000) {
      this.windows.set(key, { startedAt: now, count: 1 });
      return true;
    }
    window.count += 1;
    if (window.count > rule.limit) throw new AppError(ErrorCode.RATE_LIMITED, 'rateLimited');
    return true;
  }

  /** Drops windows older than a day, at most once a minute, so the map cannot grow without end. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.startedAt > 86_400_000) this.windows.delete(key);
  }
}
