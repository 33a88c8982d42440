import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { AuditLogView } from '@mkt/contracts';
import { AppError, Clock, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { AuditLogEntity } from '../entities/audit-log.entity.js';

export const auditFilterSchema = z
  .object({
    q: z.string().max(100),
    staffUsername: z.string().max(64),
    resource: z.string().max(64),
    action: z.string().max(64),
    resourceId: z.string().max(64),
  })
  .partial();
export type AuditFilter = z.infer<typeof auditFilterSchema>;
export const AUDIT_SORTABLE = ['at', 'staffUsername', 'resource', 'action'] as const;

/** Writes one row per staff change inside the change's own transaction; reads them for the console. */
@Injectable()
export class AuditLogService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async record(
    manager: EntityManager,
    staff: AuthenticatedStaff,
    entry: { action: string; resource: string; resourceId: string; before: unknown; after: unknown },
  ): Promise<void> {
    const repository = manager.getRepository(AuditLogEntity);
    await repository.save(
      repository.create({
        at: this.clock.now(),
        staffId: staff.staffId,
        staffUsername: staff.username,
        ...entry,
        before: redact(entry.before),
        after: redact(entry.after),
      }),
    );
  }

  async list(query: ListQuery<AuditFilter>): Promise<{ rows: AuditLogView[]; total: number }> {
    const builder = this.dataSource.getRepository(AuditLogEntity).createQueryBuilder('a');
    const { q, staffUsername, resource, action, resourceId } = query.filter;
    if (q) builder.andWhere('(a.staffUsername ILIKE :q OR a.resourceId ILIKE :q OR a.action ILIKE :q)', { q: `%${escapeLike(q)}%` });
    if (staffUsername) builder.andWhere('a.staffUsername = :staffUsername', { staffUsername });
    if (resource) builder.andWhere('a.resource = :resource', { resource });
    if (action) builder.andWhere('a.action = :action', { action });
    if (resourceId) builder.andWhere('a.resourceId = :resourceId', { resourceId });
    const [rows, total] = await builder
      .orderBy(`a.${query.sortField}`, query.sortOrder)
      .addOrderBy('a.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(toView), total };
  }

  async get(id: string): Promise<AuditLogView> {
    const row = z.uuid().safeParse(id).success
      ? await this.dataSource.getRepository(AuditLogEntity).findOneBy({ id })
      : null;
    if (!row) throw AppError.notFound();
    return toView(row);
  }
}

function toView(row: AuditLogEntity): AuditLogView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staffId: row.staffId,
    staffUsername: row.staffUsername,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    before: row.before,
    after: row.after,
  };
}

/** Password hashes never reach the audit log. */
function redact(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  const copy = { ...(value as Record<string, unknown>) };
  for (const key of ['password', 'passwordHash']) if (key in copy) copy[key] = '[redacted]';
  return copy;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
