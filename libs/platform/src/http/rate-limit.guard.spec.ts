import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '../errors/app-error.js';
import { RateLimit, RateLimitGuard } from './rate-limit.guard.js';

class SignIn {
  @RateLimit({ limit: 2, windowSeconds: 60 })
  send() {}
  open() {}
}

function contextFor(handler: keyof SignIn, ip: string): ExecutionContext {
  return {
    getHandler: () => SignIn.prototype[handler],
    getClass: () => SignIn,
    switchToHttp: () => ({ getRequest: () => ({ ip }) }),
  } as unknown as ExecutionContext;
}

describe('RateLimitGuard', () => {
  it('allows the limit per address and window, then refuses with code 1429', () => {
    const guard = new RateLimitGuard(new Reflector());
    expect(guard.canActivate(contextFor('send', '10.0.0.1'))).toBe(true);
    expect(guard.canActivate(contextFor('send', '10.0.0.1'))).toBe(true);
    let refusal: unknown;
    try {
      guard.canActivate(contextFor('send', '10.0.0.1'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(1429);
    expect(guard.canActivate(contextFor('send', '10.0.0.2'))).toBe(true);
  });

  it('leaves handlers without a rule alone', () => {
    const guard = new RateLimitGuard(new Reflector());
    for (let i = 0; i < 10; i += 1) expect(guard.canActivate(contextFor('open', '10.0.0.1'))).toBe(true);
  });
});
