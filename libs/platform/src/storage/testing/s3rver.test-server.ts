import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  endPoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/**
 * A throw-away S3 stand-in on loopback, on a free port, with its files in a temp folder.
 * It accepts any signature (S3RVER/S3RVER is its built-in account).
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'storage-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const address = await server.run();
  return {
    endPoint: '127.0.0.1',
    port: address.port,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
