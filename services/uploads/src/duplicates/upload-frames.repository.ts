import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FrameDetail } from '@mkt/platform/visual';
import type { ComparedFrame } from '../pipeline/media-processor.js';

export interface RecordedFrames {
  uploadId: number;
  frames: { timeMs: number; hash: bigint }[];
}

/** An upload a frame matched, as the reviewer is shown it. */
export interface FrameOwner {
  id: number;
  contributorId: string;
  fileName: string;
  kind: 'video' | 'photo';
  durationSeconds: number | null;
}

/** Reads and writes of uploads.upload_frames (the near-duplicate index's truth). */
@Injectable()
export class UploadFramesRepository {
  constructor(@InjectDataSource('uploads') private readonly dataSource: DataSource) {}

  /** Up to `limit` processed uploads after `afterId` with no frames recorded (processed before frames were), oldest first. */
  async withoutFrames(afterId: number, limit: number): Promise<{ id: number; kind: 'video' | 'photo'; filePath: string }[]> {
    const rows: { id: string; kind: 'video' | 'photo'; file_path: string }[] = await this.dataSource.query(
      `SELECT u.id, u.kind, u.file_path FROM uploads.uploads u
        WHERE u.id > $1 AND u.deleted_at IS NULL AND u.thumbnail_key IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM uploads.upload_frames f WHERE f.upload_id = u.id)
        ORDER BY u.id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, filePath: row.file_path }));
  }

  /**
   * An upload's frames, replacing those of an earlier attempt, committed at once in a transaction
   * of their own (not the pipeline's): an upload processed at the same moment on another replica
   * then sees them when it checks, whichever of the two checks first (see UploadPipelineService).
   */
  record(uploadId: number, frames: readonly ComparedFrame[]): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM uploads.upload_frames WHERE upload_id = $1`, [uploadId]);
      if (frames.length === 0) return;
      await manager.query(
        `INSERT INTO uploads.upload_frames (upload_id, time_ms, hash, detail)
         SELECT $1, t, h, decode(d, 'base64') FROM unnest($2::int[], $3::bigint[], $4::text[]) AS f(t, h, d)
         ON CONFLICT (upload_id, time_ms) DO NOTHING`,
        [
          uploadId,
          frames.map((frame) => frame.timeMs),
          frames.map((frame) => BigInt.asIntN(64, frame.hash).toString()),
          frames.map((frame) => Buffer.from(frame.detail).toString('base64')),
        ],
      );
    });
  }

  /**
   * The frames recorded after `since` (all when null), by upload, in batches of uploads; `until`
   * is where the next read starts (the database's clock, so replicas' clocks do not matter).
   */
  async *recordedSince(since: Date | null, batch = 20_000): AsyncGenerator<RecordedFrames[]> {
    let afterId = 0;
    for (;;) {
      const rows: { upload_id: string; time_ms: number; hash: string }[] = await this.dataSource.query(
        `SELECT f.upload_id, f.time_ms, f.hash FROM uploads.upload_frames f
          WHERE f.upload_id IN (
                  SELECT DISTINCT upload_id FROM uploads.upload_frames
                   WHERE upload_id > $1 AND ($2::timestamptz IS NULL OR recorded_at > $2)
                   ORDER BY upload_id LIMIT $3)
          ORDER BY f.upload_id, f.time_ms`,
        [afterId, since, batch],
      );
      if (rows.length === 0) return;
      const byUpload = new Map<number, RecordedFrames>();
      for (const row of rows) {
        const uploadId = Number(row.upload_id);
        let entry = byUpload.get(uploadId);
        if (!entry) byUpload.set(uploadId, (entry = { uploadId, frames: [] }));
        entry.frames.push({ timeMs: row.time_ms, hash: BigInt.asUintN(64, BigInt(row.hash)) });
      }
      yield [...byUpload.values()];
      afterId = Number(rows[rows.length - 1]!.upload_id);
    }
  }

  /** The database's clock now: where a read that starts now may next read forward from. */
  async now(): Promise<Date> {
    const [row] = await this.dataSource.query(`SELECT clock_timestamp() AS now`);
    return new Date(row.now);
  }

  /** Every frame's detail grid of these uploads, in time order (the second stage of a match). */
  async details(uploadIds: readonly number[]): Promise<Map<number, FrameDetail[]>> {
    const details = new Map<number, FrameDetail[]>();
    if (uploadIds.length === 0) return details;
    const rows: { upload_id: string; time_ms: number; detail: Buffer }[] = await this.dataSource.query(
      `SELECT upload_id, time_ms, detail FROM uploads.upload_frames WHERE upload_id = ANY($1::bigint[]) ORDER BY upload_id, time_ms`,
      [uploadIds],
    );
    for (const row of rows) {
      const id = Number(row.upload_id);
      const list = details.get(id) ?? [];
      list.push({ timeMs: row.time_ms, detail: new Uint8Array(row.detail) });
      details.set(id, list);
    }
    return details;
  }

  /** Of these uploads, those not removed, with what the reviewer is shown of them. */
  async owners(uploadIds: readonly number[]): Promise<Map<number, FrameOwner>> {
    if (uploadIds.length === 0) return new Map();
    const rows: { id: string; contributor_id: string; file_name: string; kind: 'video' | 'photo'; duration_seconds: number | null }[] = await this.dataSource.query(
      `SELECT id, contributor_id, file_name, kind, duration_seconds FROM uploads.uploads WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL`,
      [uploadIds],
    );
    return new Map(
      rows.map((row) => [
        Number(row.id),
        { id: Number(row.id), contributorId: row.contributor_id, fileName: row.file_name, kind: row.kind, durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds) },
      ]),
    );
  }
}
