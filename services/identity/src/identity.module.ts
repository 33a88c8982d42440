import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import {
  DatabaseModule,
  EventsModule,
  RateLimitGuard,
  HandledEventEntity,
  OutboxMessageEntity, OutboxTraceContext1765600000000,
  APP_CONFIG,
  OBJECT_STORAGE,
  StaffAuditLogEntity,
  StaffAuditWriter,
  resolveSecrets,
  type AppConfig,
  type ObjectStorage,
} from '@mkt/platform';
import { AccountService } from './account/account.service.js';
import { IdentityStoreController } from './store/identity-store.controller.js';
import { RealNameStoreController } from './store/real-name-store.controller.js';
import { AdminRealNameActionsController, AdminRealNameReviewsController } from './admin/real-name-admin.controllers.js';
import { AdminUserContactController } from './admin/user-contact-admin.controller.js';
import {
  AdminAuditLogController,
  AdminAuthController,
  AdminProjectsController,
  AdminStaffController,
  AdminUsersController,
} from './admin/identity-admin.controllers.js';
import { AuditLogService } from './audit/audit-log.service.js';
import { StaffActionAuditedHandler } from './audit/staff-action-audited.handler.js';
import { CustomerSkuEntity } from './entities/customer-sku.entity.js';
import { IdPhotoEntity } from './entities/id-photo.entity.js';
import { RealNameSubmissionEntity } from './entities/real-name-submission.entity.js';
import { ProjectEntity } from './entities/project.entity.js';
import { SessionEntity } from './entities/session.entity.js';
import { StaffEntity } from './entities/staff.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { VerificationCodeEntity } from './entities/verification-code.entity.js';
import { IdentityInit1763700000000 } from './migrations/1763700000000-identity-init.js';
import { StaffLockout1763900000000 } from './migrations/1763900000000-staff-lockout.js';
import { EnterpriseProjects1764200000000 } from './migrations/1764200000000-enterprise-projects.js';
import { RealName1764500000000 } from './migrations/1764500000000-real-name.js';
import { StaffSignInFailures1764600000000 } from './migrations/1764600000000-staff-sign-in-failures.js';
import { UserCenter1764900000000 } from './migrations/1764900000000-user-center.js';
import { AvatarUploadEntity } from './entities/avatar-upload.entity.js';
import { EmailConfirmationEntity } from './entities/email-confirmation.entity.js';
import { UserCenterStoreController } from './store/user-center-store.controller.js';
import { AVATAR_BUCKET } from './user-center/avatar-location.js';
import { AVATAR_RENDERER, SharpAvatarRenderer } from './user-center/avatar-renderer.js';
import { AvatarsService } from './user-center/avatars.service.js';
import { EmailBindingService } from './user-center/email-binding.service.js';
import { EmailConfirmationsRepository } from './user-center/email-confirmations.repository.js';
import { ProfileService } from './user-center/profile.service.js';
import { ID_PHOTO_INSPECTOR, SharpIdPhotoInspector } from './real-name/id-photo-inspector.js';
import { ID_DOCUMENT_BUCKET, IdPhotosService } from './real-name/id-photos.service.js';
import { RealNameReviewService } from './real-name/real-name-review.service.js';
import { RealNameService } from './real-name/real-name.service.js';
import { DemoSeedService } from './seed/demo-seed.service.js';
import { InitialAdminService } from './staff/initial-admin.service.js';
import { IdentitySessionsModule } from './sessions/identity-sessions.module.js';
import { SessionService } from './sessions/session.service.js';
import { CodeHasher } from './sign-in/code-hasher.js';
import { SignInService } from './sign-in/sign-in.service.js';
import { VerificationCodeService } from './sign-in/verification-code.service.js';
import { SignInFailuresRepository } from './staff/sign-in-failures.repository.js';
import { StaffService } from './staff/staff.service.js';
import { ProjectAdminService } from './projects/project-admin.service.js';
import { UserAdminService } from './users/user-admin.service.js';
import { UserContactService } from './users/user-contact.service.js';
import { AdminSigningActionsController, AdminSigningApplicationsController } from './admin/signing-admin.controllers.js';
import { PhotographerProfileEntity } from './entities/photographer-profile.entity.js';
import { SigningApplicationEntity } from './entities/signing-application.entity.js';
import { SigningFileEntity } from './entities/signing-file.entity.js';
import { SigningApplications1765100000000 } from './migrations/1765100000000-signing-applications.js';
import { AccountWriteNotices1766300000000 } from './migrations/1766300000000-account-write-notices.js';
import { DOCUMENT_FILE_INSPECTOR, SharpDocumentFileInspector } from '@mkt/platform/media';
import { SigningFilesService } from './signing/signing-files.service.js';
import { SigningReviewService } from './signing/signing-review.service.js';
import { SigningService } from './signing/signing.service.js';
import { SigningRepository } from './signing/signing.repository.js';
import { SigningStoreController } from './store/signing-store.controller.js';
import { Notifications1767300000000 } from './migrations/1767300000000-notifications.js';
import { NotificationMail1767400000000 } from './migrations/1767400000000-notification-mail.js';
import { NotificationMailer } from './notifications/notification-mailer.js';
import { NotificationEventsHandler } from './notifications/notification-events.handler.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsRepository } from './notifications/notifications.repository.js';
import { NotificationsService } from './notifications/notifications.service.js';

export const IDENTITY_ENTITIES = [
  UserEntity,
  VerificationCodeEntity,
  SessionEntity,
  StaffEntity,
  StaffAuditLogEntity,
  CustomerSkuEntity,
  ProjectEntity,
  IdPhotoEntity,
  RealNameSubmissionEntity,
  AvatarUploadEntity,
  EmailConfirmationEntity,
  SigningFileEntity,
  SigningApplicationEntity,
  PhotographerProfileEntity,
  OutboxMessageEntity,
  HandledEventEntity,
];
export const IDENTITY_MIGRATIONS = [IdentityInit1763700000000, StaffLockout1763900000000, EnterpriseProjects1764200000000, RealName1764500000000, StaffSignInFailures1764600000000, UserCenter1764900000000, SigningApplications1765100000000, OutboxTraceContext1765600000000, AccountWriteNotices1766300000000, Notifications1767300000000, NotificationMail1767400000000];

/** Creates the private bucket of identity-card photos and the bucket of profile pictures on start. */
@Injectable()
class IdentityBuckets implements OnModuleInit {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}
  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(ID_DOCUMENT_BUCKET);
    await this.storage.ensureBucket(AVATAR_BUCKET);
  }
}

/**
 * Identity: users and their sign-in, sessions and tokens, contributor agreement answers,
 * enterprise SKUs and projects, contributors' real-name check, signing applications of would-be
 * photographers, staff accounts and the audit log of staff changes; and each account's
 * notification centre (comments on their boards, invitations, quotes, licences).
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'identity', entities: IDENTITY_ENTITIES, migrations: IDENTITY_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'identity', consumerGroup: 'identity' }),
    IdentitySessionsModule,
  ],
  controllers: [
    IdentityStoreController,
    RealNameStoreController,
    UserCenterStoreController,
    AdminAuthController,
    AdminUsersController,
    AdminUserContactController,
    AdminProjectsController,
    AdminStaffController,
    AdminAuditLogController,
    AdminRealNameReviewsController,
    AdminRealNameActionsController,
    SigningStoreController,
    AdminSigningApplicationsController,
    AdminSigningActionsController,
    NotificationsController,
  ],
  providers: [
    {
      provide: CodeHasher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new CodeHasher(resolveSecrets(config).token),
    },
    RateLimitGuard,
    VerificationCodeService,
    SessionService,
    SignInService,
    AccountService,
    StaffService,
    SignInFailuresRepository,
    UserAdminService,
    UserContactService,
    ProjectAdminService,
    AuditLogService,
    { provide: ID_PHOTO_INSPECTOR, useClass: SharpIdPhotoInspector },
    IdPhotosService,
    RealNameService,
    RealNameReviewService,
    IdentityBuckets,
    // The header's notification centre, fed by other services' events.
    NotificationsRepository,
    NotificationsService,
    NotificationEventsHandler,
    NotificationMailer,
    { provide: AVATAR_RENDERER, useClass: SharpAvatarRenderer },
    AvatarsService,
    ProfileService,
    EmailConfirmationsRepository,
    EmailBindingService,
    { provide: DOCUMENT_FILE_INSPECTOR, useClass: SharpDocumentFileInspector },
    SigningRepository,
    SigningFilesService,
    SigningService,
    SigningReviewService,
    // Identity collects the console's one audit log, so its own rows need no announcement.
    StaffAuditWriter.provide({ service: 'identity', announce: false }),
    StaffActionAuditedHandler,
    DemoSeedService,
    InitialAdminService,
  ],
})
export class IdentityModule {}
