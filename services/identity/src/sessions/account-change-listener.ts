import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { ACCOUNT_WRITES_CHANNEL } from '../migrations/1766300000000-account-write-notices.js';
import { AccountReadCache } from './account-read-cache.js';

const RECONNECT_MS = 1_000;

/**
 * Listens for PostgreSQL's notices of committed writes to users, sessions and staff (the
 * triggers of AccountWriteNotices1766300000000) and empties the account read cache on each, so
 * a logoff or a disabled account on another replica, or a row changed by hand, is seen here too.
 * The cache is only used while this connection is up: from its LISTEN until it fails.
 */
@Injectable()
export class AccountChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AccountChangeListener');
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly cache: AccountReadCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.cache.setLive(false);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    // The same server and credentials as the service's own connections.
    const options = this.dataSource.options as { url?: string; ssl?: pg.ClientConfig['ssl'] };
    const client = new pg.Client({
      connectionString: options.url,
      ssl: options.ssl,
      application_name: 'identity-account-writes',
    });
    client.on('notification', () => this.cache.invalidate());
    client.on('error', (error) => {
      if (this.client === client) this.lost(error);
    });
    client.on('end', () => {
      if (this.client === client) this.lost(new Error('connection ended'));
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${ACCOUNT_WRITES_CHANNEL}`);
    } catch (error) {
      if (this.client === client) this.lost(error);
      return;
    }
    if (this.stopped || this.client !== client) return;
    this.cache.setLive(true);
  }

  private lost(error: unknown): void {
    this.cache.setLive(false);
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`account write notices unavailable; reading accounts from the database until they are back (${String(error)})`);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    this.retry.unref();
  }
}
