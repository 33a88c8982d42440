/** A file a renderer wrote into its work directory, and what to store it as. */
export interface RenderedFile {
  path: string;
  contentType: string;
}

/** What a renderer hands back: files still on local disk, plus what the catalogue records. */
export interface RenderedMedia {
  files: {
    original: RenderedFile;
    thumbnail: RenderedFile;
    sample: RenderedFile;
    preview480?: RenderedFile;
    previewStrip?: RenderedFile;
  };
  width: number;
  height: number;
  durationSeconds: number | null;
  fps: number | null;
  codec: string;
  colorSpace: string | null;
  colorTransfer: string | null;
  themeColor: string;
}

export const THUMBNAIL_SIZE = { width: 640, height: 360 } as const;
export const THUMBNAIL_JPEG_QUALITY = 82;
