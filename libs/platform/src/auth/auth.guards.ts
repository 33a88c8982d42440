import {
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, ErrorCode, isContributorGid, type MessageKey, type StaffRole } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { TokenService, type StaffTokenClaims, type UserTokenClaims } from './token.service.js';

/** The signed-in buyer or contributor of a store request. */
export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  /**
   * The account's contributor fields as they are now, when identity's session validator ran
   * (same process); absent when a service checks the token's signature alone.
   */
  contributor?: ContributorRights;
}

/** What decides who may upload what (spec section 6): gid 2/3/35 with videoFlag / photoFlag. */
export interface ContributorRights {
  gid: number;
  videoFlag: boolean;
  photoFlag: boolean;
}

/** The signed-in staff member of a console request. */
export interface AuthenticatedStaff {
  staffId: string;
  sessionId: string;
  username: string;
  roles: StaffRole[];
}

/**
 * Checks that a verified token's session is still live and its account usable. Identity
 * implements these against its tables (same process); a service deployed apart asks identity
 * through RemoteSessionsModule (IDENTITY_URL); with neither, the signature alone is trusted.
 */
export interface UserSessionValidator {
  validate(claims: UserTokenClaims): Promise<AuthenticatedUser>;
}
export interface StaffSessionValidator {
  validate(claims: StaffTokenClaims): Promise<AuthenticatedStaff>;
}
export const USER_SESSION_VALIDATOR = Symbol('USER_SESSION_VALIDATOR');
export const STAFF_SESSION_VALIDATOR = Symbol('STAFF_SESSION_VALIDATOR');

type AuthedRequest = FastifyRequest & { user?: AuthenticatedUser; staff?: AuthenticatedStaff };

const MISSING_TOKEN_MESSAGE = 'mkt:missing-token-message';

/**
 * What a visitor without a token is told (spec section 5 "Login gating"): favourites and sample
 * downloads say loginRequired, cart, collections and orders signInRequired. The code stays 1001.
 */
export const LoginMessage = (message: Extract<MessageKey, 'loginRequired' | 'signInRequired'>) =>
  SetMetadata(MISSING_TOKEN_MESSAGE, message);

function accessToken(request: FastifyRequest): string {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return typeof header === 'string' ? header.trim() : '';
}

/**
 * Store calls: the `access_token` header must carry a valid user token (else code 1001). Where
 * identity runs in the same process its session validator is shared, so a logged-off token stops
 * working everywhere at once; a service deployed apart asks identity (IDENTITY_URL).
 */
@Injectable()
export class UserAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
    @Optional() @Inject(USER_SESSION_VALIDATOR) private readonly validator?: UserSessionValidator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = accessToken(request);
    if (!token) {
      const message = this.reflector.getAllAndOverride<MessageKey | undefined>(MISSING_TOKEN_MESSAGE, [
        context.getHandler(),
        context.getClass(),
      ]);
      throw new AppError(ErrorCode.TOKEN_INVALID, message ?? 'tokenInvalid');
    }
    const claims = await this.tokens.verify(token, 'user');
    if (!claims) throw AppError.tokenInvalid();
    request.user = this.validator
      ? await this.validator.validate(claims)
      : { userId: claims.userId, sessionId: claims.sessionId };
    return true;
  }
}

/**
 * After UserAuthGuard: only contributors pass; buyers get 403 whatever they sent, since guards
 * run before the body is validated. The session check fills in the account's current gid.
 */
@Injectable()
export class ContributorGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user?.contributor || !isContributorGid(user.contributor.gid)) throw AppError.forbidden();
    return true;
  }
}

/** For calls open to visitors (search, details, clicks): the signed-in user if any, never an error. */
@Injectable()
export class OptionalUser {
  constructor(
    private readonly tokens: TokenService,
    @Optional() @Inject(USER_SESSION_VALIDATOR) private readonly validator?: UserSessionValidator,
  ) {}

  async userId(request: FastifyRequest): Promise<string | null> {
    const token = accessToken(request);
    if (!token) return null;
    const claims = await this.tokens.verify(token, 'user');
    if (!claims) return null;
    if (!this.validator) return claims.userId;
    try {
      return (await this.validator.validate(claims)).userId;
    } catch {
      return null;
    }
  }
}

const ROLES = 'mkt:staff-roles';
/** Staff roles allowed to call a console handler; any one of them is enough. */
export const Roles = (...roles: StaffRole[]) => SetMetadata(ROLES, roles);

/** Console calls: `Authorization: Bearer <staff token>` and one of the handler's roles. */
@Injectable()
export class StaffAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
    @Optional() @Inject(STAFF_SESSION_VALIDATOR) private readonly validator?: StaffSessionValidator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw AppError.tokenInvalid();
    const claims = await this.tokens.verify(token, 'staff');
    if (!claims) throw AppError.tokenInvalid();
    const staff = this.validator
      ? await this.validator.validate(claims)
      : { staffId: claims.staffId, sessionId: claims.sessionId, username: claims.username, roles: claims.roles };
    const allowed = this.reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (allowed && !allowed.some((role) => staff.roles.includes(role))) throw AppError.forbidden();
    request.staff = staff;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<AuthedRequest>().user;
  if (!user) throw AppError.tokenInvalid();
  return user;
});

export const CurrentStaff = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedStaff => {
  const staff = context.switchToHttp().getRequest<AuthedRequest>().staff;
  if (!staff) throw AppError.tokenInvalid();
  return staff;
});
