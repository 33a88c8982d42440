export * from './metrics.port.js';
export { MetricsModule, type MetricsModuleOptions } from './metrics.module.js';
export { AddressAllowList } from './address-allow-list.js';
export { httpRequestMetrics, routeLabel } from './http-metrics.hook.js';
