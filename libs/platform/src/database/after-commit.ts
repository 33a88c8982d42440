import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

const CALLBACKS = 'afterCommitCallbacks';
const installed = new WeakSet<DataSource>();

/**
 * Runs `callback` once the transaction `manager` belongs to commits, and never if it rolls back;
 * at once when `manager` is not in a transaction. For effects outside the database that must not
 * show uncommitted state (emptying an in-memory cache a concurrent reader would refill too early).
 */
export function afterCommit(manager: EntityManager, callback: () => void): void {
  const queryRunner = manager.queryRunner;
  if (!queryRunner?.isTransactionActive) {
    callback();
    return;
  }
  installCommitSubscriber(manager.connection);
  const callbacks = (queryRunner.data[CALLBACKS] ??= []) as (() => void)[];
  callbacks.push(callback);
}

function installCommitSubscriber(dataSource: DataSource): void {
  if (installed.has(dataSource)) return;
  installed.add(dataSource);
  const subscriber: EntitySubscriberInterface = {
    afterTransactionCommit(event: TransactionCommitEvent) {
      // A released savepoint is not a commit; only the outermost transaction ends here.
      if (event.queryRunner.isTransactionActive) return;
      for (const callback of takeCallbacks(event.queryRunner)) callback();
    },
    afterTransactionRollback(event: TransactionRollbackEvent) {
      if (!event.queryRunner.isTransactionActive) takeCallbacks(event.queryRunner);
    },
  };
  dataSource.subscribers.push(subscriber);
}

function takeCallbacks(queryRunner: QueryRunner): (() => void)[] {
  const callbacks = (queryRunner.data[CALLBACKS] ?? []) as (() => void)[];
  delete queryRunner.data[CALLBACKS];
  return callbacks;
}
