import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CONTEST_PHASES, type ContestPhases, type ContestSetup, type ContestTrackKind, type PrizeEligibility } from '@mkt/contracts';
import { escapeLike } from '@mkt/platform';

export interface ContestRow {
  id: number;
  titleZh: string;
  titleEn: string;
  rulesZh: string;
  rulesEn: string;
  bannerUrl: string | null;
  maxScore: number;
  pointsPool: number;
  winnerInfoDays: number;
  entriesPerTrack: number;
  resultsPublishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TrackRow {
  id: number;
  contestId: number;
  position: number;
  kind: ContestTrackKind;
  titleZh: string;
  titleEn: string;
  rulesZh: string;
  rulesEn: string;
}

export interface PrizeRow {
  id: number;
  contestId: number;
  trackId: number | null;
  place: number;
  winners: number;
  titleZh: string;
  titleEn: string;
  cashFen: number;
  goodsZh: string;
  goodsEn: string;
  eligibility: PrizeEligibility;
}

/** A contest with everything it is made of. */
export interface ContestAggregate extends ContestRow {
  phases: ContestPhases;
  tracks: TrackRow[];
  prizes: PrizeRow[];
}

const CONTEST_COLUMNS = `c."id", c."title_zh" AS "titleZh", c."title_en" AS "titleEn", c."rules_zh" AS "rulesZh", c."rules_en" AS "rulesEn",
  c."banner_url" AS "bannerUrl", c."max_score" AS "maxScore", c."points_pool" AS "pointsPool", c."winner_info_days" AS "winnerInfoDays", c."entries_per_track" AS "entriesPerTrack",
  c."results_published_at" AS "resultsPublishedAt", c."created_at" AS "createdAt", c."updated_at" AS "updatedAt"`;
const TRACK_COLUMNS = `"id", "contest_id" AS "contestId", "position", "kind", "title_zh" AS "titleZh", "title_en" AS "titleEn", "rules_zh" AS "rulesZh", "rules_en" AS "rulesEn"`;
const PRIZE_COLUMNS = `"id", "contest_id" AS "contestId", "track_id" AS "trackId", "place", "winners", "title_zh" AS "titleZh", "title_en" AS "titleEn",
  "cash_fen"::float8 AS "cashFen", "goods_zh" AS "goodsZh", "goods_en" AS "goodsEn", "eligibility"`;
const SORTS: Record<string, string> = { id: 'c."id"', createdAt: 'c."created_at"', submissionStartsAt: 'p."starts_at"' };

/** SQL of contests and what they are made of: phases, tracks and prizes. */
@Injectable()
export class ContestsRepository {
  constructor(@InjectDataSource('contests') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** Serialises writes to one contest (setup, results), so two at once cannot interleave. */
  async lock(manager: EntityManager, contestId: number): Promise<ContestRow | null> {
    const [row] = (await manager.query(`SELECT ${CONTEST_COLUMNS} FROM "contests"."contests" c WHERE c."id" = $1 FOR UPDATE`, [contestId])) as ContestRow[];
    return row ?? null;
  }

  async find(id: number, manager?: EntityManager): Promise<ContestAggregate | null> {
    const [row] = (await this.m(manager).query(`SELECT ${CONTEST_COLUMNS} FROM "contests"."contests" c WHERE c."id" = $1`, [id])) as ContestRow[];
    if (!row) return null;
    const [aggregate] = await this.complete([row], manager);
    return aggregate ?? null;
  }

  /** Contests newest first, or by submission deadline soonest first, with the total. */
  async page(orderBy: 'newest' | 'deadline', skip: number, take: number): Promise<{ rows: ContestAggregate[]; total: number }> {
    const order = orderBy === 'deadline' ? `p."ends_at" ASC, c."id" DESC` : `c."id" DESC`;
    const rows = (await this.dataSource.query(
      `SELECT ${CONTEST_COLUMNS} FROM "contests"."contests" c
         JOIN "contests"."phases" p ON p."contest_id" = c."id" AND p."phase" = 'submission'
        ORDER BY ${order} OFFSET $1 LIMIT $2`,
      [skip, take],
    )) as ContestRow[];
    // Counted over the same rows the page lists (a contest is listed by its submission phase).
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "contests"."contests" c
         JOIN "contests"."phases" p ON p."contest_id" = c."id" AND p."phase" = 'submission'`,
    )) as [{ total: number }];
    return { rows: await this.complete(rows), total };
  }

  /** Contests taking entries at `now` (the header's count). */
  async collectingCount(now: Date): Promise<number> {
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "count" FROM "contests"."phases" WHERE "phase" = 'submission' AND "starts_at" <= $1 AND "ends_at" > $1`,
      [now],
    )) as [{ count: number }];
    return count;
  }

  async adminList(filter: { q?: string; id?: number[] }, sortField: string, sortOrder: 'ASC' | 'DESC', skip: number, take: number): Promise<{ rows: ContestAggregate[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.q) {
      params.push(`%${escapeLike(filter.q)}%`);
      where.push(`(c."title_zh" ILIKE $${params.length} OR c."title_en" ILIKE $${params.length})`);
    }
    if (filter.id) {
      params.push(filter.id);
      where.push(`c."id" = ANY($${params.length}::int[])`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS "total" FROM "contests"."contests" c ${clause}`, params)) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT ${CONTEST_COLUMNS} FROM "contests"."contests" c
         JOIN "contests"."phases" p ON p."contest_id" = c."id" AND p."phase" = 'submission'
        ${clause} ORDER BY ${SORTS[sortField] ?? 'c."id"'} ${sortOrder}, c."id" ${sortOrder} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, skip, take],
    )) as ContestRow[];
    return { rows: await this.complete(rows), total };
  }

  async insert(manager: EntityManager, setup: ContestSetup, now: Date): Promise<number> {
    const [{ id }] = (await manager.query(
      `INSERT INTO "contests"."contests" ("title_zh", "title_en", "rules_zh", "rules_en", "banner_url", "max_score", "points_pool", "winner_info_days", "entries_per_track", "created_at", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10, $9, $9) RETURNING "id"`,
      [setup.titleZh, setup.titleEn, setup.rulesZh, setup.rulesEn, setup.bannerUrl, setup.maxScore, setup.pointsPool, setup.winnerInfoDays, now, setup.entriesPerTrack],
    )) as [{ id: number }];
    return id;
  }

  async updateContest(manager: EntityManager, id: number, setup: ContestSetup, now: Date): Promise<void> {
    await manager.query(
      `UPDATE "contests"."contests" SET "title_zh" = $2, "title_en" = $3, "rules_zh" = $4, "rules_en" = $5, "banner_url" = $6, "max_score" = $7,
         "points_pool" = $8, "winner_info_days" = $9, "entries_per_track" = $11, "updated_at" = $10 WHERE "id" = $1`,
      [id, setup.titleZh, setup.titleEn, setup.rulesZh, setup.rulesEn, setup.bannerUrl, setup.maxScore, setup.pointsPool, setup.winnerInfoDays, now, setup.entriesPerTrack],
    );
  }

  async replacePhases(manager: EntityManager, contestId: number, phases: ContestPhases): Promise<void> {
    await manager.query(`DELETE FROM "contests"."phases" WHERE "contest_id" = $1`, [contestId]);
    for (const phase of CONTEST_PHASES) {
      await manager.query(`INSERT INTO "contests"."phases" ("contest_id", "phase", "starts_at", "ends_at") VALUES ($1, $2, $3, $4)`, [contestId, phase, phases[phase].startsAt, phases[phase].endsAt]);
    }
  }

  async insertTrack(manager: EntityManager, contestId: number, position: number, track: ContestSetup['tracks'][number]): Promise<number> {
    const [{ id }] = (await manager.query(
      `INSERT INTO "contests"."tracks" ("contest_id", "position", "kind", "title_zh", "title_en", "rules_zh", "rules_en") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING "id"`,
      [contestId, position, track.kind, track.titleZh, track.titleEn, track.rulesZh, track.rulesEn],
    )) as [{ id: number }];
    return id;
  }

  async updateTrack(manager: EntityManager, trackId: number, position: number, track: ContestSetup['tracks'][number]): Promise<void> {
    await manager.query(
      `UPDATE "contests"."tracks" SET "position" = $2, "kind" = $3, "title_zh" = $4, "title_en" = $5, "rules_zh" = $6, "rules_en" = $7 WHERE "id" = $1`,
      [trackId, position, track.kind, track.titleZh, track.titleEn, track.rulesZh, track.rulesEn],
    );
  }

  async deleteTracks(manager: EntityManager, trackIds: number[]): Promise<void> {
    if (trackIds.length) await manager.query(`DELETE FROM "contests"."tracks" WHERE "id" = ANY($1::int[])`, [trackIds]);
  }

  /** Tracks (of these) that hold an entry or an uploaded file: they keep their kind and cannot go. */
  async tracksInUse(manager: EntityManager, trackIds: number[]): Promise<Set<number>> {
    if (!trackIds.length) return new Set();
    const rows = (await manager.query(
      `SELECT DISTINCT "track_id" AS "trackId" FROM "contests"."entries" WHERE "track_id" = ANY($1::int[])
       UNION SELECT DISTINCT "track_id" FROM "contests"."files" WHERE "track_id" = ANY($1::int[])`,
      [trackIds],
    )) as { trackId: number }[];
    return new Set(rows.map((row) => row.trackId));
  }

  async replacePrizes(manager: EntityManager, contestId: number, prizes: Omit<PrizeRow, 'id' | 'contestId'>[]): Promise<void> {
    await manager.query(`DELETE FROM "contests"."prizes" WHERE "contest_id" = $1`, [contestId]);
    for (const prize of prizes) {
      await manager.query(
        `INSERT INTO "contests"."prizes" ("contest_id", "track_id", "place", "winners", "title_zh", "title_en", "cash_fen", "goods_zh", "goods_en", "eligibility")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [contestId, prize.trackId, prize.place, prize.winners, prize.titleZh, prize.titleEn, prize.cashFen, prize.goodsZh, prize.goodsEn, prize.eligibility],
      );
    }
  }

  async markResultsPublished(manager: EntityManager, contestId: number, at: Date): Promise<void> {
    await manager.query(`UPDATE "contests"."contests" SET "results_published_at" = $2, "updated_at" = $2 WHERE "id" = $1`, [contestId, at]);
  }

  async track(trackId: number, manager?: EntityManager): Promise<TrackRow | null> {
    const [row] = (await this.m(manager).query(`SELECT ${TRACK_COLUMNS} FROM "contests"."tracks" WHERE "id" = $1`, [trackId])) as TrackRow[];
    return row ?? null;
  }

  private async complete(rows: ContestRow[], manager?: EntityManager): Promise<ContestAggregate[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const m = this.m(manager);
    // One after another: inside a transaction they share one connection, which runs one query at a time.
    const phases = (await m.query(`SELECT "contest_id" AS "contestId", "phase", "starts_at" AS "startsAt", "ends_at" AS "endsAt" FROM "contests"."phases" WHERE "contest_id" = ANY($1::int[])`, [ids])) as {
      contestId: number;
      phase: keyof ContestPhases;
      startsAt: Date;
      endsAt: Date;
    }[];
    const tracks = (await m.query(`SELECT ${TRACK_COLUMNS} FROM "contests"."tracks" WHERE "contest_id" = ANY($1::int[]) ORDER BY "position", "id"`, [ids])) as TrackRow[];
    const prizes = (await m.query(`SELECT ${PRIZE_COLUMNS} FROM "contests"."prizes" WHERE "contest_id" = ANY($1::int[]) ORDER BY "place", "track_id" NULLS FIRST, "id"`, [ids])) as PrizeRow[];
    return rows.map((row) => {
      const own = phases.filter((phase) => phase.contestId === row.id);
      const windows = Object.fromEntries(own.map((phase) => [phase.phase, { startsAt: new Date(phase.startsAt).toISOString(), endsAt: new Date(phase.endsAt).toISOString() }])) as ContestPhases;
      return { ...row, phases: windows, tracks: tracks.filter((track) => track.contestId === row.id), prizes: prizes.filter((prize) => prize.contestId === row.id) };
    });
  }
}
