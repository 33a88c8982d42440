export { renderDemoMedia, DEMO_BUCKETS, type DemoMediaFiles, type DemoMediaSpec, type StoredRef } from './render-demo-media.js';
export { DemoMediaRenderer, DemoMediaRenderError } from './demo-media-renderer.js';
