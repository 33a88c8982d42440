import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A contest of the demo plan as the seed left it: null contest when staff deleted it. */
export interface DemoSeedProgress {
  key: string;
  contestId: number | null;
  completed: boolean;
}

/** SQL of the demo seed's own progress (`contests.demo_seed`) and the counts it resumes from. */
@Injectable()
export class DemoSeedRepository {
  constructor(@InjectDataSource('contests') private readonly dataSource: DataSource) {}

  async progress(): Promise<Map<string, DemoSeedProgress>> {
    const rows = (await this.dataSource.query(`SELECT "key", "contest_id" AS "contestId", "completed_at" IS NOT NULL AS "completed" FROM "contests"."demo_seed"`)) as DemoSeedProgress[];
    return new Map(rows.map((row) => [row.key, row]));
  }

  /** Written in the transaction that creates the contest, so a crash never leaves one the seed does not know. */
  async record(manager: EntityManager, key: string, contestId: number): Promise<void> {
    await manager.query(`INSERT INTO "contests"."demo_seed" ("key", "contest_id") VALUES ($1, $2)`, [key, contestId]);
  }

  async adopt(rows: { key: string; contestId: number }[]): Promise<void> {
    for (const row of rows) await this.dataSource.query(`INSERT INTO "contests"."demo_seed" ("key", "contest_id") VALUES ($1, $2) ON CONFLICT ("key") DO NOTHING`, [row.key, row.contestId]);
  }

  async complete(key: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE "contests"."demo_seed" SET "completed_at" = $2 WHERE "key" = $1`, [key, at]);
  }

  /** Every contest by its English title: a demo seeded before its progress was kept is recognised by them. */
  async contestTitles(): Promise<{ id: number; titleEn: string }[]> {
    return (await this.dataSource.query(`SELECT "id", "title_en" AS "titleEn" FROM "contests"."contests" ORDER BY "id"`)) as { id: number; titleEn: string }[];
  }

  /** Entries are written one whole entry per transaction, in the plan's order: their count is where to go on. */
  async entryCount(contestId: number): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS "count" FROM "contests"."entries" WHERE "contest_id" = $1`, [contestId])) as { count: number }[];
    return row!.count;
  }

  async judgeCount(contestId: number): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS "count" FROM "contests"."judges" WHERE "contest_id" = $1`, [contestId])) as { count: number }[];
    return row!.count;
  }

  async entryIds(contestId: number): Promise<number[]> {
    return ((await this.dataSource.query(`SELECT "id" FROM "contests"."entries" WHERE "contest_id" = $1 ORDER BY "id"`, [contestId])) as { id: number }[]).map((row) => row.id);
  }

  async resultsPublished(contestId: number): Promise<boolean> {
    const [row] = (await this.dataSource.query(`SELECT "results_published_at" IS NOT NULL AS "published" FROM "contests"."contests" WHERE "id" = $1`, [contestId])) as { published: boolean }[];
    return row?.published ?? false;
  }
}
