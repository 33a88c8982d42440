import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AfterQueryEvent, DataSource, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent } from 'typeorm';
import { AccountReadCache } from './account-read-cache.js';

/** Statements that may change what AccountReadCache keeps: anything but a read, naming one of its tables. */
const ACCOUNT_TABLES = /\b(?:users|sessions|staff)\b/i;
const READ_ONLY = /^\s*(?:SELECT|SHOW|START TRANSACTION|BEGIN|SAVEPOINT|RELEASE)\b/i;

/**
 * Empties the account read cache after every write of this process to users, sessions or
 * staff, whatever code path sent it (the console, sign-in, logoff, a migration), so a logged-off
 * token or a disabled account is refused by the very next call. A write inside a transaction
 * empties it again when the transaction commits, since calls in between still read the old rows.
 */
@Injectable()
export class AccountWriteWatcher implements EntitySubscriberInterface, OnModuleInit, OnModuleDestroy {
  private readonly pendingCommits = new WeakSet<QueryRunner>();

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly cache: AccountReadCache,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  onModuleDestroy(): void {
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  afterQuery(event: AfterQueryEvent): void {
    if (READ_ONLY.test(event.query) || !ACCOUNT_TABLES.test(event.query)) return;
    this.cache.invalidate();
    if (event.queryRunner.isTransactionActive) this.pendingCommits.add(event.queryRunner);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (!this.pendingCommits.has(event.queryRunner)) return;
    this.pendingCommits.delete(event.queryRunner);
    this.cache.invalidate();
  }
}
