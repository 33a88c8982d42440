import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ScoredEntry, Standing, Award } from './ranking.js';

export interface AwardRow {
  entryId: number;
  /** The entry claimed the owner or student award: its winner sends proof. */
  proofNeeded: boolean;
  proofKey: string | null;
  proofUploadId: string | null;
  proofFileName: string | null;
  proofGivenAt: Date | null;
  infoRealName: string | null;
  infoPhone: string | null;
  infoAddress: string | null;
  contestId: number;
  userId: string;
  prizeId: number;
  place: number;
  cashFen: number;
  infoDueAt: Date;
  infoGivenAt: Date | null;
}

const AWARD_COLUMNS = `a."entry_id" AS "entryId", a."contest_id" AS "contestId", a."user_id" AS "userId", a."prize_id" AS "prizeId", a."place",
  a."cash_fen"::float8 AS "cashFen", a."info_due_at" AS "infoDueAt", a."info_given_at" AS "infoGivenAt", a."info_real_name" AS "infoRealName",
  a."info_phone" AS "infoPhone", a."info_address" AS "infoAddress", a."proof_key" AS "proofKey", a."proof_upload_id" AS "proofUploadId",
  a."proof_file_name" AS "proofFileName", a."proof_given_at" AS "proofGivenAt",
  (SELECT e."owner_flag" OR e."student_flag" FROM "contests"."entries" e WHERE e."id" = a."entry_id") AS "proofNeeded"`;

/** SQL of what results are computed from (entries and scores) and what publishing keeps (standings, awards, points). */
@Injectable()
export class ResultsRepository {
  constructor(@InjectDataSource('contests') private readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** Every entry review has not rejected, with the non-zero scores its judges gave. */
  async scoredEntries(contestId: number, manager?: EntityManager): Promise<(ScoredEntry & { title: string })[]> {
    return (await this.m(manager).query(
      `SELECT e."id" AS "entryId", e."track_id" AS "trackId", e."user_id" AS "userId", e."owner_flag" AS "ownerFlag", e."student_flag" AS "studentFlag", e."title",
              coalesce(array_agg(s."score" ORDER BY s."judge_id") FILTER (WHERE s."score" IS NOT NULL), '{}') AS "scores"
         FROM "contests"."entries" e LEFT JOIN "contests"."scores" s ON s."entry_id" = e."id"
        WHERE e."contest_id" = $1 AND e."status" <> 'rejected'
        GROUP BY e."id" ORDER BY e."id"`,
      [contestId],
    )) as (ScoredEntry & { title: string })[];
  }

  /** Participants with an entry review did not reject, in the order of their first entry. */
  async participants(manager: EntityManager, contestId: number): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT "user_id" AS "userId" FROM "contests"."entries" WHERE "contest_id" = $1 AND "status" <> 'rejected' GROUP BY "user_id" ORDER BY min("submitted_at"), min("id")`,
      [contestId],
    )) as { userId: string }[];
    return rows.map((row) => row.userId);
  }

  async saveResults(manager: EntityManager, contestId: number, standings: Standing[], awards: Award[], points: Map<string, number>, infoDueAt: Date, at: Date): Promise<void> {
    if (standings.length) {
      await manager.query(
        `INSERT INTO "contests"."standings" ("entry_id", "contest_id", "track_id", "average_score", "score_count", "rank")
         SELECT s."entryId", $1, s."trackId", s."averageScore", s."scoreCount", s."rank" FROM jsonb_to_recordset($2::jsonb) AS s("entryId" int, "trackId" int, "averageScore" numeric, "scoreCount" int, "rank" int)`,
        [contestId, JSON.stringify(standings)],
      );
    }
    if (awards.length) {
      await manager.query(
        `INSERT INTO "contests"."awards" ("entry_id", "contest_id", "user_id", "prize_id", "place", "cash_fen", "info_due_at")
         SELECT a."entryId", $1, a."userId", a."prizeId", a."place", a."cashFen", $3 FROM jsonb_to_recordset($2::jsonb) AS a("entryId" int, "userId" uuid, "prizeId" int, "place" int, "cashFen" bigint)`,
        [contestId, JSON.stringify(awards), infoDueAt],
      );
    }
    if (points.size) {
      await manager.query(
        `INSERT INTO "contests"."points" ("contest_id", "user_id", "points", "awarded_at")
         SELECT $1, p."userId", p."points", $3 FROM jsonb_to_recordset($2::jsonb) AS p("userId" uuid, "points" int)`,
        [contestId, JSON.stringify([...points].map(([userId, value]) => ({ userId, points: value }))), at],
      );
    }
  }

  /** The published winners with their standing: best place first, a contest-wide prize before the tracks' of its place. */
  async winners(contestId: number) {
    return (await this.dataSource.query(
      `SELECT a."entry_id" AS "entryId", e."track_id" AS "trackId", s."rank", a."place", a."prize_id" AS "prizeId", e."title", e."signature", e."kind", s."average_score"::float8 AS "averageScore"
         FROM "contests"."awards" a JOIN "contests"."entries" e ON e."id" = a."entry_id" JOIN "contests"."standings" s ON s."entry_id" = a."entry_id"
         JOIN "contests"."prizes" p ON p."id" = a."prize_id"
        WHERE a."contest_id" = $1 ORDER BY a."place", p."track_id" IS NOT NULL, s."average_score" DESC, a."entry_id"`,
      [contestId],
    )) as { entryId: number; trackId: number; rank: number; place: number; prizeId: number; title: string; signature: string; kind: 'video' | 'photo'; averageScore: number }[];
  }

  async awardsOf(userId: string): Promise<AwardRow[]> {
    return (await this.dataSource.query(`SELECT ${AWARD_COLUMNS} FROM "contests"."awards" a WHERE a."user_id" = $1 ORDER BY a."entry_id" DESC`, [userId])) as AwardRow[];
  }

  async award(manager: EntityManager, entryId: number, userId: string): Promise<AwardRow | null> {
    const [row] = (await manager.query(`SELECT ${AWARD_COLUMNS} FROM "contests"."awards" a WHERE a."entry_id" = $1 AND a."user_id" = $2 FOR UPDATE`, [entryId, userId])) as AwardRow[];
    return row ?? null;
  }

  async awardOfEntry(entryId: number): Promise<AwardRow | null> {
    const [row] = (await this.dataSource.query(`SELECT ${AWARD_COLUMNS} FROM "contests"."awards" a WHERE a."entry_id" = $1`, [entryId])) as AwardRow[];
    return row ?? null;
  }

  async startProof(manager: EntityManager, entryId: number, upload: { key: string; uploadId: string; fileName: string }): Promise<void> {
    await manager.query(`UPDATE "contests"."awards" SET "proof_key" = $2, "proof_upload_id" = $3, "proof_file_name" = $4, "proof_given_at" = NULL WHERE "entry_id" = $1`, [
      entryId,
      upload.key,
      upload.uploadId,
      upload.fileName,
    ]);
  }

  /** The proof was checked and kept (at), or refused and forgotten (null). */
  async endProof(manager: EntityManager, entryId: number, at: Date | null): Promise<void> {
    await manager.query(
      at ? `UPDATE "contests"."awards" SET "proof_upload_id" = NULL, "proof_given_at" = $2 WHERE "entry_id" = $1` : `UPDATE "contests"."awards" SET "proof_upload_id" = NULL, "proof_key" = NULL, "proof_file_name" = NULL WHERE "entry_id" = $1`,
      at ? [entryId, at] : [entryId],
    );
  }

  async saveWinnerInfo(manager: EntityManager, entryId: number, info: { realName: string; phone: string; address: string }, at: Date): Promise<void> {
    await manager.query(`UPDATE "contests"."awards" SET "info_real_name" = $2, "info_phone" = $3, "info_address" = $4, "info_given_at" = $5 WHERE "entry_id" = $1`, [
      entryId,
      info.realName,
      info.phone,
      info.address,
      at,
    ]);
  }

  async pointsOf(userId: string) {
    return (await this.dataSource.query(
      `SELECT p."contest_id" AS "contestId", c."title_zh" AS "titleZh", c."title_en" AS "titleEn", p."points", p."awarded_at" AS "awardedAt"
         FROM "contests"."points" p JOIN "contests"."contests" c ON c."id" = p."contest_id" WHERE p."user_id" = $1 ORDER BY p."awarded_at" DESC`,
      [userId],
    )) as { contestId: number; titleZh: string; titleEn: string; points: number; awardedAt: Date }[];
  }
}
