import { Module, type DynamicModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AuthModule } from './auth/auth.module.js';
import { RemoteSessionsModule } from './auth/remote-session.validators.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { CryptoModule } from './crypto/crypto.module.js';
import { resolveSecrets } from './config/secrets.js';
import { EventsModule } from './events/index.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { NotifierModule } from './notifier/notifier.module.js';
import { SharePagesModule } from './share-pages/share-pages.module.js';
import { StorageModule } from './storage/index.js';
import { TimeModule } from './time/time.module.js';

/**
 * The infrastructure every service process needs, each concern behind one port whose adapter
 * the configuration picks: events (PostgreSQL or Kafka), storage (local disk or MinIO),
 * notifier (dev mailbox or SMTP); the store's shell for shared pages (the built file or the web
 * container's copy); metrics (Prometheus, GET /metrics for allowed scrapers only);
 * one scheduler for the services' `@Interval` jobs (Nest tells dynamic modules apart by
 * reference, so a `ScheduleModule.forRoot()` in each service would run every job once per service
 * in the single-machine process).
 */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    const url = config.database.url;
    if (!url) throw new Error('database URL is not resolved');
    const secrets = resolveSecrets(config);
    return {
      module: PlatformModule,
      imports: [
        ConfigModule.forRoot(config),
        TimeModule,
        ScheduleModule.forRoot(),
        CryptoModule.forRoot(secrets.fieldEncryption),
        HealthModule,
        MetricsModule.forRoot({ allow: config.http.metricsAllow }),
        AuthModule,
        ...(config.identityUrl ? [RemoteSessionsModule.forRoot(config.identityUrl, secrets.token)] : []),
        NotifierModule.forRoot(config.notifier),
        SharePagesModule.forRoot(config.http.storeShell),
        EventsModule.forRootAsync({
          useFactory: () =>
            config.events.transport === 'kafka'
              ? { transport: 'kafka', brokers: config.events.brokers, clientId: config.events.clientId, visibilityTimeoutSeconds: config.events.visibilityTimeoutSeconds, concurrency: config.events.concurrency }
              : { transport: 'postgres', connectionString: config.events.databaseUrl ?? url, visibilityTimeoutSeconds: config.events.visibilityTimeoutSeconds, concurrency: config.events.concurrency },
        }),
        // Synchronous, so the signed-file routes exist only for the local driver.
        StorageModule.forRoot(
          config.storage.driver === 'minio'
            ? { ...config.storage }
            : { driver: 'local', dataDir: config.dataDir, publicBaseUrl: config.http.linkBase, signingSecret: secrets.signing },
        ),
      ],
    };
  }
}
