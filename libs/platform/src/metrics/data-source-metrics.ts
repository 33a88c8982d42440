import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { OutboxMessageEntity } from '../events/outbox-message.entity.js';
import { quotedTable } from '../events/sql-identifier.js';
import { Metrics } from './metrics.port.js';

/** What TypeORM's PostgreSQL driver keeps as `master`: a pg Pool. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const poolOf = (dataSource: DataSource): PoolCounts | undefined => {
  const pool = (dataSource.driver as { master?: Partial<PoolCounts> }).master;
  return typeof pool?.totalCount === 'number' ? (pool as PoolCounts) : undefined;
};

/** The service's schema (each service has its own), else the name Nest registered it under. */
const nameOf = (dataSource: DataSource): string => {
  const options = dataSource.options as { schema?: string; name?: string };
  return options.schema ?? options.name ?? 'default';
};

/**
 * Read on each scrape from every TypeORM DataSource of the process: its connection pool
 * (total/idle/waiting) and, for a service with an outbox, how many events wait for the relay and
 * how old the oldest is (one count over the partial index of unpublished rows).
 */
@Injectable()
export class DataSourceMetrics implements OnApplicationBootstrap {
  private dataSources: DataSource[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    metrics: Metrics,
  ) {
    metrics.gauge('db_pool_connections', 'Connections of each DataSource pool, by state (total, idle, waiting clients)', ['data_source', 'state'], {
      collect: (gauge) => {
        gauge.reset();
        for (const dataSource of this.dataSources) {
          const pool = dataSource.isInitialized ? poolOf(dataSource) : undefined;
          if (!pool) continue;
          gauge.set({ data_source: nameOf(dataSource), state: 'total' }, pool.totalCount);
          gauge.set({ data_source: nameOf(dataSource), state: 'idle' }, pool.idleCount);
          gauge.set({ data_source: nameOf(dataSource), state: 'waiting' }, pool.waitingCount);
        }
      },
    });
    const outboxes = () => this.outboxes();
    metrics.gauge('outbox_pending_events', 'Events committed to the outbox and not yet relayed to the bus, by schema', ['schema'], {
      collect: async (gauge) => {
        gauge.reset();
        for (const { schema, pending } of await outboxes()) gauge.set({ schema }, pending);
      },
    });
    metrics.gauge('outbox_oldest_pending_age_seconds', 'Age of the oldest event not yet relayed from the outbox (0 when none), by schema', ['schema'], {
      collect: async (gauge) => {
        gauge.reset();
        for (const { schema, oldestSeconds } of await outboxes()) gauge.set({ schema }, oldestSeconds);
      },
    });
  }

  onApplicationBootstrap(): void {
    const found = this.discovery.getProviders().map((wrapper) => wrapper.instance as unknown);
    this.dataSources = [...new Set(found.filter((instance): instance is DataSource => instance instanceof DataSource))];
  }

  /** One query per outbox; both outbox gauges of a scrape share it. */
  private pendingScrape?: Promise<Array<{ schema: string; pending: number; oldestSeconds: number }>>;

  private outboxes(): Promise<Array<{ schema: string; pending: number; oldestSeconds: number }>> {
    this.pendingScrape ??= this.readOutboxes().finally(() => {
      setImmediate(() => (this.pendingScrape = undefined));
    });
    return this.pendingScrape;
  }

  private async readOutboxes(): Promise<Array<{ schema: string; pending: number; oldestSeconds: number }>> {
    const withOutbox = this.dataSources.filter((dataSource) => dataSource.isInitialized && dataSource.hasMetadata(OutboxMessageEntity));
    const rows = await Promise.all(
      withOutbox.map(async (dataSource) => {
        try {
          const [row] = (await dataSource.query(
            `SELECT count(*)::int AS pending, COALESCE(EXTRACT(EPOCH FROM now() - min("created_at")), 0)::float8 AS oldest
               FROM ${quotedTable(dataSource, OutboxMessageEntity)} WHERE "published_at" IS NULL`,
          )) as Array<{ pending: number; oldest: number }>;
          const schema = dataSource.getMetadata(OutboxMessageEntity).schema ?? nameOf(dataSource);
          return [{ schema, pending: row?.pending ?? 0, oldestSeconds: Math.max(0, row?.oldest ?? 0) }];
        } catch {
          // The database is down: the series disappear for this scrape (readiness reports the outage).
          return [];
        }
      }),
    );
    return rows.flat();
  }
}
