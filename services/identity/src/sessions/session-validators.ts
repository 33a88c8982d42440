import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { StaffRole } from '@mkt/contracts';
import {
  AppError,
  Clock,
  type AuthenticatedStaff,
  type AuthenticatedUser,
  type StaffSessionValidator,
  type StaffTokenClaims,
  type UserSessionValidator,
  type UserTokenClaims,
} from '@mkt/platform';
import { AccountReadCache } from './account-read-cache.js';

/** An open session and what its user may do, as kept between writes. */
interface UserSessionRow {
  subjectId: string;
  expiresAt: number;
  disabled: boolean;
  gid: number;
  videoFlag: boolean;
  photoFlag: boolean;
}

interface StaffSessionRow {
  subjectId: string;
  expiresAt: number;
  username: string;
  roles: readonly StaffRole[];
  disabled: boolean;
}

/**
 * A user token is good while its session is open and unexpired; a disabled account gets code 3.
 * The session and account are read fresh after any write to them (AccountReadCache), so agreeing
 * to the photo supplement, a logoff or a disabled account applies to the next call.
 */
@Injectable()
export class IdentityUserSessionValidator implements UserSessionValidator {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly cache: AccountReadCache,
    private readonly clock: Clock,
  ) {}

  async validate(claims: UserTokenClaims): Promise<AuthenticatedUser> {
    const row = await this.cache.read(`user-session:${claims.sessionId}`, () => this.readOpenSession(claims.sessionId));
    if (!row || row.subjectId !== claims.userId || row.expiresAt <= this.clock.now().getTime()) throw AppError.tokenInvalid();
    if (row.disabled) throw AppError.accountDisabled();
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      contributor: { gid: row.gid, videoFlag: row.videoFlag, photoFlag: row.photoFlag },
    };
  }

  private async readOpenSession(sessionId: string): Promise<UserSessionRow | undefined> {
    const rows: { subject_id: string; expires_at: Date; disabled: boolean; gid: number; video_flag: boolean; photo_flag: boolean }[] =
      await this.dataSource.query(
        `SELECT s.subject_id, s.expires_at, u.disabled, u.gid, u.video_flag, u.photo_flag
           FROM identity.sessions s JOIN identity.users u ON u.id = s.subject_id
          WHERE s.id = $1 AND s.kind = 'user' AND s.ended_at IS NULL`,
        [sessionId],
      );
    const row = rows[0];
    if (!row) return undefined;
    return Object.freeze({
      subjectId: row.subject_id,
      expiresAt: row.expires_at.getTime(),
      disabled: row.disabled,
      gid: row.gid,
      videoFlag: row.video_flag,
      photoFlag: row.photo_flag,
    });
  }
}

/** Staff roles are read fresh after any write to them, so a role change applies to the next call. */
@Injectable()
export class IdentityStaffSessionValidator implements StaffSessionValidator {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly cache: AccountReadCache,
    private readonly clock: Clock,
  ) {}

  async validate(claims: StaffTokenClaims): Promise<AuthenticatedStaff> {
    const row = await this.cache.read(`staff-session:${claims.sessionId}`, () => this.readOpenSession(claims.sessionId));
    if (!row || row.subjectId !== claims.staffId || row.expiresAt <= this.clock.now().getTime()) throw AppError.tokenInvalid();
    if (row.disabled) throw AppError.accountDisabled();
    return { staffId: claims.staffId, sessionId: claims.sessionId, username: row.username, roles: [...row.roles] };
  }

  private async readOpenSession(sessionId: string): Promise<StaffSessionRow | undefined> {
    const rows: { subject_id: string; expires_at: Date; username: string; roles: StaffRole[]; disabled: boolean }[] = await this.dataSource.query(
      `SELECT s.subject_id, s.expires_at, st.username, st.roles, st.disabled
         FROM identity.sessions s JOIN identity.staff st ON st.id = s.subject_id
        WHERE s.id = $1 AND s.kind = 'staff' AND s.ended_at IS NULL`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return Object.freeze({
      subjectId: row.subject_id,
      expiresAt: row.expires_at.getTime(),
      username: row.username,
      roles: Object.freeze([...row.roles]),
      disabled: row.disabled,
    });
  }
}
