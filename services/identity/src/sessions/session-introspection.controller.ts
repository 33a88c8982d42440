import { timingSafeEqual } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  INTROSPECTION_SIGNATURE_HEADER,
  SESSION_INTROSPECTION_PATH,
  sessionIntrospectionRequestSchema,
  type SessionIntrospectionRequest,
} from '@mkt/contracts';
import {
  APP_CONFIG,
  AppError,
  RawResponse,
  ZodValidationPipe,
  introspectionSignature,
  resolveSecrets,
  type AppConfig,
  type AuthenticatedStaff,
  type AuthenticatedUser,
} from '@mkt/platform';
import { IdentityStaffSessionValidator, IdentityUserSessionValidator } from './session-validators.js';

/**
 * Services deployed without identity ask here whether a token's session is still open (see
 * RemoteSessionsModule). Only callers holding the shared token secret are answered; the
 * public ingress does not route /internal at all.
 */
@ApiExcludeController()
@Controller(SESSION_INTROSPECTION_PATH.replace(/^\//, ''))
@RawResponse()
export class SessionIntrospectionController {
  private readonly secret: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: IdentityUserSessionValidator,
    private readonly staff: IdentityStaffSessionValidator,
  ) {
    this.secret = resolveSecrets(config).token;
  }

  @Post()
  @HttpCode(200)
  introspect(
    @Headers(INTROSPECTION_SIGNATURE_HEADER) signature: string | undefined,
    @Body(new ZodValidationPipe(sessionIntrospectionRequestSchema)) request: SessionIntrospectionRequest,
  ): Promise<AuthenticatedUser | AuthenticatedStaff> {
    const expected = Buffer.from(introspectionSignature(this.secret, request));
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw AppError.forbidden();
    return request.kind === 'user'
      ? this.users.validate({ kind: 'user', userId: request.subjectId, sessionId: request.sessionId })
      : this.staff.validate({ kind: 'staff', staffId: request.subjectId, sessionId: request.sessionId, roles: [], username: '' });
  }
}
