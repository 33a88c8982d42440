import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { preparedQuery } from './prepared-query.js';

/** Statement text per entity and condition. */
const selects = new WeakMap<EntityMetadata, Map<string, string>>();

/**
 * Entities of `target` matching `condition` (SQL over the table's columns, with $1.. for
 * `values`; a fixed text, never built from input), read with a prepared statement (see
 * `preparedQuery`) and hydrated as TypeORM hydrates them: each column through the driver's value
 * preparation and its transformer into its property. For the hot reads of one row by key (a
 * detail page), where TypeORM's find builds, plans and maps the same SELECT at every call.
 * Relations are not loaded.
 */
export async function preparedEntities<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, condition: string, values: unknown[]): Promise<T[]> {
  const metadata = dataSource.getMetadata(target);
  const rows = await preparedQuery<Record<string, unknown>>(dataSource, selectOf(dataSource, metadata, condition), values);
  return rows.map((row) => hydratedEntity(dataSource, target, row));
}

/** An entity of `target` from a raw row holding its columns (by column name), as TypeORM hydrates it. */
export function hydratedEntity<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, row: Record<string, unknown>): T {
  const metadata = dataSource.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    column.setEntityValue(entity, dataSource.driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
}

function selectOf(dataSource: DataSource, metadata: EntityMetadata, condition: string): string {
  let texts = selects.get(metadata);
  if (!texts) selects.set(metadata, (texts = new Map()));
  let text = texts.get(condition);
  if (text === undefined) {
    const columns = metadata.columns.map((column) => dataSource.driver.escape(column.databaseName)).join(', ');
    const table = metadata.tablePath.split('.').map((part) => dataSource.driver.escape(part)).join('.');
    text = `SELECT ${columns} FROM ${table} WHERE ${condition}`;
    texts.set(condition, text);
  }
  return text;
}
