/**
 * The "max sale resolution" a material is listed with (spec section 5): a video's label from its
 * short side ('8K' … '1080P', the upload minimum), a photo's pixel size. One rule for every writer
 * of materials: the upload pipeline and the demo catalogue.
 */
export function maxResolutionOf(kind: 'video' | 'photo', width: number, height: number): string {
  if (kind === 'photo') return `${width}x${height}`;
  const lines = Math.min(width, height);
  return lines >= 4320 ? '8K' : lines >= 2160 ? '4K' : lines >= 1440 ? '2K' : '1080P';
}
