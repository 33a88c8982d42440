import type { ObjectStorage } from '@mkt/platform';
import { DemoMediaRenderer } from './demo-media-renderer.js';
import type { DemoMediaFiles, DemoMediaSpec } from './demo-media-spec.js';

/**
 * Renders a demo item (real media, made on this machine) and stores it with its renditions.
 * Idempotent: when everything is already stored for the same spec, returns the stored
 * metadata without rendering. `workDir` holds scratch files, removed afterwards; `cacheDir`, when
 * given, keeps rendered files for the next data folder.
 */
export async function renderDemoMedia(spec: DemoMediaSpec, storage: ObjectStorage, workDir: string, options: { cacheDir?: string } = {}): Promise<DemoMediaFiles> {
  const renderer = await DemoMediaRenderer.create(storage, options);
  return renderer.render(spec, workDir);
}
