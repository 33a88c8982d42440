import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A published video whose preview has no stream yet. */
export interface UnstreamedVideo {
  id: number;
  preview480Key: string;
}

const UNSTREAMED = `m.status = 'published' AND m.kind = 'video' AND m.preview_stream_key IS NULL AND m.preview480_key IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM catalogue.preview_stream_failures f WHERE f.material_id = m.id)`;

/** Reads and writes of the preview streams job: materials.preview_stream_key and the failures kept. */
@Injectable()
export class PreviewStreamsRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /** Up to `limit` published videos after `afterId` without a stream or a kept failure, in id order. */
  async unstreamed(afterId: number, limit: number): Promise<UnstreamedVideo[]> {
    const rows: { id: string; preview480_key: string }[] = await this.dataSource.query(
      `SELECT m.id, m.preview480_key FROM catalogue.materials m WHERE m.id > $1 AND ${UNSTREAMED} ORDER BY m.id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), preview480Key: row.preview480_key }));
  }

  /** How many are waiting (the job's progress). */
  async countUnstreamed(): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM catalogue.materials m WHERE ${UNSTREAMED}`);
    return Number(row?.n ?? 0);
  }

  /**
   * Records the stream made from `preview480Key`; false when the material's preview changed
   * meanwhile (the stream is of the old one and is not recorded) or a replica recorded one first.
   */
  async saveStream(materialId: number, preview480Key: string, streamKey: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [, affected] = (await this.dataSource.query(
      `UPDATE catalogue.materials SET preview_stream_key = $3
        WHERE id = $1 AND preview480_key = $2 AND preview_stream_key IS NULL`,
      [materialId, preview480Key, streamKey],
    )) as [unknown, number];
    return affected === 1;
  }

  async saveFailure(materialId: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO catalogue.preview_stream_failures (material_id, reason, failed_at) VALUES ($1, $2, now())
       ON CONFLICT (material_id) DO UPDATE SET reason = EXCLUDED.reason, failed_at = EXCLUDED.failed_at`,
      [materialId, reason.slice(0, 2000)],
    );
  }
}
