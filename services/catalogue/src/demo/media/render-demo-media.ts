import type { ObjectStorage } from '@mkt/platform';
import { DemoMediaRenderer } from './demo-media-renderer.js';

export { DEMO_BUCKETS } from './demo-media-keys.js';

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

/**
 * Renders a demo item (real media, made on this machine) and stores it with its renditions.
 * Idempotent: when everything is already stored for the same spec, returns the stored
 * metadata without rendering. `workDir` holds scratch files, removed afterwards.
 */
export async function renderDemoMedia(spec: DemoMediaSpec, storage: ObjectStorage, workDir: string): Promise<DemoMediaFiles> {
  const renderer = await DemoMediaRenderer.create(storage);
  return renderer.render(spec, workDir);
}
