import type { DemoMediaSpec } from './demo-media-spec.js';
import type { BucketName } from '@mkt/platform';

/**
 * Buckets are logical names; the storage adapter maps them to physical ones. Renditions are
 * public; watermarked samples are handed out only through signed links, so they live apart.
 */
export const DEMO_BUCKETS = { originals: 'originals', renditions: 'renditions', samples: 'samples' } as const satisfies Record<string, BucketName>;

/** Bumped when rendering changes in a way stored demo media should pick up on the next seed. */
export const DEMO_RENDER_VERSION = 2;

export interface DemoObjectKeys {
  original: string;
  thumbnail: string;
  sample: string;
  preview480?: string;
  previewStrip?: string;
  /** Written last: its presence means every other object of the spec is complete. */
  meta: string;
}

/** Where each object of a demo item lives, under `demo/<key>/` in its bucket. */
export function demoObjectKeys(spec: Pick<DemoMediaSpec, 'key' | 'kind'>): DemoObjectKeys {
  const prefix = `demo/${spec.key}`;
  if (spec.kind === 'video') {
    return {
      original: `${prefix}/original.mp4`,
      thumbnail: `${prefix}/thumb.jpg`,
      sample: `${prefix}/sample.mp4`,
      preview480: `${prefix}/preview-480.mp4`,
      previewStrip: `${prefix}/strip.jpg`,
      meta: `${prefix}/meta.json`,
    };
  }
  return { original: `${prefix}/original.jpg`, thumbnail: `${prefix}/thumb.jpg`, sample: `${prefix}/sample.jpg`, meta: `${prefix}/meta.json` };
}
