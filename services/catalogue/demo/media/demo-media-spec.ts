// Types only, imported by every renderer file and by the entry point that drives them: kept in a
// leaf module so the renderer and its entry point never import each other.

/** One demo catalogue item to render: the seed and palette decide how it looks. */
export interface DemoMediaSpec {
  key: string;
  kind: 'video' | 'photo';
  seed: number;
  /** Kept in the stored metadata; never drawn (no font is guaranteed on the machine). */
  label: string;
  width: number;
  height: number;
  durationSeconds?: number;
  fps?: number;
  palette: 'sunset' | 'ocean' | 'forest' | 'city' | 'night' | 'snow' | 'desert' | 'studio';
}

export interface StoredRef {
  bucket: string;
  key: string;
}

export interface DemoMediaFiles {
  original: StoredRef;
  thumbnail: StoredRef;
  sample: StoredRef;
  preview480?: StoredRef;
  previewStrip?: StoredRef;
  width: number;
  height: number;
  durationSeconds: number | null;
  fps: number | null;
  codec: string;
  colorSpace: string | null;
  colorTransfer: string | null;
  themeColor: string;
}
