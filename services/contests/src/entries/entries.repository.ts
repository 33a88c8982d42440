import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ContestFileRole, ContestTrackKind, EntryStatus } from '@mkt/contracts';
import { escapeLike } from '@mkt/platform';

export interface FileRow {
  id: string;
  userId: string;
  contestId: number;
  trackId: number;
  role: ContestFileRole;
  fileName: string;
  objectKey: string;
  uploadId: string | null;
  declaredSize: number;
  status: 'uploading' | 'ready';
  size: number | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  phashes: string[] | null;
  entryId: number | null;
  position: number | null;
  createdAt: Date;
}

export interface EntryRow {
  id: number;
  contestId: number;
  trackId: number;
  userId: string;
  kind: ContestTrackKind;
  title: string;
  signature: string;
  location: string;
  intro: string;
  equipment: string;
  age: number;
  gender: string;
  ownerFlag: boolean;
  studentFlag: boolean;
  status: EntryStatus;
  rejectReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  submittedAt: Date;
}

export type NewEntry = Omit<EntryRow, 'id' | 'status' | 'rejectReason' | 'reviewedBy' | 'reviewedAt'>;

const FILE_COLUMNS = `"id", "user_id" AS "userId", "contest_id" AS "contestId", "track_id" AS "trackId", "role", "file_name" AS "fileName", "object_key" AS "objectKey",
  "upload_id" AS "uploadId", "declared_size"::float8 AS "declaredSize", "status", "size"::float8 AS "size", "width", "height", "duration_ms" AS "durationMs",
  "phashes", "entry_id" AS "entryId", "position", "created_at" AS "createdAt"`;
const ENTRY_COLUMNS = `e."id", e."contest_id" AS "contestId", e."track_id" AS "trackId", e."user_id" AS "userId", e."kind", e."title", e."signature", e."location",
  e."intro", e."equipment", e."age", e."gender", e."owner_flag" AS "ownerFlag", e."student_flag" AS "studentFlag", e."status", e."reject_reason" AS "rejectReason",
  e."reviewed_by" AS "reviewedBy", e."reviewed_at" AS "reviewedAt", e."submitted_at" AS "submittedAt"`;
const ENTRY_SORTS: Record<string, string> = { id: 'e."id"', submittedAt: 'e."submitted_at"', status: 'e."status"', trackId: 'e."track_id"' };

export interface EntryFilter {
  contestId?: number;
  trackId?: number;
  status?: EntryStatus;
  q?: string;
  id?: number[];
}

/** SQL of uploaded contest files and the entries they belong to. */
@Injectable()
export class EntriesRepository {
  constructor(@InjectDataSource('contests') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** Serialises one participant's entries in one contest, so the per-track limit holds under concurrent submits. */
  async lockParticipant(manager: EntityManager, contestId: number, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('contests.entries'), hashtext($1))`, [`${contestId}:${userId}`]);
  }

  async insertFile(file: Pick<FileRow, 'id' | 'userId' | 'contestId' | 'trackId' | 'role' | 'fileName' | 'objectKey' | 'uploadId' | 'declaredSize' | 'createdAt'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "contests"."files" ("id", "user_id", "contest_id", "track_id", "role", "file_name", "object_key", "upload_id", "declared_size", "status", "created_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'uploading', $10)`,
      [file.id, file.userId, file.contestId, file.trackId, file.role, file.fileName, file.objectKey, file.uploadId, file.declaredSize, file.createdAt],
    );
  }

  /** The caller's own file; another user's id reads as no file. */
  async ownFile(userId: string, fileId: string): Promise<FileRow | null> {
    const [row] = (await this.dataSource.query(`SELECT ${FILE_COLUMNS} FROM "contests"."files" WHERE "id" = $1 AND "user_id" = $2`, [fileId, userId])) as FileRow[];
    return row ?? null;
  }

  async markFileReady(fileId: string, facts: { size: number; width: number | null; height: number | null; durationMs: number | null; phashes: string[] }): Promise<void> {
    await this.dataSource.query(
      `UPDATE "contests"."files" SET "status" = 'ready', "upload_id" = NULL, "size" = $2, "width" = $3, "height" = $4, "duration_ms" = $5, "phashes" = $6 WHERE "id" = $1`,
      [fileId, facts.size, facts.width, facts.height, facts.durationMs, facts.phashes],
    );
  }

  async deleteFile(fileId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "contests"."files" WHERE "id" = $1 AND "entry_id" IS NULL`, [fileId]);
  }

  /**
   * Removes, a batch at a time, files no entry holds: uploads still open since `uploadingBefore`
   * and checked files left since `readyBefore`. Rows another transaction holds (an entry being
   * submitted with them) are skipped. Returns what storage still has of them.
   */
  async takeAbandonedFiles(uploadingBefore: Date, readyBefore: Date, limit: number): Promise<Pick<FileRow, 'id' | 'objectKey' | 'uploadId'>[]> {
    return (await this.dataSource.query(
      // Wrapped in a SELECT: TypeORM answers a bare DELETE with [rows, count].
      `WITH "gone" AS (
         DELETE FROM "contests"."files" WHERE "id" IN (
           SELECT "id" FROM "contests"."files"
            WHERE "entry_id" IS NULL AND (("status" = 'uploading' AND "created_at" < $1) OR ("status" = 'ready' AND "created_at" < $2))
            ORDER BY "created_at" LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING "id", "object_key", "upload_id")
       SELECT "id", "object_key" AS "objectKey", "upload_id" AS "uploadId" FROM "gone"`,
      [uploadingBefore, readyBefore, limit],
    )) as Pick<FileRow, 'id' | 'objectKey' | 'uploadId'>[];
  }

  /** The caller's checked files among `ids` that no entry holds yet, locked for the entry about to hold them. */
  async freeReadyFiles(manager: EntityManager, userId: string, ids: string[]): Promise<FileRow[]> {
    if (!ids.length) return [];
    return (await manager.query(
      `SELECT ${FILE_COLUMNS} FROM "contests"."files" WHERE "id" = ANY($1::uuid[]) AND "user_id" = $2 AND "status" = 'ready' AND "entry_id" IS NULL FOR UPDATE`,
      [ids, userId],
    )) as FileRow[];
  }

  async entryCount(manager: EntityManager, userId: string, trackId: number): Promise<number> {
    const [{ count }] = (await manager.query(`SELECT count(*)::int AS "count" FROM "contests"."entries" WHERE "user_id" = $1 AND "track_id" = $2`, [userId, trackId])) as [{ count: number }];
    return count;
  }

  /** Fingerprints of the files of entries in the contest's other tracks that review has not rejected. */
  async otherTrackFingerprints(manager: EntityManager, contestId: number, trackId: number): Promise<{ trackId: number; phashes: string[] }[]> {
    return (await manager.query(
      `SELECT e."track_id" AS "trackId", f."phashes" FROM "contests"."files" f JOIN "contests"."entries" e ON e."id" = f."entry_id"
        WHERE e."contest_id" = $1 AND e."track_id" <> $2 AND e."status" <> 'rejected' AND f."phashes" IS NOT NULL AND cardinality(f."phashes") > 0`,
      [contestId, trackId],
    )) as { trackId: number; phashes: string[] }[];
  }

  async insertEntry(manager: EntityManager, entry: NewEntry): Promise<number> {
    const [{ id }] = (await manager.query(
      `INSERT INTO "contests"."entries" ("contest_id", "track_id", "user_id", "kind", "title", "signature", "location", "intro", "equipment", "age", "gender",
         "owner_flag", "student_flag", "status", "submitted_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'submitted', $14) RETURNING "id"`,
      [entry.contestId, entry.trackId, entry.userId, entry.kind, entry.title, entry.signature, entry.location, entry.intro, entry.equipment, entry.age, entry.gender, entry.ownerFlag, entry.studentFlag, entry.submittedAt],
    )) as [{ id: number }];
    return id;
  }

  async attachFiles(manager: EntityManager, entryId: number, fileIdsInOrder: string[]): Promise<void> {
    for (const [position, fileId] of fileIdsInOrder.entries()) {
      await manager.query(`UPDATE "contests"."files" SET "entry_id" = $2, "position" = $3 WHERE "id" = $1`, [fileId, entryId, position]);
    }
  }

  async entry(id: number, manager?: EntityManager, lock = false): Promise<EntryRow | null> {
    const [row] = (await this.m(manager).query(`SELECT ${ENTRY_COLUMNS} FROM "contests"."entries" e WHERE e."id" = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as EntryRow[];
    return row ?? null;
  }

  async entriesOf(userId: string, contestId: number | undefined): Promise<EntryRow[]> {
    return (await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM "contests"."entries" e WHERE e."user_id" = $1 AND ($2::int IS NULL OR e."contest_id" = $2) ORDER BY e."id" DESC LIMIT 500`,
      [userId, contestId ?? null],
    )) as EntryRow[];
  }

  async filesOf(entryIds: number[]): Promise<FileRow[]> {
    if (!entryIds.length) return [];
    return (await this.dataSource.query(`SELECT ${FILE_COLUMNS} FROM "contests"."files" WHERE "entry_id" = ANY($1::int[]) ORDER BY "entry_id", "position"`, [entryIds])) as FileRow[];
  }

  async setStatus(manager: EntityManager, id: number, status: EntryStatus, reason: string | null, reviewer: string, at: Date): Promise<void> {
    await manager.query(`UPDATE "contests"."entries" SET "status" = $2, "reject_reason" = $3, "reviewed_by" = $4, "reviewed_at" = $5 WHERE "id" = $1`, [id, status, reason, reviewer, at]);
  }

  async adminList(filter: EntryFilter, sortField: string, sortOrder: 'ASC' | 'DESC', skip: number, take: number): Promise<{ rows: EntryRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (filter.contestId !== undefined) add((n) => `e."contest_id" = $${n}`, filter.contestId);
    if (filter.trackId !== undefined) add((n) => `e."track_id" = $${n}`, filter.trackId);
    if (filter.status) add((n) => `e."status" = $${n}`, filter.status);
    if (filter.q) add((n) => `(e."title" ILIKE $${n} OR e."signature" ILIKE $${n})`, `%${escapeLike(filter.q)}%`);
    if (filter.id) add((n) => `e."id" = ANY($${n}::int[])`, filter.id);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS "total" FROM "contests"."entries" e ${clause}`, params)) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM "contests"."entries" e ${clause} ORDER BY ${ENTRY_SORTS[sortField] ?? 'e."id"'} ${sortOrder}, e."id" ${sortOrder} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, skip, take],
    )) as EntryRow[];
    return { rows, total };
  }
}
