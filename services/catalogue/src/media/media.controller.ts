import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OBJECT_STORAGE, ObjectStorageError, RawResponse, type ObjectStorage } from '@mkt/platform';
import { MEDIA_ROUTE, PUBLIC_BUCKET } from './media-urls.js';

const ONE_DAY = 24 * 60 * 60;
const PUBLIC_TYPES = /^(image\/(jpeg|png|webp|avif|gif)|video\/(mp4|webm))(;|$)/i;

/**
 * Public, cacheable reads of renditions (see media-urls.ts): GET and HEAD, one byte range,
 * ETag revalidation. Only the `renditions` bucket, only pictures and videos.
 */
@ApiExcludeController()
@Controller(MEDIA_ROUTE)
@RawResponse()
export class MediaController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Get(`${PUBLIC_BUCKET}/*key`)
  async rendition(@Req() request: Request, @Res() response: Response): Promise<void> {
    const raw = (request.params as Record<string, string | string[]>).key;
    const key = Array.isArray(raw) ? raw.join('/') : String(raw ?? '');
    const notFound = () => {
      response.status(404).setHeader('Cache-Control', 'no-store');
      response.json({ code: 1004, success: false, message: 'not found', data: null });
    };
    try {
      const stat = await this.storage.stat(PUBLIC_BUCKET, key);
      if (!stat || !PUBLIC_TYPES.test(stat.contentType)) return notFound();
      const etag = `"${stat.etag}"`;
      response.setHeader('ETag', etag);
      response.setHeader('Cache-Control', `public, max-age=${ONE_DAY}`);
      response.setHeader('Accept-Ranges', 'bytes');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Last-Modified', stat.lastModified.toUTCString());
      if (request.headers['if-none-match'] === etag) {
        response.status(304).end();
        return;
      }
      const range = parseRange(request.headers.range, stat.size);
      if (range === 'unsatisfiable') {
        response.status(416).setHeader('Content-Range', `bytes */${stat.size}`);
        response.end();
        return;
      }
      const object = await this.storage.get(PUBLIC_BUCKET, key, range ?? undefined);
      response.status(object.range ? 206 : 200);
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
