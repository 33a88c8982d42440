export * from './frame-hash-index.js';
export * from './source-matcher.js';
export * from './look-index.js';
export * from './colour-swatches.js';
