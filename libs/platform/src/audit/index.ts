export * from './staff-audit-log.entity.js';
export * from './staff-audit-table.migration.js';
export * from './staff-audit-writer.js';
