import type { DataSource, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

const OUTBOX_WRITTEN = 'outboxEventsWritten';

/** Who hears about outbox rows written outside a TypeORM transaction (one-statement writes). */
const statementListeners = new WeakMap<DataSource, Set<() => void>>();

/** Nudges the relay of `dataSource` after a single statement, its own transaction, wrote to its outbox. */
export function announceOutboxWritten(dataSource: DataSource): void {
  for (const listener of statementListeners.get(dataSource) ?? []) listener();
}

/** Flags the transaction so the relay is nudged when (and only if) it commits. */
export function markOutboxWritten(queryRunner: QueryRunner): void {
  queryRunner.data[OUTBOX_WRITTEN] = true;
}

/**
 * Calls `onCommit` right after a transaction of this DataSource that wrote to the outbox commits,
 * so relaying does not wait for the next poll. Returns the function that removes the hook.
 */
export function onOutboxCommit(dataSource: DataSource, onCommit: () => void): () => void {
  const subscriber: EntitySubscriberInterface = {
    afterTransactionCommit(event: TransactionCommitEvent) {
      // A released savepoint is not a commit; only the outermost transaction ends here.
      if (event.queryRunner.isTransactionActive || !event.queryRunner.data[OUTBOX_WRITTEN]) return;
      delete event.queryRunner.data[OUTBOX_WRITTEN];
      onCommit();
    },
    afterTransactionRollback(event: TransactionRollbackEvent) {
      if (!event.queryRunner.isTransactionActive) delete event.queryRunner.data[OUTBOX_WRITTEN];
    },
  };
  dataSource.subscribers.push(subscriber);
  const listeners = statementListeners.get(dataSource) ?? new Set<() => void>();
  statementListeners.set(dataSource, listeners);
  listeners.add(onCommit);
  return () => {
    listeners.delete(onCommit);
    const index = dataSource.subscribers.indexOf(subscriber);
    if (index >= 0) dataSource.subscribers.splice(index, 1);
  };
}
