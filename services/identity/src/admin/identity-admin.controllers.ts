import { Body, Get, Headers, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  projectCreateSchema,
  projectUpdateSchema,
  staffCreateSchema,
  staffLoginRequestSchema,
  staffUpdateSchema,
  userAdminUpdateSchema,
  type ProjectCreate,
  type ProjectUpdate,
  type StaffCreate,
  type StaffLoginRequest,
  type StaffUpdate,
  type UserAdminUpdate,
} from '@mkt/contracts';
import {
  AdminController,
  ApiZodBody,
  RateLimit,
  RateLimitGuard,
  CurrentStaff,
  Roles,
  StaffAuthGuard,
  ZodValidationPipe,
  parseListQuery,
  setContentRange,
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
    @Headers('user-agent') userAgent?: string,
  ) {
    return this.staff.login(body.username, body.password, userAgent);
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

@ApiTags('admin: users')
@AdminController('users')
@UseGuards(StaffAuthGuard)
@Roles('admin', 'sales', 'finance', 'reviewer', 'contest-manager')
export class AdminUsersController {
  constructor(private readonly users: UserAdminService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: USER_SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: userFilterSchema });
    const { rows, total } = await this.users.list(parsed);
    setContentRange(response, 'users', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.users.get(id);
  }

  @Put(':id')
  @Roles('admin', 'sales')
  @ApiZodBody(userAdminUpdateSchema)
  update(
    @CurrentStaff() actor: AuthenticatedStaff,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(userAdminUpdateSchema)) body: UserAdminUpdate,
  ) {
    return this.users.update(actor, id, body);
  }
}

/** Enterprise projects: sales keep them, finance reads them. */
@ApiTags('admin: enterprise projects')
@AdminController('projects')
@UseGuards(StaffAuthGuard)
@Roles('admin', 'sales', 'finance')
export class AdminProjectsController {
  constructor(private readonly projects: ProjectAdminService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: PROJECT_SORTABLE, defaultSort: ['updatedAt', 'DESC'], filter: projectFilterSchema });
    const { rows, total } = await this.projects.list(parsed);
    setContentRange(response, 'projects', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.projects.get(id);
  }

  @Post()
  @Roles('admin', 'sales')
  @ApiZodBody(projectCreateSchema)
  create(@CurrentStaff() actor: AuthenticatedStaff, @Body(new ZodValidationPipe(projectCreateSchema)) body: ProjectCreate) {
    return this.projects.create(actor, body);
  }

  @Put(':id')
  @Roles('admin', 'sales')
  @ApiZodBody(projectUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(projectUpdateSchema)) body: ProjectUpdate) {
    return this.projects.update(actor, id, body);
  }
}

@ApiTags('admin: staff')
@AdminController('staff')
@UseGuards(StaffAuthGuard)
@Roles('admin')
export class AdminStaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: STAFF_SORTABLE, defaultSort: ['username', 'ASC'], filter: staffFilterSchema });
    const { rows, total } = await this.staff.list(parsed);
    setContentRange(response, 'staff', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.staff.get(id);
  }

  @Post()
  @ApiZodBody(staffCreateSchema)
  create(@CurrentStaff() actor: AuthenticatedStaff, @Body(new ZodValidationPipe(staffCreateSchema)) body: StaffCreate) {
    return this.staff.create(actor, body);
  }

  @Put(':id')
  @ApiZodBody(staffUpdateSchema)
  update(
    @CurrentStaff() actor: AuthenticatedStaff,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(staffUpdateSchema)) body: StaffUpdate,
  ) {
    return this.staff.update(actor, id, body);
  }
}

@ApiTags('admin: audit log')
@AdminController('audit-logs')
@UseGuards(StaffAuthGuard)
@Roles('admin')
export class AdminAuditLogController {
  constructor(private readonly audit: AuditLogService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: AUDIT_SORTABLE, defaultSort: ['at', 'DESC'], filter: auditFilterSchema });
    const { rows, total } = await this.audit.list(parsed);
    setContentRange(response, 'audit-logs', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.audit.get(id);
  }
}
