import { Client, type ClientOptions } from 'minio';

/**
 * The minio client with its part listing made public. `listParts` is what lets a resumed upload
 * skip finished parts; the client keeps it protected because its own automatic multipart uses
 * it, but the call is a plain S3 ListParts.
 */
export class MinioStorageClient extends Client {
  listUploadedParts(bucket: string, key: string, uploadId: string): Promise<{ part: number; etag: string; size: number }[]> {
    return this.listParts(bucket, key, uploadId);
  }
}

export interface MinioConnection {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
}

/**
 * A region is always given, so the client never asks the server for a bucket's location: one
 * round trip fewer per call, and presigning stays a local computation.
 */
export function createMinioClient(connection: MinioConnection): MinioStorageClient {
  const options: ClientOptions = {
    endPoint: connection.endPoint,
    useSSL: connection.useSSL,
    accessKey: connection.accessKey,
    secretKey: connection.secretKey,
    region: connection.region,
    // Buffers we hand to putObject are at most one part; with the largest part size the client
    // sends them in one request instead of starting its own multipart upload.
    partSize: 5 * 1024 * 1024 * 1024,
    // MinIO and other self-hosted servers address buckets by path; AWS prefers sub-domains.
    pathStyle: !/(^|\.)amazonaws\.com$/i.test(connection.endPoint),
  };
  if (connection.port !== undefined) options.port = connection.port;
  return new MinioStorageClient(options);
}

/**
 * Presigned links are signed for the host the browser will call. Inside docker-compose or
 * Kubernetes the app reaches MinIO as minio:9000 while browsers use a public address, so links
 * are signed by a second client configured with that public URL when one is given.
 */
export function publicConnection(connection: MinioConnection, publicUrl: string | undefined): MinioConnection {
  if (!publicUrl) return connection;
  const url = new URL(publicUrl);
  if (url.pathname !== '/' && url.pathname !== '') {
    throw new Error(`the public URL of the S3 server must be an origin without a path, got ${publicUrl}`);
  }
  return {
    ...connection,
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    useSSL: url.protocol === 'https:',
  };
}
