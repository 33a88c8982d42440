import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links for the local disk store, served by the app itself:
 *
 *   GET  {publicBaseUrl}/files/{bucket}/{key}?expires={unix}[&download={name}]&sig={hmac}
 *   PUT  {publicBaseUrl}/files-upload/{bucket}/{key}?uploadId=…&partNumber=…&expires={unix}&sig={hmac}
 *
 * The HMAC-SHA256 (base64url) covers the purpose, every path and query value and the expiry, so
 * changing any of them (another key, a later expiry, another download name or part) breaks the
 * signature. `publicBaseUrl` is the origin plus any global route prefix of the app.
 */
export const SIGNED_GET_ROUTE = 'files';
export const SIGNED_PART_UPLOAD_ROUTE = 'files-upload';

/** Different purposes sign different messages, so a download link can never be replayed as an upload link. */
const SIGNATURE_VERSION = 'object-storage/v1';

export interface LocalUrlSignerOptions {
  publicBaseUrl: string;
  secret: string;
  /** Milliseconds since the epoch; replaceable so tests can mint links that are already expired. */
  now?: () => number;
}

export interface SignedGetParams {
  bucket: string;
  key: string;
  expires: string | undefined;
  downloadName: string | undefined;
  signature: string | undefined;
}

export interface SignedPartUploadParams {
  bucket: string;
  key: string;
  uploadId: string | undefined;
  partNumber: string | undefined;
  expires: string | undefined;
  signature: string | undefined;
}

export type SignatureCheck = { valid: true } | { valid: false; reason: 'invalid' | 'expired' };

export class LocalUrlSigner {
  private readonly baseUrl: string;
  private readonly now: () => number;

  constructor(private readonly options: LocalUrlSignerOptions) {
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  signGet(bucket: string, key: string, expiresInSeconds: number, downloadName?: string): string {
    const expires = String(this.nowSeconds() + expiresInSeconds);
    const query = new URLSearchParams({ expires });
    if (downloadName !== undefined) query.set('download', downloadName);
    query.set('sig', this.sign(['get', bucket, key, expires, downloadName ?? null]));
    return `${this.baseUrl}/${SIGNED_GET_ROUTE}/${encodePath(bucket, key)}?${query.toString()}`;
  }

  signPartUpload(bucket: string, key: string, uploadId: string, partNumber: number, expiresInSeconds: number): string {
    const expires = String(this.nowSeconds() + expiresInSeconds);
    const query = new URLSearchParams({ uploadId, partNumber: String(partNumber), expires });
    query.set('sig', this.sign(['part', bucket, key, uploadId, String(partNumber), expires]));
    return `${this.baseUrl}/${SIGNED_PART_UPLOAD_ROUTE}/${encodePath(bucket, key)}?${query.toString()}`;
  }

  verifyGet(params: SignedGetParams): SignatureCheck {
    const { bucket, key, expires, downloadName, signature } = params;
    return this.verify(['get', bucket, key, expires ?? '', downloadName ?? null], expires, signature);
  }

  verifyPartUpload(params: SignedPartUploadParams): SignatureCheck {
    const { bucket, key, uploadId, partNumber, expires, signature } = params;
    if (uploadId === undefined || partNumber === undefined) return { valid: false, reason: 'invalid' };
    return this.verify(['part', bucket, key, uploadId, partNumber, expires ?? ''], expires, signature);
  }

  /** The signature is checked before the expiry, so only links we issued are ever told they expired. */
  private verify(message: (string | null)[], expires: string | undefined, signature: string | undefined): SignatureCheck {
    if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return { valid: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(message));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'invalid' };
    if (this.nowSeconds() > Number(expires)) return { valid: false, reason: 'expired' };
    return { valid: true };
  }

  /** JSON keeps the fields apart: no value can be shifted into its neighbour to forge another message. */
  private sign(message: (string | null)[]): string {
    return createHmac('sha256', this.options.secret)
      .update(JSON.stringify([SIGNATURE_VERSION, ...message]))
      .digest('base64url');
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }
}

function encodePath(bucket: string, key: string): string {
  return [bucket, ...key.split('/')].map(encodeURIComponent).join('/');
}
