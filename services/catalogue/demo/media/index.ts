export { renderDemoMedia } from './render-demo-media.js';
export { DEMO_BUCKETS } from './demo-media-keys.js';
export type { DemoMediaFiles, DemoMediaSpec, StoredRef } from './demo-media-spec.js';
export { DemoMediaRenderer, DemoMediaRenderError } from './demo-media-renderer.js';
