import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  ErrorCode,
  STAFF_ROLES,
  type StaffCreate,
  type StaffLoginResponse,
  type StaffUpdate,
  type StaffView,
} from '@mkt/contracts';
import { AppError, StaffAuditWriter, escapeLike, Clock, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { SessionEntity } from '../entities/session.entity.js';
import { StaffEntity } from '../entities/staff.entity.js';
import { SessionService } from '../sessions/session.service.js';
import { hashPassword, verifyPassword } from '@mkt/platform';
import { SignInFailuresRepository, type LockoutPolicy } from './sign-in-failures.repository.js';

export const staffFilterSchema = z
  .object({ q: z.string().max(100), role: z.enum(STAFF_ROLES), disabled: z.boolean() })
  .partial();
export type StaffFilter = z.infer<typeof staffFilterSchema>;
export const STAFF_SORTABLE = ['username', 'displayName', 'createdAt'] as const;

/**
 * Wrong passwords from one source address for one username before that pair is refused, and for
 * how long. Counting per pair means a guesser locks out only themselves, never the account's owner
 * signing in from elsewhere.
 */
export const STAFF_LOCKOUT: LockoutPolicy = { maxFailures: 10, minutes: 15 };

/** Console accounts: password sign-in, and their management by admins (audited). */
@Injectable()
export class StaffService {
  // A fixed hash to compare against when the username is unknown, so timing does not reveal it.
  private readonly decoyHash = hashPassword('not-a-real-password');

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly audit: StaffAuditWriter,
    private readonly clock: Clock,
    private readonly failures: SignInFailuresRepository,
  ) {}

  /**
   * Signs a staff member in. Unknown usernames go through the same steps as known ones (the lock,
   * a password comparison, the failure count) and get the same answers, so neither the answer nor
   * its timing tells whether an account exists.
   */
  async login(username: string, password: string, source: string, userAgent?: string): Promise<StaffLoginResponse> {
    const name = username.trim().toLowerCase().slice(0, 64);
    const from = normalizeSource(source);
    const now = this.clock.now();
    const lockedUntil = await this.failures.lockedUntil(name, from, now);
    if (lockedUntil) {
      const minutes = Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
      throw new AppError(ErrorCode.STAFF_LOCKED, 'staffLocked', { minutes });
    }
    const staff = await this.dataSource.getRepository(StaffEntity).findOneBy({ username: name });
    const valid = await verifyPassword(password, staff?.passwordHash ?? (await this.decoyHash));
    if (!staff || !valid) {
      await this.failures.countFailure(name, from, now, STAFF_LOCKOUT);
      throw new AppError(ErrorCode.STAFF_CREDENTIALS_WRONG, 'staffCredentialsWrong');
    }
    if (staff.disabled) throw AppError.accountDisabled();
    await this.failures.clear(name, from);
    const token = await this.dataSource.transaction((manager) =>
      this.sessions.openForStaff(manager, staff, userAgent),
    );
    return { token, staff: toStaffView(staff) };
  }

  async get(id: string): Promise<StaffView> {
    return toStaffView(await this.find(id));
  }

  async list(query: ListQuery<StaffFilter>): Promise<{ rows: StaffView[]; total: number }> {
    const builder = this.dataSource.getRepository(StaffEntity).createQueryBuilder('s');
    const { q, role, disabled } = query.filter;
    if (q) builder.andWhere('(s.username ILIKE :q OR s.displayName ILIKE :q)', { q: `%${escapeLike(q)}%` });
    if (role) builder.andWhere(':role = ANY(s.roles)', { role });
    if (disabled !== undefined) builder.andWhere('s.disabled = :disabled', { disabled });
    const [rows, total] = await builder
      .orderBy(`s.${query.sortField}`, query.sortOrder)
      .addOrderBy('s.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(toStaffView), total };
  }

  async create(actor: AuthenticatedStaff, input: StaffCreate): Promise<StaffView> {
    const passwordHash = await hashPassword(input.password);
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(StaffEntity);
      const username = input.username.toLowerCase();
      const inserted = await repository
        .createQueryBuilder()
        .insert()
        .values({ username, displayName: input.displayName, passwordHash, roles: [...new Set(input.roles)] })
        .orIgnore()
        .returning(['id'])
        .execute();
      if ((inserted.raw as unknown[]).length === 0) {
        throw new AppError(ErrorCode.STAFF_USERNAME_TAKEN, 'staffUsernameTaken');
      }
      const staff = await repository.findOneByOrFail({ username });
      await this.audit.record(manager, actor, {
        action: 'create',
        resource: 'staff',
        resourceId: staff.id,
        before: null,
        after: toStaffView(staff),
      });
      return toStaffView(staff);
    });
  }

  async update(actor: AuthenticatedStaff, id: string, input: StaffUpdate): Promise<StaffView> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(StaffEntity);
      const staff = await this.find(id, manager.getRepository(StaffEntity));
      const before = toStaffView(staff);
      // An admin may not lock themselves out of the console.
      if (actor.staffId === id && (input.disabled === true || (input.roles && !input.roles.includes('admin')))) {
        throw AppError.forbidden();
      }
      if (input.displayName !== undefined) staff.displayName = input.displayName;
      if (input.roles !== undefined) staff.roles = [...new Set(input.roles)];
      if (input.disabled !== undefined) staff.disabled = input.disabled;
      if (passwordHash) staff.passwordHash = passwordHash;
      await repository.save(staff);
      if (passwordHash) {
        // A reset password must not leave old tokens working (a disabled account is refused with code 3).
        await manager
          .createQueryBuilder()
          .update(SessionEntity)
          .set({ endedAt: this.clock.now() })
          .where("kind = 'staff' AND subject_id = :id AND ended_at IS NULL AND id <> :current", { id, current: actor.sessionId })
          .execute();
      }
      const after = toStaffView(staff);
      await this.audit.record(manager, actor, {
        action: 'update',
        resource: 'staff',
        resourceId: id,
        before,
        after: passwordHash ? { ...after, password: 'changed' } : after,
      });
      return after;
    });
  }

  private async find(id: string, repository = this.dataSource.getRepository(StaffEntity)): Promise<StaffEntity> {
    const staff = z.uuid().safeParse(id).success ? await repository.findOneBy({ id }) : null;
    if (!staff) throw AppError.notFound();
    return staff;
  }
}

/** The client address as counted: IPv4 without the IPv6-mapped prefix, and bounded like the column. */
function normalizeSource(source: string): string {
  return (source.startsWith('::ffff:') ? source.slice(7) : source).slice(0, 64) || 'unknown';
}

export function toStaffView(staff: StaffEntity): StaffView {
  return {
    id: staff.id,
    username: staff.username,
    displayName: staff.displayName,
    roles: staff.roles,
    disabled: staff.disabled,
    createdAt: staff.createdAt.toISOString(),
  };
}
