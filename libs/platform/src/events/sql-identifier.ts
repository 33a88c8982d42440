import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

const PLAIN_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Schema names reach SQL text (they cannot be bind parameters), so only plain identifiers are
 * accepted rather than trusting quoting alone.
 */
export function quoteIdentifier(name: string): string {
  if (!PLAIN_IDENTIFIER.test(name)) {
    throw new Error(`"${name}" is not a plain SQL identifier (letters, digits, underscores; not starting with a digit)`);
  }
  return `"${name}"`;
}

/** The quoted, schema-qualified table of an entity as registered in this DataSource. */
export function quotedTable(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>): string {
  const metadata = dataSource.getMetadata(entity);
  const table = quoteIdentifier(metadata.tableName);
  return metadata.schema ? `${quoteIdentifier(metadata.schema)}.${table}` : table;
}
