import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface S3TestServer {
  endPoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  /** The folder s3rver keeps its buckets and objects in. */
  directory: string;
  stop(): Promise<void>;
}

/** What the tests use of s3rver, which ships no types. */
type S3rver = new (options: { address: string; port: number; silent: boolean; directory: string; vhostBuckets: boolean }) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

/**
 * A throw-away S3 stand-in on loopback, on a free port, with its files in a temp folder.
 * It accepts any signature (S3RVER/S3RVER is its built-in account). s3rver (a development
 * dependency) is loaded on the first start, by a name the type checker does not follow: the
 * services' tests reach this file through `@mkt/platform/testing` without loading it or
 * needing its types.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const packageName = 's3rver';
  const { default: S3rver } = (await import(packageName)) as { default: S3rver };
  const directory = await mkdtemp(join(tmpdir(), 'storage-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const address = await server.run();
  return {
    endPoint: '127.0.0.1',
    port: address.port,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    directory,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Lays an object straight into s3rver's folder, as s3rver 3 stores one (`<key>._S3rver_object`
 * beside its metadata and md5), for objects too large to send: `write` may leave holes, so a
 * sparse multi-gigabyte object costs no disk, where a PUT would write every byte. The bucket is
 * the physical one and must exist. The md5 file is a placeholder (s3rver would otherwise hash the
 * whole object on its first HEAD), so the object's ETag means nothing.
 */
export async function seedS3rverObject(server: S3TestServer, bucket: string, key: string, contentType: string, write: (path: string) => Promise<void>): Promise<void> {
  const path = join(server.directory, bucket, ...key.split('/')) + '._S3rver_object';
  await mkdir(dirname(path), { recursive: true });
  await write(path);
  await writeFile(`${path}.md5`, '0'.repeat(32));
  await writeFile(path.replace(/_object$/, '_metadata.json'), JSON.stringify({ 'content-type': contentType }));
}
