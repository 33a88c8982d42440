import { join } from 'node:path';
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig, type AppConfig, type RawEnv } from '../config/app-config.js';
import { EmbeddedPostgresServer } from '../database/embedded-postgres.server.js';
import { configureHttpApp, createHttpAdapter } from '../http/http-app.js';
import { JsonLogger, type LogDestination } from '../logging/json-logger.js';
import { PlatformModule } from '../platform.module.js';
import { installTracing } from '../tracing/trace-setup.js';

export interface ServiceProcessOptions {
  /** Shown in logs and the OpenAPI document. */
  title: string;
  /** The service modules this process runs (one service alone, or all of them). */
  modules: (Type | DynamicModule)[];
  /** Extra HTTP set-up after the shared one, e.g. serving the web apps. */
  configure?: (app: NestFastifyApplication, config: AppConfig) => void;
  env?: RawEnv;
  /** Overrides applied after the environment is read (tests). */
  override?: (config: AppConfig) => AppConfig;
  /** Where log lines go instead of stdout (tests that read them). */
  logDestination?: LogDestination;
}

export interface RunningServiceProcess {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  logger: JsonLogger;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'marketplace';

/**
 * Starts one HTTP process: reads and validates the configuration, starts embedded PostgreSQL
 * when no DATABASE_URL is given, builds the Nest application and listens.
 */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<RunningServiceProcess> {
  let config = loadConfig(options.env ?? process.env);
  if (options.override) config = options.override(config);
  const logger = new JsonLogger(config.logLevel, options.logDestination);
  const flushTraces = installTracing({ serviceName: config.tracing.serviceName ?? options.title, exporter: config.tracing.exporter });

  let embedded: EmbeddedPostgresServer | undefined;
  if (!config.database.url) {
    embedded = new EmbeddedPostgresServer({
      dataDir: join(config.dataDir, 'postgres'),
      port: config.database.embeddedPort,
      password: 'marketplace',
      settings: { shared_buffers: config.database.embeddedSharedBuffers },
      onLog: (line) => logger.pino.debug({ context: 'EmbeddedPostgres' }, line),
      onNotice: (line) => logger.pino.warn({ context: 'EmbeddedPostgres' }, line),
    });
    await embedded.start();
    await embedded.createDatabaseIfMissing(EMBEDDED_DATABASE_NAME);
    config = { ...config, database: { ...config.database, url: embedded.adminUrl(EMBEDDED_DATABASE_NAME) } };
    logger.pino.info({ context: 'Bootstrap', port: embedded.port, dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }

  let app: NestFastifyApplication | undefined;
  try {
    @Module({ imports: [PlatformModule.forRoot(config), ...options.modules] })
    class RootModule {}
    // No enableShutdownHooks: runServiceProcess handles the signals, so the order is always
    // app.close() (relays, bus, HTTP, DataSources) and only then the embedded database.
    app = await NestFactory.create<NestFastifyApplication>(RootModule, createHttpAdapter(config.http.trustedProxies), { logger, bodyParser: false, abortOnError: false });
    configureHttpApp(app, logger, options.title);
    options.configure?.(app, config);
    await app.listen(config.http.port, config.http.host);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.http.port;
  const url = `http://localhost:${port}`;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      await embedded?.stop();
      // Spans of the last requests and events, when an exporter is on.
      await flushTraces().catch(() => undefined);
    })());
  return { app, config, url, logger, stop };
}

/** For `main.ts` files: start, print where to go, stop cleanly on SIGINT/SIGTERM. */
export async function runServiceProcess(
  options: ServiceProcessOptions,
  announce: (running: RunningServiceProcess) => string[] = ({ url }) => [`listening on ${url}`],
): Promise<void> {
  let running: RunningServiceProcess;
  try {
    running = await startServiceProcess(options);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error)}\n`);
    process.exit(1);
  }
  for (const line of announce(running)) process.stdout.write(`${line}\n`);
  const shutdown = (signal: string) => {
    running.logger.pino.info({ context: 'Bootstrap', signal }, 'shutting down');
    running
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
