import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { IMAGE_QUERY_KEEP_HOURS } from '@mkt/contracts';
import { Clock, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import type { VisualSignature } from '@mkt/platform/media';
import { ImageQueryRepository, type StoredImageQuery } from './image-query.repository.js';

/** The private bucket of searched pictures: nothing in it is ever linked but to its searcher. */
export const IMAGE_QUERY_BUCKET = 'image-queries';
/**
 * The kept copy: enough to show the searcher what they searched with (the answer page shows it at
 * 160 px), no more; at a third of a 1920 px picture or less, its JPEG is decoded at half size.
 */
const KEPT_LONG_SIDE = 640;
const LINK_SECONDS = 3600;
const HOUR = 3_600_000;

/**
 * Keeps a searched picture for its searcher for a day: a re-encoded copy (sharp writes no EXIF,
 * GPS or camera data) in the private bucket and its signature in the database, under an
 * unguessable id. A signed-in searcher's query answers only them; a visitor's answers whoever
 * holds its id (only the visitor was ever given it).
 */
@Injectable()
export class ImageQueryStore {
  private bucket: Promise<void> | null = null;

  constructor(
    private readonly queries: ImageQueryRepository,
    private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async keep(picture: Buffer, signature: VisualSignature, alike: number[], ownerId: string | null): Promise<StoredImageQuery> {
    const id = randomUUID();
    const day = this.clock.now().toISOString().slice(0, 10);
    const pictureKey = `${day}/${id}.jpg`;
    const copy = await sharp(picture).rotate().flatten({ background: '#ffffff' }).resize(KEPT_LONG_SIDE, KEPT_LONG_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    this.bucket ??= this.storage.ensureBucket(IMAGE_QUERY_BUCKET).catch((error: unknown) => {
      this.bucket = null;
      throw error;
    });
    await this.bucket;
    await this.storage.put(IMAGE_QUERY_BUCKET, pictureKey, copy, { contentType: 'image/jpeg' });
    const query = { id, ownerId, pictureKey, hash: signature.hash, detail: signature.detail, colours: signature.colours, composition: signature.composition, alike };
    await this.queries.insert(query);
    return { ...query, createdAt: this.clock.now() };
  }

  /** The searcher's query if it is less than a day old, else null (gone, never made, or someone else's). */
  async find(id: string, searcherId: string | null): Promise<StoredImageQuery | null> {
    const query = await this.queries.find(id, new Date(this.clock.now().getTime() - IMAGE_QUERY_KEEP_HOURS * HOUR));
    if (!query) return null;
    if (query.ownerId !== null && query.ownerId !== searcherId) return null;
    return query;
  }

  pictureLink(query: StoredImageQuery): Promise<string> {
    return this.storage.signedGetUrl(IMAGE_QUERY_BUCKET, query.pictureKey, LINK_SECONDS);
  }
}
