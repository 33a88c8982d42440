import type { DataSource } from 'typeorm';
import { MaterialEntity } from '../entities/material.entity.js';
import { MATERIAL_CARD_COLUMN_NAMES } from './material-cards.js';

/** A row of the detail statement: every materials column, the card columns only for the similar ones. */
export type DetailStatementRow = Record<string, unknown> & { subject: boolean };

const statements = new WeakMap<DataSource, string>();

/**
 * One statement for a detail page whose similar materials the search engine already named: the
 * published material's row with every column of MaterialEntity (`subject` true), then the card
 * rows of the published similar ones (`$2`, the other columns NULL). One round trip to PostgreSQL
 * instead of the material first and the cards after it: on two cores shared with the database, a
 * round trip (the socket write that wakes a backend, its row description) costs about what a
 * statement this small does (docs/runbooks/benchmarks.md).
 */
export function detailStatement(dataSource: DataSource): string {
  let text = statements.get(dataSource);
  if (text === undefined) {
    const metadata = dataSource.getMetadata(MaterialEntity);
    const names = metadata.columns.map((column) => column.databaseName);
    const cardNames = new Set<string>(MATERIAL_CARD_COLUMN_NAMES);
    const missing = MATERIAL_CARD_COLUMN_NAMES.filter((name) => !names.includes(name));
    if (missing.length > 0) throw new Error(`card columns missing from MaterialEntity: ${missing.join(', ')}`);
    const column = (name: string) => `m.${dataSource.driver.escape(name)}`;
    const table = metadata.tablePath.split('.').map((part) => dataSource.driver.escape(part)).join('.');
    // UNION ALL takes each column's type from the first part, so the second part's NULLs need no casts.
    text = `SELECT true AS subject, ${names.map(column).join(', ')}, NULL AS bookmark_id
      FROM ${table} m WHERE m.id = $1 AND m.status = 'published'
      UNION ALL
      SELECT false, ${names.map((name) => (cardNames.has(name) ? column(name) : 'NULL')).join(', ')}, NULL
      FROM ${table} m WHERE m.id IN (SELECT unnest($2::bigint[])) AND m.status = 'published'`;
    statements.set(dataSource, text);
  }
  return text;
}
