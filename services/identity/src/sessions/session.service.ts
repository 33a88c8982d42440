import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StaffRole } from '@mkt/contracts';
import { AppError, Clock, TokenService } from '@mkt/platform';
import { SessionEntity } from '../entities/session.entity.js';

/** Seconds a refreshed token keeps working, for calls already in flight. */
export const REFRESH_GRACE_SECONDS = 30;

/** Opens, renews and ends sessions; a token is only as good as its session row. */
@Injectable()
export class SessionService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  async openForUser(manager: EntityManager, userId: string, userAgent?: string): Promise<string> {
    const session = await this.open(manager, 'user', userId, userAgent);
    return this.tokens.sign({ kind: 'user', userId, sessionId: session.id });
  }

  async openForStaff(
    manager: EntityManager,
    staff: { id: string; username: string; roles: StaffRole[] },
    userAgent?: string,
  ): Promise<string> {
    const session = await this.open(manager, 'staff', staff.id, userAgent);
    return this.tokens.sign({ kind: 'staff', staffId: staff.id, sessionId: session.id, roles: staff.roles, username: staff.username });
  }

  /**
   * Opens a new session and lets the old one run out within a short grace period: calls already
   * on their way with the old token (other tabs, requests in flight) still succeed, then it stops.
   */
  async refreshUser(userId: string, sessionId: string, userAgent?: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const graceEnd = new Date(this.clock.now().getTime() + REFRESH_GRACE_SECONDS * 1000);
      const shortened = await manager
        .createQueryBuilder()
        .update(SessionEntity)
        .set({ expiresAt: () => 'LEAST(expires_at, :graceEnd)' })
        .setParameter('graceEnd', graceEnd)
        .where('id = :sessionId AND ended_at IS NULL', { sessionId })
        .execute();
      if ((shortened.affected ?? 0) === 0) throw AppError.tokenInvalid();
      return this.openForUser(manager, userId, userAgent);
    });
  }

  async end(manager: EntityManager, sessionId: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ endedAt: this.clock.now() })
      .where('id = :sessionId AND ended_at IS NULL', { sessionId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Ends every open session of a user, on every device: their tokens stop working at once. */
  async endAllForUser(userId: string): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ endedAt: this.clock.now() })
      .where("subject_id = :userId AND kind = 'user' AND ended_at IS NULL", { userId })
      .execute();
    return result.affected ?? 0;
  }

  endById(sessionId: string): Promise<boolean> {
    return this.end(this.dataSource.manager, sessionId);
  }

  private async open(manager: EntityManager, kind: 'user' | 'staff', subjectId: string, userAgent?: string) {
    const now = this.clock.now();
    return manager.getRepository(SessionEntity).save({
      kind,
      subjectId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.tokens.lifetime * 1000),
      endedAt: null,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
  }
}
