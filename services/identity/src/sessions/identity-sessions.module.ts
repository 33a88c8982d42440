import { Global, Module } from '@nestjs/common';
import { STAFF_SESSION_VALIDATOR, USER_SESSION_VALIDATOR } from '@mkt/platform';
import { AccountChangeListener } from './account-change-listener.js';
import { ACCOUNT_READ_CACHE_LIMIT, AccountReadCache } from './account-read-cache.js';
import { AccountWriteWatcher } from './account-write-watcher.js';
import { SessionIntrospectionController } from './session-introspection.controller.js';
import { IdentityStaffSessionValidator, IdentityUserSessionValidator } from './session-validators.js';

/**
 * Identity's session checks, offered to every module of the process: when the services run
 * together, the platform's guards in any service check that a token's session is still open and
 * read staff roles fresh (kept between writes by AccountReadCache). Services deployed apart ask
 * the introspection call instead (RemoteSessionsModule, IDENTITY_URL).
 */
@Global()
@Module({
  controllers: [SessionIntrospectionController],
  providers: [
    { provide: AccountReadCache, useFactory: () => new AccountReadCache(ACCOUNT_READ_CACHE_LIMIT) },
    AccountWriteWatcher,
    AccountChangeListener,
    IdentityUserSessionValidator,
    IdentityStaffSessionValidator,
    { provide: USER_SESSION_VALIDATOR, useExisting: IdentityUserSessionValidator },
    { provide: STAFF_SESSION_VALIDATOR, useExisting: IdentityStaffSessionValidator },
  ],
  exports: [USER_SESSION_VALIDATOR, STAFF_SESSION_VALIDATOR, AccountReadCache],
})
export class IdentitySessionsModule {}
