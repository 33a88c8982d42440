import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The contributors payouts has heard of from other services' events (identity: the contributor
 * agreement answered, a real name verified; the catalogue: a material published with an owner).
 * Payouts holds no user accounts of its own; this is what lets it refuse a setting for an id that
 * is nobody's.
 */
@Injectable()
export class ContributorsRepository {
  constructor(@InjectDataSource('payouts') private readonly dataSource: DataSource) {}

  /** Idempotent: an event delivered twice, or a contributor seen from several, keeps one row. */
  async seen(manager: EntityManager, contributorId: string): Promise<void> {
    await manager.query(`INSERT INTO payouts.contributors ("contributor_id") VALUES ($1) ON CONFLICT DO NOTHING`, [contributorId]);
  }

  async exists(contributorId: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource.manager).query(`SELECT 1 FROM payouts.contributors WHERE "contributor_id" = $1`, [contributorId]);
    return rows.length > 0;
  }
}
