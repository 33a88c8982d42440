import { Global, Module } from '@nestjs/common';
import { STAFF_SESSION_VALIDATOR, USER_SESSION_VALIDATOR } from '@mkt/platform';
import { IdentityStaffSessionValidator, IdentityUserSessionValidator } from './session-validators.js';

/**
 * Identity's session checks, offered to every module of the process: when the services run
 * together, the platform's guards in any service check that a token's session is still open and
 * read staff roles fresh. A service running alone has no such provider and checks signatures only.
 */
@Global()
@Module({
  providers: [
    { provide: USER_SESSION_VALIDATOR, useClass: IdentityUserSessionValidator },
    { provide: STAFF_SESSION_VALIDATOR, useClass: IdentityStaffSessionValidator },
  ],
  exports: [USER_SESSION_VALIDATOR, STAFF_SESSION_VALIDATOR],
})
export class IdentitySessionsModule {}
