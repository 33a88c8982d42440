import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** How many wrong passwords a (username, source) pair may send, and for how long it is then refused. */
export interface LockoutPolicy {
  maxFailures: number;
  minutes: number;
}

/**
 * Wrong staff passwords per username and source address (identity.staff_sign_in_failures). The
 * username is whatever was typed, known or not, so the table cannot tell which accounts exist.
 */
@Injectable()
export class SignInFailuresRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /** Until when the pair is refused, or null when it is not (an expired lock is no lock). */
  async lockedUntil(username: string, source: string, now: Date): Promise<Date | null> {
    const rows = (await this.dataSource.query(
      `SELECT locked_until FROM identity.staff_sign_in_failures WHERE username = $1 AND source = $2 AND locked_until > $3`,
      [username, source, now],
    )) as { locked_until: Date }[];
    return rows[0]?.locked_until ?? null;
  }

  /**
   * Counts one wrong password in a single statement, so parallel guesses cannot slip past the
   * limit. The count starts again once the last failure is older than the window or a lock has
   * ended; reaching the limit locks the pair for the window. Rows nobody has failed on for a
   * window are swept on the way, so guessed names do not pile up.
   */
  async countFailure(username: string, source: string, now: Date, policy: LockoutPolicy): Promise<void> {
    const restarts = `(f.last_failed_at <= $3::timestamptz - make_interval(mins => $5) OR f.locked_until <= $3::timestamptz)`;
    const next = `CASE WHEN ${restarts} THEN 1 ELSE f.failures + 1 END`;
    await this.dataSource.query(
      `INSERT INTO identity.staff_sign_in_failures AS f (username, source, failures, last_failed_at, locked_until)
       VALUES ($1, $2, 1, $3, CASE WHEN 1 >= $4 THEN $3::timestamptz + make_interval(mins => $5) END)
       ON CONFLICT (username, source) DO UPDATE
          SET failures = ${next},
              last_failed_at = $3,
              locked_until = CASE WHEN ${next} >= $4 THEN $3::timestamptz + make_interval(mins => $5) END`,
      [username, source, now, policy.maxFailures, policy.minutes],
    );
    await this.dataSource.query(
      `DELETE FROM identity.staff_sign_in_failures WHERE last_failed_at <= $1::timestamptz - make_interval(mins => $2)`,
      [now, policy.minutes],
    );
  }

  /** A correct password from the pair starts its count again. */
  async clear(username: string, source: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM identity.staff_sign_in_failures WHERE username = $1 AND source = $2`, [username, source]);
  }
}
