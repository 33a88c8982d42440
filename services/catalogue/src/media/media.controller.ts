import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest, FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { ErrorCode, failureEnvelope, formatMessage, languageFromHeader } from '@mkt/contracts';
import { OBJECT_STORAGE, ObjectStorageError, RawResponse, endWithJson, takeOverResponse, wildcardPath, type ObjectStorage } from '@mkt/platform';
import { streamMasterOf } from '../streams/stream-locations.js';
import { MEDIA_ROUTE, PUBLIC_BUCKET, toLocation } from './media-urls.js';

/** Short, so that unpublishing a material (or a topic) stops its renditions being served within minutes. */
export const MEDIA_MAX_AGE_SECONDS = 300;

/**
 * Whether a renditions location is something the store shows: the thumbnail, 480p preview or
 * preview strip of a published material, a category cover, or the cover of a published topic;
 * or ($2, when the key is a file of a preview stream) a published material's stream.
 * One statement; each branch is an index lookup (partial indexes of migrations 1763900000000
 * and 1767400000000).
 */
const SERVABLE_SQL = `SELECT (
    EXISTS (SELECT 1 FROM catalogue.materials m WHERE m.status = 'published'
             AND (m.thumbnail_key = $1 OR m.preview480_key = $1 OR m.preview_strip_key = $1))
    OR EXISTS (SELECT 1 FROM catalogue.materials m WHERE m.status = 'published' AND m.preview_stream_key = $2)
    OR EXISTS (SELECT 1 FROM catalogue.categories c WHERE c.cover_key = $1)
    OR EXISTS (SELECT 1 FROM catalogue.topics t WHERE t.published AND t.home_cover_key = $1)
    OR EXISTS (SELECT 1 FROM catalogue.music_sheets s WHERE s.published AND s.cover_key = $1)
  ) AS servable`;
// Music: the listen mp3 of a published track is its preview480 location, its cover its thumbnail.
const PUBLIC_TYPES = /^(image\/(jpeg|png|webp|avif|gif)|video\/(mp4|webm|mp2t)|audio\/(mpeg|mp4|ogg|wav)|application\/vnd\.apple\.mpegurl)(;|$)/i;

/**
 * Public, cacheable reads of renditions (see media-urls.ts): GET and HEAD, one byte range,
 * ETag revalidation. Only the `renditions` bucket, only pictures, videos and stream playlists, and only keys the
 * store currently shows (see SERVABLE_SQL): anything else, e.g. the preview of an unpublished
 * material or a sample, is answered 404 even when the object exists.
 */
@ApiExcludeController()
@Controller(MEDIA_ROUTE)
@RawResponse()
export class MediaController {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
  ) {}

  @Get(`${PUBLIC_BUCKET}/*`)
  async rendition(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const response = takeOverResponse(reply);
    const key = wildcardPath(request);
    const notFound = () => {
      response.setHeader('Cache-Control', 'no-store');
      endWithJson(response, 404, failureEnvelope(ErrorCode.NOT_FOUND, formatMessage(languageFromHeader(request.headers['accept-language']), 'notFound')));
    };
    try {
      if (!key || !(await this.servable(key))) return notFound();
      const stat = await this.storage.stat(PUBLIC_BUCKET, key);
      if (!stat || !PUBLIC_TYPES.test(stat.contentType)) return notFound();
      const etag = `"${stat.etag}"`;
      response.setHeader('ETag', etag);
      response.setHeader('Cache-Control', `public, max-age=${MEDIA_MAX_AGE_SECONDS}`);
      response.setHeader('Accept-Ranges', 'bytes');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Last-Modified', stat.lastModified.toUTCString());
      if (request.headers['if-none-match'] === etag) {
        response.statusCode = 304;
        response.end();
        return;
      }
      const range = parseRange(request.headers.range, stat.size);
      if (range === 'unsatisfiable') {
        response.statusCode = 416;
        response.setHeader('Content-Range', `bytes */${stat.size}`);
        response.end();
        return;
      }
      const object = await this.storage.get(PUBLIC_BUCKET, key, range ?? undefined);
      response.statusCode = object.range ? 206 : 200;
      response.setHeader('Content-Type', object.contentType);
      response.setHeader('Content-Length', String(object.size));
      if (object.range) response.setHeader('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`);
      if (request.method === 'HEAD') {
        object.stream.destroy();
        response.end();
        return;
      }
      await pipeline(object.stream, response).catch(() => undefined);
    } catch (error) {
      if (error instanceof ObjectStorageError && !response.headersSent) return notFound();
      throw error;
    }
  }

  private async servable(key: string): Promise<boolean> {
    const [row] = (await this.dataSource.query(SERVABLE_SQL, [toLocation({ bucket: PUBLIC_BUCKET, key }), streamMasterOf(key)])) as { servable: boolean }[];
    return row?.servable === true;
  }
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
