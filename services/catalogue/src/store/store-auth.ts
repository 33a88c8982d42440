import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_TOKEN_HEADER, ErrorCode, type MessageKey } from '@mkt/contracts';
import { AppError, TokenService, type AuthenticatedUser } from '@mkt/platform';

const MISSING_TOKEN_MESSAGE = 'mkt:catalogue-missing-token-message';

/**
 * Which login message a visitor gets (spec section 5 "Login gating"): favourites and sample
 * downloads say loginRequired, collections signInRequired. Either way the code is 1001 (HTTP 401),
 * the code on which the store clears the token and opens /Login.
 */
export const SignedIn = (message: Extract<MessageKey, 'loginRequired' | 'signInRequired'>) => SetMetadata(MISSING_TOKEN_MESSAGE, message);

type AuthedRequest = Request & { user?: AuthenticatedUser };

/**
 * Store calls that need a signed-in user. Checks the token's signature like the platform's
 * UserAuthGuard (the catalogue cannot reach identity's session table; an ended session's token
 * stays usable here until it expires), but answers a visitor without a token with the spec's message.
 */
@Injectable()
export class StoreUserGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = tokenOf(request);
    if (!token) {
      const message = this.reflector.getAllAndOverride<MessageKey | undefined>(MISSING_TOKEN_MESSAGE, [context.getHandler(), context.getClass()]);
      throw new AppError(ErrorCode.TOKEN_INVALID, message ?? 'loginRequired');
    }
    const claims = await this.tokens.verify(token, 'user');
    if (!claims) throw AppError.tokenInvalid();
    request.user = { userId: claims.userId, sessionId: claims.sessionId };
    return true;
  }
}

/** The user of a call open to visitors (search, details, clicks): null without a valid token, never an error. */
@Injectable()
export class OptionalUser {
  constructor(private readonly tokens: TokenService) {}

  async userId(request: Request): Promise<string | null> {
    const token = tokenOf(request);
    if (!token) return null;
    const claims = await this.tokens.verify(token, 'user');
    return claims?.userId ?? null;
  }
}

function tokenOf(request: Request): string {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return typeof header === 'string' ? header.trim() : '';
}
