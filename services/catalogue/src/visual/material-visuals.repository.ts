import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DominantColour } from '@mkt/platform/media';
import type { MaterialFilters } from '@mkt/contracts';
import { colourFilterValues, type Look } from '@mkt/platform/visual';
import { filterClauses } from '../materials/material-filters.js';

/** A published photo or video the visual index does not have yet. */
export interface UnindexedMaterial {
  id: number;
  kind: 'video' | 'photo';
  originalKey: string | null;
}

export interface StoredFrame {
  materialId: number;
  timeMs: number;
  /** The hash's unsigned 32-bit halves. */
  high: number;
  low: number;
}

export interface MaterialLookRecord {
  frames: readonly { timeMs: number; hash: bigint; detail: Uint8Array }[];
  colours: readonly DominantColour[];
  composition: Uint8Array;
}

/** Reads and writes of catalogue.material_frames and catalogue.material_looks (the visual index's truth). */
@Injectable()
export class MaterialVisualsRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` published photos and videos after `afterId` without a look, in id order, each
   * locked for this transaction's caller and skipped by another replica's job.
   */
  async unindexed(afterId: number, limit: number): Promise<UnindexedMaterial[]> {
    const rows: { id: string; kind: 'video' | 'photo'; original_key: string | null }[] = await this.dataSource.query(
      `SELECT m.id, m.kind, m.original_key
         FROM catalogue.materials m
        WHERE m.id > $1 AND m.kind IN ('video', 'photo') AND m.status = 'published'
          AND NOT EXISTS (SELECT 1 FROM catalogue.material_looks l WHERE l.material_id = m.id)
        ORDER BY m.id
        LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, originalKey: row.original_key }));
  }

  /** How many published photos and videos have no look yet (the job's progress). */
  async countUnindexed(): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM catalogue.materials m
        WHERE m.kind IN ('video', 'photo') AND m.status = 'published'
          AND NOT EXISTS (SELECT 1 FROM catalogue.material_looks l WHERE l.material_id = m.id)`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * A material's frames and look, replacing any before, its theme colour (the first dominant
   * colour, the spec's "theme color") and its colour filter values, in one transaction with
   * `alsoIn` (the search index following the new filter values). Returns false when another
   * replica indexed it first.
   */
  save(materialId: number, record: MaterialLookRecord, alsoIn?: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [claimed] = await manager.query(
        `INSERT INTO catalogue.material_looks (material_id, colours, composition, frames)
         VALUES ($1, $2::jsonb, $3, $4)
         ON CONFLICT (material_id) DO NOTHING
         RETURNING material_id`,
        [materialId, JSON.stringify(record.colours), Buffer.from(record.composition), record.frames.length],
      );
      if (!claimed) return false;
      if (record.frames.length > 0) {
        await manager.query(
          `INSERT INTO catalogue.material_frames (material_id, time_ms, hash, detail)
           SELECT $1, t, h, decode(d, 'base64') FROM unnest($2::int[], $3::bigint[], $4::text[]) AS f(t, h, d)
           ON CONFLICT (material_id, time_ms) DO UPDATE SET hash = excluded.hash, detail = excluded.detail`,
          [
            materialId,
            record.frames.map((frame) => frame.timeMs),
            record.frames.map((frame) => BigInt.asIntN(64, frame.hash).toString()),
            record.frames.map((frame) => Buffer.from(frame.detail).toString('base64')),
          ],
        );
      }
      const colours = colourFilterValues(record.colours);
      await manager.query(
        `UPDATE catalogue.materials
            SET theme_color = COALESCE($2, theme_color),
                filters = CASE WHEN cardinality($3::text[]) = 0 THEN filters - 'colour' ELSE filters || jsonb_build_object('colour', to_jsonb($3::text[])) END
          WHERE id = $1`,
        [materialId, record.colours[0]?.hex ?? null, colours],
      );
      await alsoIn?.(manager);
      return true;
    });
  }

  /** Remembers that a material's media could not be indexed, so the job moves on. */
  async saveFailure(materialId: number, failure: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO catalogue.material_looks (material_id, failure) VALUES ($1, $2) ON CONFLICT (material_id) DO NOTHING`,
      [materialId, failure.slice(0, 500)],
    );
  }

  /**
   * Every stored frame of the materials indexed after `since` (all when null), in batches of
   * material ids, as the in-memory index is built and kept current from them. Hashes come as
   * their unsigned 32-bit halves (plain numbers: no string or bigint per row at ten million rows).
   */
  async *framesIndexedSince(since: Date | null, batch = 20_000): AsyncGenerator<StoredFrame[]> {
    let afterId = 0;
    for (;;) {
      const rows: StoredFrame[] = await this.dataSource.query(
        `SELECT f.material_id::int AS "materialId", f.time_ms AS "timeMs", (f.hash >> 32)::int AS high, (f.hash & 4294967295)::float8 AS low
           FROM catalogue.material_frames f
          WHERE f.material_id IN (
                  SELECT l.material_id FROM catalogue.material_looks l
                   WHERE l.material_id > $1 AND l.failure IS NULL AND l.frames > 0 AND ($2::timestamptz IS NULL OR l.indexed_at > $2)
                   ORDER BY l.material_id LIMIT $3)
          ORDER BY f.material_id, f.time_ms`,
        [afterId, since, batch],
      );
      if (rows.length === 0) return;
      // The high half comes signed (hashes are stored as signed bigints).
      for (const row of rows) row.high >>>= 0;
      yield rows;
      afterId = rows[rows.length - 1]!.materialId;
    }
  }

  /** Every stored frame's detail grid of these materials, in time order (search by image's second stage). */
  async frameDetails(ids: readonly number[]): Promise<Map<number, { timeMs: number; detail: Uint8Array }[]>> {
    const details = new Map<number, { timeMs: number; detail: Uint8Array }[]>();
    if (ids.length === 0) return details;
    const rows: { material_id: string; time_ms: number; detail: Buffer }[] = await this.dataSource.query(
      `SELECT material_id, time_ms, detail FROM catalogue.material_frames WHERE material_id = ANY($1::bigint[]) ORDER BY material_id, time_ms`,
      [ids],
    );
    for (const row of rows) {
      const id = Number(row.material_id);
      const list = details.get(id) ?? [];
      list.push({ timeMs: row.time_ms, detail: new Uint8Array(row.detail) });
      details.set(id, list);
    }
    return details;
  }

  /** The looks of the materials indexed after `since` (all when null), in batches, as the in-memory look index is built and kept current. */
  async *looksIndexedSince(since: Date | null, batch = 20_000): AsyncGenerator<{ materialId: number; look: Look }[]> {
    let afterId = 0;
    for (;;) {
      const rows: { material_id: string; colours: DominantColour[]; composition: Buffer }[] = await this.dataSource.query(
        `SELECT material_id, colours, composition FROM catalogue.material_looks
          WHERE material_id > $1 AND failure IS NULL AND ($2::timestamptz IS NULL OR indexed_at > $2)
          ORDER BY material_id LIMIT $3`,
        [afterId, since, batch],
      );
      if (rows.length === 0) return;
      yield rows.map((row) => ({ materialId: Number(row.material_id), look: { colours: row.colours, composition: new Uint8Array(row.composition) } }));
      afterId = Number(rows[rows.length - 1]!.material_id);
    }
  }

  /** A published material's kind, or null when it is not published. */
  async publishedKind(id: number): Promise<string | null> {
    const [row] = await this.dataSource.query(`SELECT kind FROM catalogue.materials WHERE id = $1 AND status = 'published'`, [id]);
    return (row?.kind as string | undefined) ?? null;
  }

  /**
   * Of `ids`, those published now of one of `kinds` with every filter asked (OR within a filter's
   * values, AND across filters, as the search does).
   */
  async publishedMatching(ids: readonly number[], kinds: readonly string[], filters: MaterialFilters): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const params: unknown[] = [ids, kinds];
    const clauses = filterClauses(filters).map(({ documents }) => {
      const alternatives = documents.map((document) => {
        params.push(document);
        return `m.filters @> $${params.length}::jsonb`;
      });
      return `(${alternatives.join(' OR ')})`;
    });
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT m.id FROM catalogue.materials m
        WHERE m.id = ANY($1::bigint[]) AND m.status = 'published' AND m.kind = ANY($2::text[])${clauses.map((clause) => ` AND ${clause}`).join('')}`,
      params,
    );
    return new Set(rows.map((row) => Number(row.id)));
  }
}
