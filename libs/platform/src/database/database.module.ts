import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { ReadinessRegistry } from '../health/readiness.js';
import { runMigrationsUnderLock } from './migration-runner.js';
import { databaseOutage } from './outage-log.js';

export interface ServiceDatabaseOptions {
  /** The service name; also its PostgreSQL schema and the DataSource name. */
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** Options for one service's DataSource: its own schema, its own migrations table. */
export function serviceDataSourceOptions(url: string, options: ServiceDatabaseOptions): DataSourceOptions {
  const logger = new Logger(`Database:${options.name}`);
  return {
    type: 'postgres',
    url,
    schema: options.name,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    extra: { max: options.poolSize ?? 10, application_name: `mkt-${options.name}` },
    // A server restart or shutdown cuts idle pooled connections (57P01): do not crash, and count
    // it in the outage (logged once) rather than once per pooled connection.
    poolErrorHandler: (error: Error) => {
      if (!databaseOutage.noteFailure(error, `pool:${options.name}`)) logger.warn({ err: error.message }, 'database pool error');
    },
  };
}

/** Opens a service DataSource and brings its schema up to date. */
export function openServiceDataSource(url: string, options: ServiceDatabaseOptions): Promise<DataSource> {
  return initialiseWithMigrations(new DataSource(serviceDataSourceOptions(url, options)), options.name);
}

async function initialiseWithMigrations(dataSource: DataSource, schema: string): Promise<DataSource> {
  await dataSource.initialize();
  const applied = await runMigrationsUnderLock(dataSource, schema);
  if (applied.length > 0) new Logger(`Database:${schema}`).log({ applied }, 'migrations applied');
  return dataSource;
}

/**
 * One PostgreSQL DataSource per service, in the service's own schema (single machine: one
 * database, a schema each; distributed: DATABASE_URL points each service at its own database).
 * Inject it with `@InjectDataSource(name)` or repositories with `@InjectRepository(Entity, name)`.
 */
@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    const typeorm = TypeOrmModule.forRootAsync({
      name: options.name,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.database.url) throw new Error('database URL is not resolved: start the embedded server first');
        return serviceDataSourceOptions(config.database.url, options);
      },
      dataSourceFactory: async (dataSourceOptions) => {
        if (!dataSourceOptions) throw new Error('missing DataSource options');
        return initialiseWithMigrations(new DataSource(dataSourceOptions), options.name);
      },
    });
    return {
      module: DatabaseModule,
      imports: [typeorm, TypeOrmModule.forFeature(entityClasses(options.entities), options.name)],
      providers: [
        {
          provide: `DatabaseReadiness:${options.name}`,
          inject: [getDataSourceToken(options.name), ReadinessRegistry],
          useFactory: (dataSource: DataSource, readiness: ReadinessRegistry) => {
            readiness.register({
              name: `database:${options.name}`,
              check: async () => {
                const startedAt = Date.now();
                try {
                  await dataSource.query('SELECT 1');
                } catch (error) {
                  databaseOutage.noteFailure(error, `readiness:${options.name}`);
                  throw error;
                }
                databaseOutage.noteSuccess(startedAt);
              },
            });
            return true;
          },
        },
      ],
      exports: [TypeOrmModule],
    };
  }
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function entityClasses(entities: ServiceDatabaseOptions['entities']): Function[] {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const list = Array.isArray(entities) ? entities : Object.values(entities as Record<string, Function>);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  return list.filter((entity): entity is Function => typeof entity === 'function');
}

