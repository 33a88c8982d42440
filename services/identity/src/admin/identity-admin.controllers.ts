import { Body, Get, Headers, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { PROJECT_ID_PATTERN, projectCreateSchema, projectUpdateSchema, staffCreateSchema, staffLoginRequestSchema, staffUpdateSchema, userAdminUpdateSchema, type StaffLoginRequest } from '@mkt/contracts';
import {
  AdminController,
  ApiZodBody,
  RateLimit,
  RateLimitGuard,
  CurrentStaff,
  StaffAuthGuard,
  ZodValidationPipe,
  adminResourceController,
  type AuthenticatedStaff,
} from '@mkt/platform';
import { AUDIT_SORTABLE, AuditLogService, auditFilterSchema } from '../audit/audit-log.service.js';
import { PROJECT_SORTABLE, ProjectAdminService, projectFilterSchema } from '../projects/project-admin.service.js';
import { SessionService } from '../sessions/session.service.js';
import { STAFF_SORTABLE, StaffService, staffFilterSchema } from '../staff/staff.service.js';
import { USER_SORTABLE, UserAdminService, userFilterSchema } from '../users/user-admin.service.js';

@ApiTags('admin: auth')
@AdminController('auth')
export class AdminAuthController {
  constructor(
    private readonly staff: StaffService,
    private readonly sessions: SessionService,
  ) {}

  @Post('login')
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 30, windowSeconds: 60 })
  @ApiZodBody(staffLoginRequestSchema)
  @HttpCode(200)
  login(
    @Body(new ZodValidationPipe(staffLoginRequestSchema)) body: StaffLoginRequest,
    @Ip() source: string,
    @Headers('user-agent') userAgent?: string,
  ) {
    // Wrong passwords are counted per username and this address (request.ip, which follows the
    // app's proxy setting), so a guesser cannot lock the owner out from elsewhere.
    return this.staff.login(body.username, body.password, source, userAgent);
  }

  @Get('me')
  @UseGuards(StaffAuthGuard)
  me(@CurrentStaff() actor: AuthenticatedStaff) {
    return this.staff.get(actor.staffId);
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(StaffAuthGuard)
  async logout(@CurrentStaff() actor: AuthenticatedStaff) {
    await this.sessions.endById(actor.sessionId);
    return { ok: true };
  }
}

export const AdminUsersController = adminResourceController({
  resource: 'users',
  id: z.uuid(),
  tag: 'admin: users',
  service: UserAdminService,
  roles: ['admin', 'sales', 'finance', 'reviewer', 'contest-manager'],
  list: { sortable: USER_SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: userFilterSchema, rows: (users, query, actor) => users.list(query, actor) },
  get: (users, id) => users.get(id),
  update: { roles: ['admin', 'sales'], schema: userAdminUpdateSchema, run: (users, actor, id, body) => users.update(actor, id, body) },
});

/** Enterprise projects: sales keep them, finance reads them. */
export const AdminProjectsController = adminResourceController({
  resource: 'projects',
  id: z.string().regex(PROJECT_ID_PATTERN),
  tag: 'admin: enterprise projects',
  service: ProjectAdminService,
  roles: ['admin', 'sales', 'finance'],
  list: { sortable: PROJECT_SORTABLE, defaultSort: ['updatedAt', 'DESC'], filter: projectFilterSchema, rows: (projects, query) => projects.list(query) },
  get: (projects, id) => projects.get(id),
  create: { roles: ['admin', 'sales'], schema: projectCreateSchema, run: (projects, actor, body) => projects.create(actor, body) },
  update: { roles: ['admin', 'sales'], schema: projectUpdateSchema, run: (projects, actor, id, body) => projects.update(actor, id, body) },
});

export const AdminStaffController = adminResourceController({
  resource: 'staff',
  id: z.uuid(),
  tag: 'admin: staff',
  service: StaffService,
  roles: ['admin'],
  list: { sortable: STAFF_SORTABLE, defaultSort: ['username', 'ASC'], filter: staffFilterSchema, rows: (staff, query) => staff.list(query) },
  get: (staff, id) => staff.get(id),
  create: { schema: staffCreateSchema, run: (staff, actor, body) => staff.create(actor, body) },
  update: { schema: staffUpdateSchema, run: (staff, actor, id, body) => staff.update(actor, id, body) },
});

/** The console's one audit log: identity's staff actions and those every other service announces. */
export const AdminAuditLogController = adminResourceController({
  resource: 'audit-logs',
  id: z.uuid(),
  tag: 'admin: audit log',
  service: AuditLogService,
  roles: ['admin'],
  list: { sortable: AUDIT_SORTABLE, defaultSort: ['at', 'DESC'], filter: auditFilterSchema, rows: (audit, query) => audit.list(query) },
  get: (audit, id) => audit.get(id),
});
