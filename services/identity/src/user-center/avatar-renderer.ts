import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { AVATAR_SIZE } from '@mkt/contracts';

/** Turns uploaded bytes into the square picture the store shows, or says they are not a usable picture. */
export interface AvatarRenderer {
  render(bytes: Buffer): Promise<Buffer | null>;
}
export const AVATAR_RENDERER = Symbol('AVATAR_RENDERER');

/** The formats a profile picture may be, judged from the content, whatever the browser declared. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Far above any camera; stops a small file that claims a huge canvas from taking the memory. */
const MAX_PIXELS = 200_000_000;

/**
 * sharp reads the header for the format, then decodes the whole image into a centred square
 * crop of AVATAR_SIZE pixels (WebP): a renamed text file, a GIF or a truncated JPEG is refused,
 * and what is kept carries no metadata of the original (location, camera).
 */
@Injectable()
export class SharpAvatarRenderer implements AvatarRenderer {
  async render(bytes: Buffer): Promise<Buffer | null> {
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) return null;
      return await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      return null;
    }
  }
}
