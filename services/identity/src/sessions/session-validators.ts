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

/** A user token is good while its session is open and unexpired; a disabled account gets code 3. */
@Injectable()
export class IdentityUserSessionValidator implements UserSessionValidator {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async validate(claims: UserTokenClaims): Promise<AuthenticatedUser> {
    const rows: { disabled: boolean; gid: number; video_flag: boolean; photo_flag: boolean }[] = await this.dataSource.query(
      `SELECT u.disabled, u.gid, u.video_flag, u.photo_flag FROM identity.sessions s JOIN identity.users u ON u.id = s.subject_id
        WHERE s.id = $1 AND s.kind = 'user' AND s.subject_id = $2 AND s.ended_at IS NULL AND s.expires_at > $3`,
      [claims.sessionId, claims.userId, this.clock.now()],
    );
    const row = rows[0];
    if (!row) throw AppError.tokenInvalid();
    if (row.disabled) throw AppError.accountDisabled();
    // Read on every call (like staff roles), so agreeing to the photo supplement applies at once.
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      contributor: { gid: row.gid, videoFlag: row.video_flag, photoFlag: row.photo_flag },
    };
  }
}

/** Staff roles are read from the database on every call, so a role change applies at once. */
@Injectable()
export class IdentityStaffSessionValidator implements StaffSessionValidator {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async validate(claims: StaffTokenClaims): Promise<AuthenticatedStaff> {
    const rows: { username: string; roles: StaffRole[]; disabled: boolean }[] = await this.dataSource.query(
      `SELECT st.username, st.roles, st.disabled FROM identity.sessions s JOIN identity.staff st ON st.id = s.subject_id
        WHERE s.id = $1 AND s.kind = 'staff' AND s.subject_id = $2 AND s.ended_at IS NULL AND s.expires_at > $3`,
      [claims.sessionId, claims.staffId, this.clock.now()],
    );
    const row = rows[0];
    if (!row) throw AppError.tokenInvalid();
    if (row.disabled) throw AppError.accountDisabled();
    return { staffId: claims.staffId, sessionId: claims.sessionId, username: row.username, roles: row.roles };
  }
}
