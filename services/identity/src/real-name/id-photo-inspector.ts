import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { IdPhotoView } from '@mkt/contracts';

/** What an uploaded file turned out to be, when it is an image an ID-card photo may be. */
export interface IdPhotoContent {
  contentType: IdPhotoView['contentType'];
  width: number;
  height: number;
}

/** Decides from the bytes alone, whatever the browser declared, whether a file is a usable photo. */
export interface IdPhotoInspector {
  inspect(bytes: Buffer): Promise<IdPhotoContent | null>;
}
export const ID_PHOTO_INSPECTOR = Symbol('ID_PHOTO_INSPECTOR');

const TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png' };
/** Far above any phone camera; stops a small file that claims a huge canvas from taking the memory. */
const MAX_PIXELS = 200_000_000;

/**
 * sharp reads the header for the format and then decodes a small version of the whole image, so a
 * renamed text file, a GIF or a truncated JPEG is refused rather than kept for staff to open.
 */
@Injectable()
export class SharpIdPhotoInspector implements IdPhotoInspector {
  async inspect(bytes: Buffer): Promise<IdPhotoContent | null> {
    try {
      const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS });
      const meta = await image.metadata();
      const contentType = meta.format ? TYPES[meta.format] : undefined;
      if (!contentType || !meta.width || !meta.height) return null;
      await image.resize(64, 64, { fit: 'inside' }).toBuffer();
      return { contentType, width: meta.width, height: meta.height };
    } catch {
      return null;
    }
  }
}
