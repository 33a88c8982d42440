import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { CustomerProjectChanged, ErrorCode, PROJECT_ID_PATTERN, type PayloadOf, type ProjectAdminView, type ProjectCreate, type ProjectUpdate, wholeNumber } from '@mkt/contracts';
import { AppError, StaffAuditWriter, escapeLike, OutboxWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { ProjectEntity } from '../entities/project.entity.js';

export const projectFilterSchema = z
  .object({
    q: z.string().max(100),
    customerId: z.string().max(64),
    status: wholeNumber(0, 2),
    id: z.array(z.string().max(64)).max(200),
  })
  .partial();
export type ProjectFilter = z.infer<typeof projectFilterSchema>;
export const PROJECT_SORTABLE = ['id', 'name', 'customerId', 'status', 'validUntil', 'updatedAt'] as const;

/** Enterprise projects as staff keep them; every change is audited and announced to orders. */
@Injectable()
export class ProjectAdminService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
    private readonly outbox: OutboxWriter,
  ) {}

  async list(query: ListQuery<ProjectFilter>): Promise<{ rows: ProjectAdminView[]; total: number }> {
    const builder = this.dataSource.getRepository(ProjectEntity).createQueryBuilder('p');
    const { q, customerId, status, id } = query.filter;
    if (q) builder.andWhere('(p.id ILIKE :q OR p.name ILIKE :q OR p.companyName ILIKE :q OR p.customerId ILIKE :q)', { q: `%${escapeLike(q)}%` });
    if (customerId) builder.andWhere('p.customerId = :customerId', { customerId });
    if (status !== undefined) builder.andWhere('p.status = :status', { status });
    if (id) builder.andWhere('p.id IN (:...ids)', { ids: id.length ? id : [''] });
    const [rows, total] = await builder
      .orderBy(`p.${query.sortField}`, query.sortOrder, 'NULLS LAST')
      .addOrderBy('p.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(toProjectView), total };
  }

  async get(id: string): Promise<ProjectAdminView> {
    const project = PROJECT_ID_PATTERN.test(id) ? await this.dataSource.getRepository(ProjectEntity).findOneBy({ id }) : null;
    if (!project) throw AppError.notFound();
    return toProjectView(project);
  }

  create(actor: AuthenticatedStaff, input: ProjectCreate): Promise<ProjectAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const projects = manager.getRepository(ProjectEntity);
      // Project numbers are compared as staff typed them, but two that differ only in case would confuse buyers.
      const [taken] = await manager.query(`SELECT 1 FROM identity.projects WHERE lower("id") = lower($1)`, [input.id]);
      if (taken) throw new AppError(ErrorCode.PROJECT_ID_TAKEN, 'projectIdTaken');
      const saved = await projects.save(projects.create({ ...input, validUntil: input.validUntil ? new Date(input.validUntil) : null }));
      const after = toProjectView(saved);
      await this.audit.record(manager, actor, { action: 'create', resource: 'projects', resourceId: saved.id, before: null, after });
      await this.announce(manager, saved);
      return after;
    });
  }

  update(actor: AuthenticatedStaff, id: string, input: ProjectUpdate): Promise<ProjectAdminView> {
    if (!PROJECT_ID_PATTERN.test(id)) throw AppError.notFound();
    return this.dataSource.transaction(async (manager) => {
      const projects = manager.getRepository(ProjectEntity);
      const project = await projects.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!project) throw AppError.notFound();
      const before = toProjectView(project);
      const next: Partial<ProjectEntity> = { ...input, validUntil: input.validUntil === undefined ? undefined : input.validUntil ? new Date(input.validUntil) : null };
      const changed = (Object.keys(next) as (keyof ProjectEntity)[]).filter((key) => next[key] !== undefined && !sameValue(next[key], project[key]));
      if (changed.length === 0) return before;
      Object.assign(project, Object.fromEntries(changed.map((key) => [key, next[key]])));
      const saved = await projects.save(project);
      const after = toProjectView(saved);
      await this.audit.record(manager, actor, { action: 'update', resource: 'projects', resourceId: id, before, after });
      await this.announce(manager, saved);
      return after;
    });
  }

  async announce(manager: EntityManager, project: ProjectEntity): Promise<void> {
    await this.outbox.add(manager, CustomerProjectChanged, project.id, projectChangedPayload(project));
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime?.() === (b as Date | null)?.getTime?.();
  return a === b;
}

export function toProjectView(project: ProjectEntity): ProjectAdminView {
  return {
    id: project.id,
    name: project.name,
    customerId: project.customerId,
    companyName: project.companyName,
    status: project.status,
    videoBranches: project.videoBranches,
    photoBranches: project.photoBranches,
    projectType: project.projectType,
    region: project.region,
    duration: project.duration,
    purpose: project.purpose,
    validUntil: project.validUntil?.toISOString() ?? null,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

export function projectChangedPayload(project: ProjectEntity): PayloadOf<typeof CustomerProjectChanged> {
  const { id, createdAt: _created, updatedAt: _updated, ...terms } = toProjectView(project);
  return { projectId: id, ...terms };
}
