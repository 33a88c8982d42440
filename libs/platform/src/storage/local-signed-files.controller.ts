import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Put, Req, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { takeOverResponse } from '../http/raw-response.js';
import { wildcardPath } from '../http/request-path.js';
import { parseHttpRangeHeader } from './byte-range.js';
import { attachmentDisposition, isDisplayOnlyType } from './content-disposition.js';
import { LocalDiskObjectStorage } from './local-disk.object-storage.js';
import { refuse, signedFileRefusals, type SignedFileRefusal } from './local-signed-files.responses.js';
import {
  BucketNotFoundError,
  InvalidRangeError,
  PartLargerThanPlannedError,
  MultipartUploadNotFoundError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
  ObjectStorageError,
} from './object-storage.errors.js';
import { OBJECT_STORAGE, type ObjectDownload, type ObjectStorage } from './object-storage.port.js';
import { SIGNED_GET_ROUTE, SIGNED_PART_UPLOAD_ROUTE, type SignatureCheck } from './signed-url.js';

/** Browser parts are 1 MB; the cap only stops one request from tying up the disk. */
export const MAX_SIGNED_PART_BYTES = 64 * 1024 * 1024;

/**
 * Serves the signed links of the local disk store: GET streams an object (single byte ranges,
 * HEAD, the signed download name), PUT receives one part of a multipart upload straight to disk.
 * Nothing is served without a valid, unexpired signature. With another storage driver the
 * routes answer 404, as if absent.
 *
 * The handlers write the response themselves: bodies are streams, and refusals carry the
 * envelope with static bilingual text (see local-signed-files.responses.ts).
 */
@Controller()
export class LocalSignedFilesController {
  private readonly storage: LocalDiskObjectStorage | null;

  constructor(@Inject(OBJECT_STORAGE) storage: ObjectStorage) {
    this.storage = storage instanceof LocalDiskObjectStorage ? storage : null;
  }

  @Get(`${SIGNED_GET_ROUTE}/:bucket/*`)
  async download(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const response = takeOverResponse(reply);
    const storage = this.storage;
    if (!storage) return refuse(response, signedFileRefusals.fileNotFound);
    const { bucket, key } = objectLocation(request);
    const query = singleValues(request.query);
    const check = storage.signer.verifyGet({ bucket, key, expires: query.expires, downloadName: query.download, signature: query.sig });
    if (!check.valid) return refuse(response, linkRefusal(check));

    try {
      const stat = await storage.stat(bucket, key);
      if (!stat) return refuse(response, signedFileRefusals.fileNotFound);
      const wanted = parseHttpRangeHeader(request.headers.range, stat.size);
      if (wanted.kind === 'unsatisfiable') {
        response.setHeader('Content-Range', `bytes */${stat.size}`);
        return refuse(response, signedFileRefusals.rangeNotSatisfiable);
      }
      const object = await storage.get(bucket, key, wanted.kind === 'range' ? wanted.range : undefined);
      writeObjectHead(response, object, { key, downloadName: query.download, expires: Number(query.expires) });
      if (request.method === 'HEAD') {
        object.stream.destroy();
        response.end();
        return;
      }
      // A player that seeks or a visitor who leaves closes the connection mid-stream: normal, not an error.
      await pipeline(object.stream, response).catch(() => undefined);
    } catch (error) {
      const refusal = refusalFor(error);
      if (!refusal || response.headersSent) throw error;
      refuse(response, refusal);
    }
  }

  @Put(`${SIGNED_PART_UPLOAD_ROUTE}/:bucket/*`)
  async uploadPart(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const response = takeOverResponse(reply);
    const storage = this.storage;
    if (!storage) return refuse(response, signedFileRefusals.uploadNotFound);
    const { bucket, key } = objectLocation(request);
    const query = singleValues(request.query);
    const check = storage.signer.verifyPartUpload({
      bucket,
      key,
      uploadId: query.uploadId,
      partNumber: query.partNumber,
      expires: query.expires,
      signature: query.sig,
    });
    if (!check.valid) return refuseUnread(response, linkRefusal(check));

    const declaredLength = request.headers['content-length'];
    if (declaredLength === undefined || !/^\d{1,16}$/.test(declaredLength)) return refuseUnread(response, signedFileRefusals.lengthRequired);
    const size = Number(declaredLength);
    if (size > MAX_SIGNED_PART_BYTES) return refuseUnread(response, signedFileRefusals.partTooLarge);
    // A body parser registered for this content type would already have drained the stream.
    if (size > 0 && request.raw.readableEnded) return refuse(response, signedFileRefusals.bodyAlreadyRead);

    try {
      const etag = await storage.uploadPart(bucket, key, query.uploadId as string, Number(query.partNumber), request.raw, size);
      // Same answer as S3's UploadPart, so the browser code is identical for both stores.
      response.statusCode = 200;
      response.setHeader('ETag', `"${etag}"`);
      response.setHeader('Access-Control-Expose-Headers', 'ETag');
      response.setHeader('Cache-Control', 'no-store');
      response.end();
    } catch (error) {
      const refusal = refusalFor(error);
      if (!refusal || response.headersSent) throw error;
      refuseUnread(response, refusal);
    }
  }
}

function writeObjectHead(response: ServerResponse, object: ObjectDownload, link: { key: string; downloadName?: string; expires: number }): void {
  response.statusCode = object.range ? 206 : 200;
  response.setHeader('Content-Type', object.contentType);
  response.setHeader('Content-Length', String(object.size));
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('ETag', `"${object.etag}"`);
  response.setHeader('Last-Modified', object.lastModified.toUTCString());
  // Browsers may reuse the bytes while the link is valid, never longer.
  response.setHeader('Cache-Control', `private, max-age=${Math.max(0, link.expires - Math.floor(Date.now() / 1000))}`);
  if (object.range) response.setHeader('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`);
  // Uploaded files are served from the app's own origin: none may ever run there as a page.
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (!isDisplayOnlyType(object.contentType)) {
    response.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
    response.setHeader('Content-Disposition', attachmentDisposition(link.downloadName ?? link.key.slice(link.key.lastIndexOf('/') + 1)));
  } else if (link.downloadName !== undefined) {
    response.setHeader('Content-Disposition', attachmentDisposition(link.downloadName));
  }
}

function objectLocation(request: FastifyRequest): { bucket: string; key: string } {
  const bucket = (request.params as Record<string, string | undefined>).bucket;
  return { bucket: String(bucket ?? ''), key: wildcardPath(request) };
}

/** A repeated query parameter is not something we ever sign: treat it as absent, which fails the check. */
function singleValues(query: FastifyRequest['query']): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) values[name] = typeof value === 'string' ? value : undefined;
  return values;
}

function linkRefusal(check: Exclude<SignatureCheck, { valid: true }>): SignedFileRefusal {
  return check.reason === 'expired' ? signedFileRefusals.linkExpired : signedFileRefusals.linkInvalid;
}

function refusalFor(error: unknown): SignedFileRefusal | null {
  if (error instanceof ObjectNotFoundError || error instanceof BucketNotFoundError) return signedFileRefusals.fileNotFound;
  if (error instanceof MultipartUploadNotFoundError) return signedFileRefusals.uploadNotFound;
  if (error instanceof InvalidRangeError) return signedFileRefusals.rangeNotSatisfiable;
  if (error instanceof ObjectSizeMismatchError) return signedFileRefusals.partIncomplete;
  if (error instanceof PartLargerThanPlannedError) return signedFileRefusals.partLargerThanPlanned;
  if (error instanceof ObjectStorageError) return signedFileRefusals.badRequest;
  return null;
}

/** Refusing a PUT before reading its body: close the connection instead of draining up to 64 MiB we will not keep. */
function refuseUnread(response: ServerResponse, refusal: SignedFileRefusal): void {
  response.setHeader('Connection', 'close');
  refuse(response, refusal);
}
