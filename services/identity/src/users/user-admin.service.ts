import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { z } from 'zod';
import { CustomerProfileChanged, ErrorCode, mayRevealContactDetails, UserUpdatedByStaff, type UserAdminUpdate, type UserAdminView, wholeNumber } from '@mkt/contracts';
import { AppError, StaffAuditWriter, escapeLike, OutboxWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { ProjectEntity } from '../entities/project.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { toUserAdminView } from '../sign-in/user-view.js';

export const userFilterSchema = z
  .object({
    q: z.string().max(100),
    gid: wholeNumber(0, 999),
    disabled: z.boolean(),
    signFlag: z.boolean(),
    id: z.array(z.uuid()).max(200),
  })
  .partial();
export type UserFilter = z.infer<typeof userFilterSchema>;
export const USER_SORTABLE = ['createdAt', 'lastLoginAt', 'gid', 'nickname', 'phone', 'email'] as const;
const CONTACT_SORT_FIELDS = new Set<string>(['phone', 'email']);

/** Users as staff see and change them; every change is audited and announced. */
@Injectable()
export class UserAdminService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Staff who may not see contact details may not find or order users by them either: a search
   * that matched phone numbers would tell a reviewer whether a number is registered.
   */
  async list(query: ListQuery<UserFilter>, actor: AuthenticatedStaff): Promise<{ rows: UserAdminView[]; total: number }> {
    const contactDetails = mayRevealContactDetails(actor.roles);
    const builder = this.dataSource.getRepository(UserEntity).createQueryBuilder('u');
    const { q, gid, disabled, signFlag, id } = query.filter;
    if (q) {
      const matched = contactDetails ? '(u.phone ILIKE :q OR u.email ILIKE :q OR u.nickname ILIKE :q)' : 'u.nickname ILIKE :q';
      builder.andWhere(matched, { q: `%${escapeLike(q)}%` });
    }
    const sortField = contactDetails || !CONTACT_SORT_FIELDS.has(query.sortField) ? query.sortField : 'createdAt';
    if (gid !== undefined) builder.andWhere('u.gid = :gid', { gid });
    if (disabled !== undefined) builder.andWhere('u.disabled = :disabled', { disabled });
    if (signFlag !== undefined) builder.andWhere('u.signFlag = :signFlag', { signFlag });
    if (id) builder.andWhere('u.id IN (:...ids)', { ids: id.length ? id : ['00000000-0000-0000-0000-000000000000'] });
    const [rows, total] = await builder
      .orderBy(`u.${sortField}`, query.sortOrder, 'NULLS LAST')
      .addOrderBy('u.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(toUserAdminView), total };
  }

  async get(id: string): Promise<UserAdminView> {
    const user = z.uuid().safeParse(id).success
      ? await this.dataSource.getRepository(UserEntity).findOneBy({ id })
      : null;
    if (!user) throw AppError.notFound();
    return toUserAdminView(user);
  }

  update(actor: AuthenticatedStaff, id: string, input: UserAdminUpdate): Promise<UserAdminView> {
    if (!z.uuid().safeParse(id).success) throw AppError.notFound();
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const user = await users.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw AppError.notFound();
      const before = toUserAdminView(user);
      const changed = (Object.keys(input) as (keyof UserAdminUpdate)[]).filter(
        (key) => input[key] !== undefined && input[key] !== user[key],
      );
      if (changed.length === 0) return before;
      Object.assign(user, Object.fromEntries(changed.map((key) => [key, input[key]])));
      if (changed.includes('projectId') || changed.includes('customerId')) await checkProject(manager.getRepository(ProjectEntity), user);
      await users.save(user);
      const after = toUserAdminView(user);
      await this.audit.record(manager, actor, { action: 'update', resource: 'users', resourceId: id, before, after });
      await this.outbox.add(manager, UserUpdatedByStaff, id, { userId: id, changed });
      if (changed.some((key) => CUSTOMER_FIELDS.includes(key))) {
        await this.outbox.add(manager, CustomerProfileChanged, id, customerProfileOf(user));
      }
      return after;
    });
  }
}

/** A user's project must exist and belong to the user's company. */
async function checkProject(projects: Repository<ProjectEntity>, user: UserEntity): Promise<void> {
  if (!user.projectId) return;
  const project = await projects.findOneBy({ id: user.projectId });
  if (!project) throw new AppError(ErrorCode.PROJECT_UNKNOWN, 'projectUnknown');
  if (project.customerId !== user.customerId) throw new AppError(ErrorCode.PROJECT_UNKNOWN, 'projectOtherCompany');
}

/** The account fields other services follow through customer.profile.changed. */
const CUSTOMER_FIELDS: readonly (keyof UserAdminUpdate)[] = ['customerId', 'customerStatus', 'customerType', 'projectId', 'enterpriseAdmin'];

export function customerProfileOf(user: Pick<UserEntity, 'id' | 'customerId' | 'customerStatus' | 'customerType' | 'projectId' | 'enterpriseAdmin'>) {
  return {
    userId: user.id,
    customerId: user.customerId,
    customerStatus: user.customerStatus,
    customerType: user.customerType,
    projectId: user.projectId,
    enterpriseAdmin: user.enterpriseAdmin,
  };
}
