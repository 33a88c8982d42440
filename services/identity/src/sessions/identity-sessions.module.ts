import { Global, Module } from '@nestjs/common';
import { ACCOUNT_DIRECTORY, STAFF_SESSION_VALIDATOR, USER_SESSION_VALIDATOR } from '@mkt/platform';
import { AccountLookupController } from '../accounts/account-lookup.controller.js';
import { IdentityAccountDirectory } from '../accounts/identity-account-directory.js';
import { AccountChangeListener } from './account-change-listener.js';
import { ACCOUNT_READ_CACHE_LIMIT, AccountReadCache } from './account-read-cache.js';
import { AccountWriteWatcher } from './account-write-watcher.js';
import { SessionIntrospectionController } from './session-introspection.controller.js';
import { IdentityStaffSessionValidator, IdentityUserSessionValidator } from './session-validators.js';

/**
 * Identity's session checks and account directory, offered to every module of the process: when
 * the services run together, the platform's guards in any service check that a token's session is
 * still open and read staff roles fresh (kept between writes by AccountReadCache), and any service
 * finds accounts by contact or id. Services deployed apart ask the introspection and lookup calls
 * instead (RemoteSessionsModule, IDENTITY_URL).
 */
@Global()
@Module({
  controllers: [SessionIntrospectionController, AccountLookupController],
  providers: [
    { provide: AccountReadCache, useFactory: () => new AccountReadCache(ACCOUNT_READ_CACHE_LIMIT) },
    AccountWriteWatcher,
    AccountChangeListener,
    IdentityUserSessionValidator,
    IdentityStaffSessionValidator,
    { provide: USER_SESSION_VALIDATOR, useExisting: IdentityUserSessionValidator },
    { provide: STAFF_SESSION_VALIDATOR, useExisting: IdentityStaffSessionValidator },
    IdentityAccountDirectory,
    { provide: ACCOUNT_DIRECTORY, useExisting: IdentityAccountDirectory },
  ],
  exports: [USER_SESSION_VALIDATOR, STAFF_SESSION_VALIDATOR, AccountReadCache, ACCOUNT_DIRECTORY],
})
export class IdentitySessionsModule {}
