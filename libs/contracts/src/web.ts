// The web apps' entry: paths, constants, types and pure helpers, without zod (no schemas, no
// events), so importing it keeps zod out of the store's bundle. Schemas come from the package root.
export * from './envelope.js';
export * from './error-codes.js';
export * from './messages.js';
export * from './routes.js';
export * from './filter-labels.js';
export * from './money.js';
export * from './identity/api.js';
export * from './identity/signing.js';
export * from './catalogue/api.js';
export * from './catalogue/boards.js';
export * from './catalogue/demand.js';
export * from './catalogue/analytics.js';
export * from './sessions/api.js';
export * from './uploads/api.js';
export * from './uploads/releases.js';
export * from './orders/api.js';
export * from './orders/purchase-requests.js';
export * from './orders/company-licences.js';
export * from './music/api.js';
export * from './payouts/api.js';
export * from './contests/api.js';
export * from './column-limits.js';
export * from './shop/api.js';
