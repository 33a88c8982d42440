import sharp from 'sharp';

/** An image as its bytes show it, with the small copy reviewers see. */
export interface DocumentImageContent {
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  preview: Buffer;
}

/**
 * Decides from the bytes alone, whatever the browser declared, what a document someone uploaded
 * through a signed link is: a signing applicant's pictures and résumé, a contributor's releases.
 */
export interface DocumentFileInspector {
  /** A whole JPEG or PNG, or null for anything else (another format, a renamed file, a truncated one). */
  image(bytes: Buffer): Promise<DocumentImageContent | null>;
  /** Whether the bytes are a PDF: the `%PDF-` header and an end-of-file marker near the end. */
  isPdf(bytes: Buffer): boolean;
}
export const DOCUMENT_FILE_INSPECTOR = Symbol('DOCUMENT_FILE_INSPECTOR');

export const DOCUMENT_PREVIEW_TYPE = 'image/webp';
const TYPES: Record<string, DocumentImageContent['contentType']> = { jpeg: 'image/jpeg', png: 'image/png' };
/** Far above any camera; stops a small file that claims a huge canvas from taking the memory. */
const MAX_PIXELS = 300_000_000;
/** Long side of the reviewers' preview: a few dozen fit a screen, each still tells a good picture from a poor one. */
const PREVIEW_SIDE = 640;
const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');
/** Where readers look for the end marker; writers may add a little after it. */
const PDF_TAIL_BYTES = 1024;

/**
 * sharp reads the header for the format, then decodes the whole image while it renders the
 * preview, so a GIF, a text file named .jpg or a JPEG cut short is refused rather than shown.
 */
export class SharpDocumentFileInspector implements DocumentFileInspector {
  async image(bytes: Buffer): Promise<DocumentImageContent | null> {
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
      const contentType = meta.format ? TYPES[meta.format] : undefined;
      if (!contentType || !meta.width || !meta.height) return null;
      const preview = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false })
        .rotate()
        .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      return { contentType, width: meta.width, height: meta.height, preview };
    } catch {
      return null;
    }
  }

  isPdf(bytes: Buffer): boolean {
    if (bytes.length < PDF_MAGIC.length + PDF_END.length) return false;
    if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return false;
    return bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES)).includes(PDF_END);
  }
}
