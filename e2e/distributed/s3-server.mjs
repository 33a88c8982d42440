import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server from npm (s3rver) on loopback, with its files in a temp folder. s3rver
 * does not implement ListParts, which the upload service calls to check an upload's parts before
 * completing it (every S3 store has it). It is answered here from s3rver's own files, the parts
 * s3rver stored for the upload; every other call is s3rver's. s3rver accepts any signature.
 */
export async function startS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 'mkt-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  server.middleware.unshift(listParts(server));
  const address = await server.run();
  return {
    endPoint: '127.0.0.1',
    port: address.port,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** GET /<bucket>/<key>?uploadId=…: the parts s3rver holds for the upload, as S3 answers. */
export function listParts(server) {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...key] = ctx.path.split('/');
    if (ctx.method !== 'GET' || typeof uploadId !== 'string' || !bucket || key.length === 0 || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const folder = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    let names;
    try {
      names = await readdir(folder);
    } catch {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
      return;
    }
    const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const info = await stat(join(folder, String(number)));
        const md5 = (await readFile(join(folder, `${number}.md5`), 'utf8')).trim();
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId>` +
      `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>` +
      `${parts.join('')}</ListPartsResult>`;
  };
}
