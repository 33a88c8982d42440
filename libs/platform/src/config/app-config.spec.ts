import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('runs the single-machine defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.http.port).toBe(8080);
    expect(config.database.url).toBeNull();
    expect(config.events).toEqual({ transport: 'postgres', databaseUrl: null, visibilityTimeoutSeconds: 30, concurrency: 4 });
    expect(config.storage).toEqual({ driver: 'local' });
    expect(config.search).toEqual({ engine: 'memory', childBuildFrom: 20_000 });
    expect(config.notifier).toEqual({ driver: 'dev-mailbox' });
    expect(config.seedDemo).toBe(true);
    expect(config.readCacheSeconds).toBe(30);
    expect(config.database.embeddedSharedBuffers).toBe('256MB');
  });

  it('puts the PostgreSQL bus in a database of its own when told, so separate service databases share one bus', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://orders@db/orders', EVENT_BUS_DATABASE_URL: 'postgres://bus@db/eventbus' });
    expect(config.events).toMatchObject({ transport: 'postgres', databaseUrl: 'postgres://bus@db/eventbus' });
    expect(() => loadConfig({ EVENT_BUS_DATABASE_URL: 'mysql://db/bus' })).toThrow(/EVENT_BUS_DATABASE_URL must be a postgres/);
  });

  it('reads the store shell of shared pages from the built store it serves, else from STORE_SHELL_URL', () => {
    const built = loadConfig({}).http.storeShell;
    expect(built).toMatchObject({ source: 'file' });
    expect(built?.source === 'file' && built.path.endsWith('/web-store/dist/index.html')).toBe(true);
    expect(loadConfig({ SERVE_WEB: 'false' }).http.storeShell).toBeNull();
    expect(loadConfig({ SERVE_WEB: 'false', STORE_SHELL_URL: 'http://web:8080/index.html' }).http.storeShell).toEqual({ source: 'url', url: 'http://web:8080/index.html' });
    expect(() => loadConfig({ STORE_SHELL_URL: 'file:///etc/passwd' })).toThrow(/STORE_SHELL_URL/);
  });

  it('keeps tracing exports off unless asked', () => {
    expect(loadConfig({}).tracing).toEqual({ exporter: 'none', serviceName: null });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'orders' }).tracing).toEqual({ exporter: 'otlp', serviceName: 'orders' });
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(ConfigError);
  });

  it('adds Alibaba Cloud SMS beside SMTP when configured, with every key it needs', () => {
    const smtp = { NOTIFIER: 'smtp', SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(smtp).notifier).toMatchObject({ driver: 'smtp', sms: null });
    expect(() => loadConfig({ ...smtp, SMS: 'aliyun' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID is required when SMS=aliyun/);
    expect(() => loadConfig({ SMS: 'aliyun' })).toThrow(/SMS needs NOTIFIER=smtp/);
    const config = loadConfig({
      ...smtp,
      SMS: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'Lumen Stock',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    });
    expect(config.notifier).toMatchObject({ driver: 'smtp', sms: { driver: 'aliyun', signName: 'Lumen Stock', templateCode: 'SMS_1', endpoint: 'dysmsapi.aliyuncs.com' } });
  });

  it('sizes the read cache and the embedded database cache, refusing nonsense', () => {
    const config = loadConfig({ READ_CACHE_SECONDS: '0', EMBEDDED_PG_SHARED_BUFFERS: '2GB' });
    expect(config.readCacheSeconds).toBe(0);
    expect(config.database.embeddedSharedBuffers).toBe('2GB');
    expect(() => loadConfig({ READ_CACHE_SECONDS: '-1' })).toThrow(/READ_CACHE_SECONDS/);
    expect(() => loadConfig({ EMBEDDED_PG_SHARED_BUFFERS: '2 GB; DROP' })).toThrow(/EMBEDDED_PG_SHARED_BUFFERS must look like/);
  });

  it('selects the distributed adapters by configuration', () => {
    const config = loadConfig({
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      STORAGE: 'minio',
      S3_ENDPOINT: 'minio',
      S3_PORT: '9000',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
      SEARCH: 'opensearch',
      OPENSEARCH_URL: 'http://os:9200',
      DATABASE_URL: 'postgres://u:p@db:5432/identity',
    });
    expect(config.events).toEqual({ transport: 'kafka', brokers: ['k1:9092', 'k2:9092'], clientId: 'stock-marketplace', visibilityTimeoutSeconds: 30, concurrency: 4 });
    expect(config.storage).toMatchObject({ driver: 'minio', endPoint: 'minio', port: 9000 });
    expect(config.search).toEqual({ engine: 'opensearch', url: 'http://os:9200' });
    expect(config.database.url).toBe('postgres://u:p@db:5432/identity');
  });

  it('names every wrong or missing value in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', EVENT_BUS: 'kafka', DATABASE_URL: 'mysql://x', STORAGE: 's3' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL must be a postgres/);
    expect(problems).toMatch(/STORAGE/);
  });

  it('requires the conditional values of the chosen adapters', () => {
    expect(() => loadConfig({ EVENT_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS is required when EVENT_BUS=kafka/);
    expect(() => loadConfig({ STORAGE: 'minio' })).toThrow(/S3_ENDPOINT is required/);
  });

  it('refuses production without secrets, SMTP, or with the dev mailbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_SECRET is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        NOTIFIER: 'dev-mailbox',
        TOKEN_SECRET: 'x'.repeat(32),
        SIGNING_SECRET: 'y'.repeat(32),
      }),
    ).toThrow(/dev-mailbox is not allowed in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/FIELD_ENCRYPTION_KEY is required in production/);
    expect(() => loadConfig({ FIELD_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/FIELD_ENCRYPTION_KEY must be the base64 of 32 random bytes/);
    const key = Buffer.alloc(32, 7).toString('base64');
    const ok = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      TOKEN_SECRET: 'x'.repeat(32),
      SIGNING_SECRET: 'y'.repeat(32),
      FIELD_ENCRYPTION_KEY: key,
    });
    expect(ok.notifier).toMatchObject({ driver: 'smtp', url: 'smtp://mail:25' });
    expect(ok.seedDemo).toBe(false);
    expect(ok.secrets.fieldEncryption).toBe(key);
  });
});
