import type { BucketName } from '@mkt/platform';
/** Payment vouchers: where the images are kept and how an upload is recognised as one. */
export const VOUCHER_BUCKET = 'vouchers' satisfies BucketName;

/** An uploaded file as the upload interceptor hands it over (memory storage, multer's shape). */
export interface UploadedFile {
  buffer: Buffer;
  mimetype: string;
  size: number;
  originalname: string;
}

/** jpg and png are told apart by their first bytes, not by the name or the declared type. */
export function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}
