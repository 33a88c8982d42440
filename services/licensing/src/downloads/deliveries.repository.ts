import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface PreparedDelivery {
  sourceKey: string;
  profile: string;
  status: 'ready' | 'failed';
  deliveryKey: string | null;
  width: number | null;
  height: number | null;
  reason: string | null;
  preparedAt: Date;
}

/** SQL of reduced files (licensing.deliveries), one row per source file and profile. */
@Injectable()
export class DeliveriesRepository {
  constructor(@InjectDataSource('licensing') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Whether this call recorded the need: only the first right to a source file asks for it. */
  async insertPendingIfAbsent(manager: EntityManager, sourceKey: string, requestedAt: Date): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO licensing.deliveries ("source_key", "profile", "status", "requested_at") VALUES ($1, 'personal', 'pending', $2)
       ON CONFLICT ("source_key", "profile") DO NOTHING RETURNING 1`,
      [sourceKey, requestedAt],
    );
    return inserted.length > 0;
  }

  /** Back to pending a failed file last asked for more than `afterMinutes` ago; the driver's answer as is. */
  /** True when a failed copy was put back to pending (its pause over); the driver answers an UPDATE with [rows, count]. */
  async reopenFailed(manager: EntityManager, sourceKey: string, now: Date, afterMinutes: number): Promise<boolean> {
    const [, reopened]: [unknown[], number] = await manager.query(
      `UPDATE licensing.deliveries SET "status" = 'pending', "reason" = NULL, "requested_at" = $2
          WHERE "source_key" = $1 AND "profile" = 'personal' AND "status" = 'failed' AND "requested_at" < $2::timestamptz - make_interval(mins => $3)`,
      [sourceKey, now, afterMinutes],
    );
    return reopened > 0;
  }

  async markPrepared(manager: EntityManager, delivery: PreparedDelivery): Promise<void> {
    await manager.query(
      `UPDATE licensing.deliveries SET "status" = $3, "delivery_key" = $4, "width" = $5, "height" = $6, "reason" = $7, "prepared_at" = $8
        WHERE "source_key" = $1 AND "profile" = $2`,
      [delivery.sourceKey, delivery.profile, delivery.status, delivery.deliveryKey, delivery.width, delivery.height, delivery.reason, delivery.preparedAt],
    );
  }
}
