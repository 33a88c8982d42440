import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DominantColour } from '@mkt/platform/media';

/** A picture searched with, as kept for its further pages. */
export interface StoredImageQuery {
  id: string;
  ownerId: string | null;
  pictureKey: string;
  hash: bigint;
  detail: Uint8Array;
  colours: DominantColour[];
  composition: Uint8Array;
  /** The materials that looked most alike when it was searched, nearest first. */
  alike: number[];
  createdAt: Date;
}

/** Reads and writes of catalogue.image_queries. */
@Injectable()
export class ImageQueryRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  async insert(query: Omit<StoredImageQuery, 'createdAt'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO catalogue.image_queries (id, owner_id, picture_key, hash, detail, colours, composition, alike) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::bigint[])`,
      [query.id, query.ownerId, query.pictureKey, BigInt.asIntN(64, query.hash).toString(), Buffer.from(query.detail), JSON.stringify(query.colours), Buffer.from(query.composition), query.alike],
    );
  }

  /** The query if it was made after `notBefore` (older ones are being deleted). */
  async find(id: string, notBefore: Date): Promise<StoredImageQuery | null> {
    const [row] = await this.dataSource.query(
      `SELECT id, owner_id, picture_key, hash, detail, colours, composition, alike, created_at FROM catalogue.image_queries WHERE id = $1 AND created_at > $2`,
      [id, notBefore],
    );
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      pictureKey: row.picture_key,
      hash: BigInt.asUintN(64, BigInt(row.hash)),
      detail: new Uint8Array(row.detail),
      colours: row.colours,
      composition: new Uint8Array(row.composition),
      alike: (row.alike as string[]).map(Number),
      createdAt: new Date(row.created_at),
    };
  }

  /** Removes up to `limit` queries made before `cutoff`, answering their pictures' keys (to delete from storage). */
  async removeOlderThan(cutoff: Date, limit: number): Promise<string[]> {
    // TypeORM answers a DELETE … RETURNING with [rows, count].
    const [rows]: [{ picture_key: string }[], number] = await this.dataSource.query(
      `DELETE FROM catalogue.image_queries WHERE id IN (
         SELECT id FROM catalogue.image_queries WHERE created_at <= $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING picture_key`,
      [cutoff, limit],
    );
    return rows.map((row) => row.picture_key);
  }
}
