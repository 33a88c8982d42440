export * from './frame-hash-index.js';
export * from './source-matcher.js';
export * from './look-index.js';
export * from './colour-swatches.js';
export * from './frame-index.port.js';
export * from './in-memory-frame-index.js';
