import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ContestEntryScored, type ContestPhases, type ContestTrackKind } from '@mkt/contracts';
import { OutboxWriter } from '@mkt/platform';
import type { EntryRow } from '../entries/entries.repository.js';
import type { PendingScore } from './score-batcher.js';

export interface JudgeRow {
  id: string;
  contestId: number;
  name: string;
  keyHint: string;
  revokedAt: Date | null;
  createdAt: Date;
  trackIds: number[];
}

const JUDGE_COLUMNS = `j."id", j."contest_id" AS "contestId", j."name", j."key_hint" AS "keyHint", j."revoked_at" AS "revokedAt", j."created_at" AS "createdAt",
  coalesce((SELECT array_agg(jt."track_id" ORDER BY jt."track_id") FROM "contests"."judge_tracks" jt WHERE jt."judge_id" = j."id"), '{}') AS "trackIds"`;

/** A key's judge with what scoring needs of their contest, read in one statement (the hot path of judging). */
export interface ScoringContext extends JudgeRow {
  maxScore: number;
  resultsPublishedAt: Date | null;
  phases: ContestPhases;
}

/** SQL of judges, the tracks their keys open, and their scores. */
@Injectable()
export class JudgingRepository {
  constructor(
    @InjectDataSource('contests') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async byKeyHash(keyHash: string): Promise<JudgeRow | null> {
    const [row] = (await this.dataSource.query(`SELECT ${JUDGE_COLUMNS} FROM "contests"."judges" j WHERE j."key_hash" = $1 AND j."revoked_at" IS NULL`, [keyHash])) as JudgeRow[];
    return row ?? null;
  }

  async scoringContext(keyHash: string): Promise<ScoringContext | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${JUDGE_COLUMNS}, c."max_score" AS "maxScore", c."results_published_at" AS "resultsPublishedAt",
              (SELECT json_object_agg(p."phase", json_build_object('startsAt', p."starts_at", 'endsAt', p."ends_at")) FROM "contests"."phases" p WHERE p."contest_id" = j."contest_id") AS "phases"
         FROM "contests"."judges" j JOIN "contests"."contests" c ON c."id" = j."contest_id"
        WHERE j."key_hash" = $1 AND j."revoked_at" IS NULL`,
      [keyHash],
    )) as ScoringContext[];
    return row ?? null;
  }

  /** Whose a key is, revoked or not: facts that never change once the key is made. */
  async keyOwner(keyHash: string): Promise<{ judgeId: string; contestId: number } | null> {
    const [row] = (await this.dataSource.query(`SELECT "id" AS "judgeId", "contest_id" AS "contestId" FROM "contests"."judges" WHERE "key_hash" = $1`, [keyHash])) as {
      judgeId: string;
      contestId: number;
    }[];
    return row ?? null;
  }

  /**
   * Gives (or with 0 takes back) scores with their `contest.entry.scored` events, in one statement
   * that checks for each what may have changed since its key was looked up: the key is not
   * revoked, the review window is open at the score's time and results are not published, the
   * score is within the contest's maximum, and the entry is one of the judge's tracks that review
   * has not rejected. Returns the indexes of the scores accepted; the others write nothing. No two
   * scores may share a judge and an entry.
   */
  async scoreMany(scores: readonly PendingScore[]): Promise<Set<number>> {
    const statement = `"input" AS (
        SELECT (i."ordinality" - 1)::int AS "event", i."judge_id", i."entry_id", i."score", i."scored_at"
          FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[]) WITH ORDINALITY AS i("judge_id", "entry_id", "score", "scored_at", "ordinality")),
      "accepted" AS (
        SELECT i.* FROM "input" i
          JOIN "contests"."entries" e ON e."id" = i."entry_id" AND e."status" <> 'rejected'
          JOIN "contests"."judges" j ON j."id" = i."judge_id" AND j."revoked_at" IS NULL AND j."contest_id" = e."contest_id"
          JOIN "contests"."contests" c ON c."id" = e."contest_id" AND c."results_published_at" IS NULL AND i."score" <= c."max_score"
          JOIN "contests"."phases" p ON p."contest_id" = c."id" AND p."phase" = 'review' AND p."starts_at" <= i."scored_at" AND i."scored_at" < p."ends_at"
         WHERE EXISTS (SELECT 1 FROM "contests"."judge_tracks" jt WHERE jt."judge_id" = j."id" AND jt."track_id" = e."track_id")),
      "written" AS (
        INSERT INTO "contests"."scores" ("judge_id", "entry_id", "score", "scored_at") SELECT "judge_id", "entry_id", "score", "scored_at" FROM "accepted" WHERE "score" > 0
        ON CONFLICT ("judge_id", "entry_id") DO UPDATE SET "score" = EXCLUDED."score", "scored_at" = EXCLUDED."scored_at"),
      "removed" AS (
        DELETE FROM "contests"."scores" s USING "accepted" a WHERE a."score" = 0 AND s."judge_id" = a."judge_id" AND s."entry_id" = a."entry_id")`;
    return this.outbox.addInStatement(
      this.dataSource,
      {
        with: statement,
        accepted: 'accepted',
        params: [scores.map((s) => s.judgeId), scores.map((s) => s.entryId), scores.map((s) => s.score), scores.map((s) => s.scoredAt)],
      },
      scores.map((s) => ({
        definition: ContestEntryScored,
        aggregateId: String(s.entryId),
        payload: { entryId: s.entryId, contestId: s.contestId, judgeId: s.judgeId, score: s.score, scoredAt: s.scoredAt.toISOString() },
      })),
    );
  }

  async judge(id: string, manager?: EntityManager): Promise<JudgeRow | null> {
    const [row] = (await (manager ?? this.dataSource.manager).query(`SELECT ${JUDGE_COLUMNS} FROM "contests"."judges" j WHERE j."id" = $1`, [id])) as JudgeRow[];
    return row ?? null;
  }

  async list(filter: { contestId?: number; id?: string[] }, skip: number, take: number, order: 'ASC' | 'DESC'): Promise<{ rows: JudgeRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.contestId !== undefined) {
      params.push(filter.contestId);
      where.push(`j."contest_id" = $${params.length}`);
    }
    if (filter.id) {
      params.push(filter.id);
      where.push(`j."id" = ANY($${params.length}::uuid[])`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS "total" FROM "contests"."judges" j ${clause}`, params)) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT ${JUDGE_COLUMNS} FROM "contests"."judges" j ${clause} ORDER BY j."created_at" ${order}, j."id" OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, skip, take],
    )) as JudgeRow[];
    return { rows, total };
  }

  async insert(manager: EntityManager, judge: { id: string; contestId: number; name: string; keyHash: string; keyHint: string; createdAt: Date }): Promise<void> {
    await manager.query(`INSERT INTO "contests"."judges" ("id", "contest_id", "name", "key_hash", "key_hint", "created_at") VALUES ($1, $2, $3, $4, $5, $6)`, [
      judge.id,
      judge.contestId,
      judge.name,
      judge.keyHash,
      judge.keyHint,
      judge.createdAt,
    ]);
  }

  async rename(manager: EntityManager, id: string, name: string): Promise<void> {
    await manager.query(`UPDATE "contests"."judges" SET "name" = $2 WHERE "id" = $1`, [id, name]);
  }

  async replaceTracks(manager: EntityManager, judgeId: string, trackIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM "contests"."judge_tracks" WHERE "judge_id" = $1`, [judgeId]);
    await manager.query(`INSERT INTO "contests"."judge_tracks" ("judge_id", "track_id") SELECT $1, unnest($2::int[])`, [judgeId, trackIds]);
  }

  async revoke(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.query(`UPDATE "contests"."judges" SET "revoked_at" = $2 WHERE "id" = $1 AND "revoked_at" IS NULL`, [id, at]);
  }

  /** A page of the works a judge may score: entries of their tracks of one kind that review has not rejected. */
  async works(judge: JudgeRow, kind: ContestTrackKind, skip: number, take: number): Promise<{ rows: (EntryRow & { myScore: number })[]; total: number }> {
    const params = [judge.trackIds, kind];
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "contests"."entries" e WHERE e."track_id" = ANY($1::int[]) AND e."kind" = $2 AND e."status" <> 'rejected'`,
      params,
    )) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT e."id", e."contest_id" AS "contestId", e."track_id" AS "trackId", e."kind", e."title", e."intro", e."status", coalesce(s."score", 0) AS "myScore"
         FROM "contests"."entries" e LEFT JOIN "contests"."scores" s ON s."entry_id" = e."id" AND s."judge_id" = $3
        WHERE e."track_id" = ANY($1::int[]) AND e."kind" = $2 AND e."status" <> 'rejected'
        ORDER BY e."id" OFFSET $4 LIMIT $5`,
      [...params, judge.id, skip, take],
    )) as (EntryRow & { myScore: number })[];
    return { rows, total };
  }

  async setScore(manager: EntityManager, judgeId: string, entryId: number, score: number, at: Date): Promise<void> {
    if (score === 0) {
      await manager.query(`DELETE FROM "contests"."scores" WHERE "judge_id" = $1 AND "entry_id" = $2`, [judgeId, entryId]);
      return;
    }
    await manager.query(
      `INSERT INTO "contests"."scores" ("judge_id", "entry_id", "score", "scored_at") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("judge_id", "entry_id") DO UPDATE SET "score" = EXCLUDED."score", "scored_at" = EXCLUDED."scored_at"`,
      [judgeId, entryId, score, at],
    );
  }
}
