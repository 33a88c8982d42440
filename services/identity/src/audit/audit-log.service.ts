import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { AuditLogView } from '@mkt/contracts';
import { AppError, StaffAuditLogEntity, escapeLike, staffAuditFields, type ListQuery } from '@mkt/platform';

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

/** Reads the console's one audit log: identity's own staff changes and those other services announce. */
@Injectable()
export class AuditLogService {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async list(query: ListQuery<AuditFilter>): Promise<{ rows: AuditLogView[]; total: number }> {
    const builder = this.dataSource.getRepository(StaffAuditLogEntity).createQueryBuilder('a');
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
      ? await this.dataSource.getRepository(StaffAuditLogEntity).findOneBy({ id })
      : null;
    if (!row) throw AppError.notFound();
    return toView(row);
  }
}

function toView(row: StaffAuditLogEntity): AuditLogView {
  return { id: row.id, ...staffAuditFields(row) };
}
