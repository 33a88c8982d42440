import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The whole process configuration, read once from the environment at start and validated.
 * A wrong or missing value stops the process with one message naming every problem.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** What Express's `trust proxy` understands: an address, a CIDR range or one of its named ranges. */
function isProxyAddress(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address, bits, ...rest] = item.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const port = z.coerce.number().int().min(0).max(65535);

/**
 * Site-verification files answered at the site root, as `name.txt=content` pairs separated by
 * commas or new lines. Names are restricted so that a setting can never shadow a route or reach
 * outside the root; contents are one line of printable text, as the search engines hand them out.
 */
export const SITE_VERIFICATION_NAME = /^[A-Za-z0-9_-]{1,64}\.txt$/;
const SITE_VERIFICATION_CONTENT = /^[\x20-\x7E]{1,1024}$/;

const siteVerificationFiles = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const files: Record<string, string> = {};
    for (const entry of value.split(/[,\n]/).map((item) => item.trim()).filter(Boolean)) {
      const separator = entry.indexOf('=');
      const name = separator > 0 ? entry.slice(0, separator).trim() : entry;
      const content = separator > 0 ? entry.slice(separator + 1).trim() : '';
      if (!SITE_VERIFICATION_NAME.test(name)) {
        ctx.addIssue({ code: 'custom', message: `has a file name that is not letters, digits, _ or - followed by .txt (at most 64 characters before .txt): ${JSON.stringify(name.slice(0, 80))}` });
      } else if (!SITE_VERIFICATION_CONTENT.test(content)) {
        ctx.addIssue({ code: 'custom', message: `needs name=content with 1 to 1024 printable characters of content for ${name}` });
      } else if (name in files) {
        ctx.addIssue({ code: 'custom', message: `names ${name} twice` });
      } else {
        files[name] = content;
      }
    }
    return files;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(8080),
    PUBLIC_URL: z.url().optional(),
    // Who may say, in X-Forwarded-For, which address a request came from: the reverse proxies in
    // front of the process (addresses, CIDR ranges, or loopback/linklocal/uniquelocal). Nobody by default.
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
      .refine((items) => items.every(isProxyAddress), 'must be a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'),
    // Who may read GET /metrics (Prometheus): addresses, CIDR ranges or loopback/linklocal/uniquelocal.
    // Everyone else gets 404; the public proxies never route /metrics anyway.
    METRICS_ALLOW: z
      .string()
      .default('loopback')
      .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
      .refine((items) => items.every(isProxyAddress), 'must be a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Trace ids are always made and logged; spans leave the process only with an exporter
    // (`otlp`: to OTEL_EXPORTER_OTLP_ENDPOINT, read by the exporter itself).
    OTEL_TRACES_EXPORTER: z.enum(['none', 'otlp']).default('none'),
    OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    EMBEDDED_PG_PORT: port.default(54329),
    // PostgreSQL's own page cache for the embedded database: the catalogue's search and lists
    // read from it instead of the kernel's; a million-material catalogue wants about 1GB.
    EMBEDDED_PG_SHARED_BUFFERS: z.string().regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'must look like 128MB or 1GB').default('256MB'),
    // How long search results, cards and details are served from memory (0 turns it off).
    READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    // The catalogue's visual indexing job (frames and looks of published photos and videos, read
    // from their originals): on, or off where materials have no real media (generated benchmarks).
    VISUAL_INDEXING: z.enum(['on', 'off']).default('on'),
    // The catalogue's job that streams each published video's preview as HLS (read from the
    // stored 480p preview): on, or off where previews are not real media (generated benchmarks).
    PREVIEW_STREAMS: z.enum(['on', 'off']).default('on'),
    // The catalogue's record of what buyers search (anonymous daily counts): off only to measure
    // what the recording costs the search path (benchmarks).
    SEARCH_DEMAND: z.enum(['on', 'off']).default('on'),
    // The catalogue's count of appearances, views and favourites of materials for their
    // contributors' sales analytics: off only to measure what counting costs (benchmarks).
    MATERIAL_ANALYTICS: z.enum(['on', 'off']).default('on'),
    EVENT_BUS: z.enum(['postgres', 'kafka']).default('postgres'),
    // The PostgreSQL bus's own database, shared by every service process (absent: the service's
    // DATABASE_URL, which is right when the services share one database, as on a single machine).
    EVENT_BUS_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // How long an event a crashed consumer had claimed waits before it is delivered again.
    EVENT_VISIBILITY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // Handlers run at once per consumer group and process; one aggregate's events stay in order.
    EVENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    KAFKA_BROKERS: z.string().optional(),
    KAFKA_CLIENT_ID: z.string().default('stock-marketplace'),
    STORAGE: z.enum(['local', 'minio']).default('local'),
    S3_ENDPOINT: z.string().optional(),
    S3_PORT: port.optional(),
    S3_USE_SSL: bool.default(false),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET_PREFIX: z.string().default('mkt-'),
    S3_PUBLIC_URL: z.url().optional(),
    // Set for a service deployed without identity: sessions are then checked with identity over HTTP.
    IDENTITY_URL: z.url().optional(),
    SEARCH: z.enum(['memory', 'postgres', 'opensearch']).default('memory'),
    SEARCH_INDEX_CHILD_MIN: z.coerce.number().int().min(0).max(1_000_000_000).default(20_000),
    OPENSEARCH_URL: z.url().optional(),
    NOTIFIER: z.enum(['dev-mailbox', 'smtp']).optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    // Text messages (phone sign-in codes) through an SMS provider, beside SMTP e-mail.
    SMS: z.enum(['none', 'aliyun']).default('none'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
    MAIL_FROM: z.string().default('Lumen Stock <no-reply@lumenstock.cn>'),
    TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Base64 of 32 random bytes: encrypts card and identity numbers at rest. */
    FIELD_ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be the base64 of 32 random bytes (openssl rand -base64 32)')
      .optional(),
    SEED_DEMO: bool.optional(),
    // The first console administrator of a new deployment (identity only): created when no staff
    // account has that name, never changed afterwards.
    INITIAL_ADMIN_USERNAME: z.string().regex(/^[a-z0-9._-]{3,64}$/, 'must be 3 to 64 lowercase letters, digits, dots, dashes or underscores').optional(),
    INITIAL_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(200).optional(),
    SERVE_WEB: bool.default(true),
    // Where a service that answers shared store pages (ADR 0029) reads the store's index.html when
    // it does not serve the built store itself: the web container's, e.g. http://web:8080/index.html.
    STORE_SHELL_URL: z.url({ protocol: /^https?$/ }).optional(),
    SITE_VERIFICATION_FILES: siteVerificationFiles,
  })
  .superRefine((env, ctx) => {
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    if (env.EVENT_BUS === 'kafka') need('KAFKA_BROKERS', 'when EVENT_BUS=kafka');
    if (env.STORAGE === 'minio') {
      need('S3_ENDPOINT', 'when STORAGE=minio');
      need('S3_ACCESS_KEY', 'when STORAGE=minio');
      need('S3_SECRET_KEY', 'when STORAGE=minio');
    }
    if (env.SEARCH === 'opensearch') need('OPENSEARCH_URL', 'when SEARCH=opensearch');
    const notifier = env.NOTIFIER ?? (env.NODE_ENV === 'production' ? 'smtp' : 'dev-mailbox');
    if (notifier === 'smtp') need('SMTP_URL', 'when NOTIFIER=smtp (the default in production)');
    if (env.SMS === 'aliyun') {
      for (const key of ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const) need(key, 'when SMS=aliyun');
      if (notifier !== 'smtp') ctx.addIssue({ code: 'custom', path: ['SMS'], message: 'needs NOTIFIER=smtp (the dev mailbox shows every code itself)' });
    }
    if (!env.INITIAL_ADMIN_USERNAME !== !env.INITIAL_ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['INITIAL_ADMIN_PASSWORD'], message: 'and INITIAL_ADMIN_USERNAME are set together or not at all' });
    }
    if (env.NODE_ENV === 'production') {
      if (env.NOTIFIER === 'dev-mailbox') {
        ctx.addIssue({ code: 'custom', path: ['NOTIFIER'], message: 'dev-mailbox is not allowed in production' });
      }
      need('TOKEN_SECRET', 'in production');
      need('SIGNING_SECRET', 'in production');
      need('FIELD_ENCRYPTION_KEY', 'in production');
    }
  });

export type RawEnv = Record<string, string | undefined>;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  http: {
    host: string;
    port: number;
    publicUrl: string;
    /** Base of links the server hands out: PUBLIC_URL when set, else '' (relative to the page). */
    linkBase: string;
    serveWeb: boolean;
    /** Express's `trust proxy`: only these peers' X-Forwarded-* headers are believed. */
    trustedProxies: string[];
    /** Peers allowed to read GET /metrics; everyone else gets 404. */
    metricsAllow: string[];
    /** Text files answered at the site root (file name to content); every other path is the store's. */
    siteVerificationFiles: Readonly<Record<string, string>>;
    /**
     * Where shared store pages get the store's index.html (ADR 0029): the built store beside the
     * code when this process serves it, the web container's URL when it does not; null: neither.
     */
    storeShell: StoreShellSource | null;
  };
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: { url: string | null; embeddedPort: number; embeddedSharedBuffers: string };
  /** Identity's address for services deployed without it (session checks); null in the single process. */
  identityUrl: string | null;
  /** Seconds the catalogue serves search results, cards and details from memory; 0 = never. */
  readCacheSeconds: number;
  /** Whether the catalogue indexes the frames and looks of published photos and videos (VISUAL_INDEXING). */
  visualIndexing: boolean;
  /** Whether the catalogue renders HLS streams of published videos' previews (PREVIEW_STREAMS). */
  previewStreams: boolean;
  /** Whether the catalogue counts store searches into its daily demand figures (SEARCH_DEMAND). */
  searchDemand: boolean;
  /** Whether the catalogue counts appearances, views and favourites for sales analytics (MATERIAL_ANALYTICS). */
  materialAnalytics: boolean;
  /** Where spans go (`none`: trace ids in logs and events only) and the service name they carry (null: the process title). */
  tracing: { exporter: 'none' | 'otlp'; serviceName: string | null };
  events:
    | { transport: 'postgres'; databaseUrl: string | null; visibilityTimeoutSeconds: number; concurrency: number }
    | { transport: 'kafka'; brokers: string[]; clientId: string; visibilityTimeoutSeconds: number; concurrency: number };
  storage:
    | { driver: 'local' }
    | {
        driver: 'minio';
        endPoint: string;
        port?: number;
        useSSL: boolean;
        accessKey: string;
        secretKey: string;
        region: string;
        bucketPrefix: string;
        /** The address browsers reach the object store at; presigned links are signed for it. */
        publicUrl?: string;
      };
  /** `memory`: `childBuildFrom` is the number of published materials from which the index is built in a child process (ADR 0020). */
  search: { engine: 'memory'; childBuildFrom: number } | { engine: 'postgres' } | { engine: 'opensearch'; url: string };
  notifier: { driver: 'dev-mailbox' } | { driver: 'smtp'; url: string; from: string; sms: SmsConfig | null };
  /** Secrets; null means "generate once and keep in the data folder" (never in production). */
  secrets: { token: string | null; signing: string | null; fieldEncryption: string | null };
  seedDemo: boolean;
  /** The console administrator to create on a new deployment (INITIAL_ADMIN_*), or null. */
  initialAdmin: { username: string; password: string } | null;
}

export type StoreShellSource = { source: 'file'; path: string } | { source: 'url'; url: string };

/** The built store's index.html, from the repository root (this file is libs/platform/{src,dist}/config/). */
const BUILT_STORE_SHELL = fileURLToPath(new URL('../../../../web-store/dist/index.html', import.meta.url));

export interface SmsConfig {
  driver: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
  protocol: 'https' | 'http';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(raw: RawEnv = process.env): AppConfig {
  // Empty strings from shells and compose files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const notifier = env.NOTIFIER ?? (env.NODE_ENV === 'production' ? 'smtp' : 'dev-mailbox');
  return {
    env: env.NODE_ENV,
    http: {
      host: env.HOST,
      port: env.PORT,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      linkBase: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
      serveWeb: env.SERVE_WEB,
      trustedProxies: env.TRUSTED_PROXIES,
      metricsAllow: env.METRICS_ALLOW,
      siteVerificationFiles: env.SITE_VERIFICATION_FILES,
      storeShell: env.STORE_SHELL_URL ? { source: 'url', url: env.STORE_SHELL_URL } : env.SERVE_WEB ? { source: 'file', path: BUILT_STORE_SHELL } : null,
    },
    dataDir: resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    database: { url: env.DATABASE_URL ?? null, embeddedPort: env.EMBEDDED_PG_PORT, embeddedSharedBuffers: env.EMBEDDED_PG_SHARED_BUFFERS },
    readCacheSeconds: env.READ_CACHE_SECONDS,
    visualIndexing: env.VISUAL_INDEXING === 'on',
    previewStreams: env.PREVIEW_STREAMS === 'on',
    searchDemand: env.SEARCH_DEMAND === 'on',
    materialAnalytics: env.MATERIAL_ANALYTICS === 'on',
    tracing: { exporter: env.OTEL_TRACES_EXPORTER, serviceName: env.OTEL_SERVICE_NAME ?? null },
    identityUrl: env.IDENTITY_URL ?? null,
    events:
      env.EVENT_BUS === 'kafka'
        ? {
            transport: 'kafka',
            brokers: (env.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim()).filter(Boolean),
            clientId: env.KAFKA_CLIENT_ID,
            visibilityTimeoutSeconds: env.EVENT_VISIBILITY_TIMEOUT_SECONDS,
            concurrency: env.EVENT_CONCURRENCY,
          }
        : { transport: 'postgres', databaseUrl: env.EVENT_BUS_DATABASE_URL ?? null, visibilityTimeoutSeconds: env.EVENT_VISIBILITY_TIMEOUT_SECONDS, concurrency: env.EVENT_CONCURRENCY },
    storage:
      env.STORAGE === 'minio'
        ? {
            driver: 'minio',
            endPoint: env.S3_ENDPOINT as string,
            port: env.S3_PORT,
            useSSL: env.S3_USE_SSL,
            accessKey: env.S3_ACCESS_KEY as string,
            secretKey: env.S3_SECRET_KEY as string,
            region: env.S3_REGION,
            bucketPrefix: env.S3_BUCKET_PREFIX,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : { driver: 'local' },
    search:
      env.SEARCH === 'opensearch'
        ? { engine: 'opensearch', url: env.OPENSEARCH_URL as string }
        : env.SEARCH === 'postgres'
          ? { engine: 'postgres' }
          : { engine: 'memory', childBuildFrom: env.SEARCH_INDEX_CHILD_MIN },
    notifier:
      notifier === 'smtp'
        ? {
            driver: 'smtp',
            url: env.SMTP_URL as string,
            from: env.MAIL_FROM,
            sms:
              env.SMS === 'aliyun'
                ? {
                    driver: 'aliyun',
                    accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID as string,
                    accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET as string,
                    signName: env.ALIYUN_SMS_SIGN_NAME as string,
                    templateCode: env.ALIYUN_SMS_TEMPLATE_CODE as string,
                    // A host, or a URL when the API is reached through a gateway or a local stand-in.
                    endpoint: env.ALIYUN_SMS_ENDPOINT.replace(/^https?:\/\//, '').replace(/\/$/, ''),
                    protocol: env.ALIYUN_SMS_ENDPOINT.startsWith('http://') ? 'http' : 'https',
                  }
                : null,
          }
        : { driver: 'dev-mailbox' },
    secrets: { token: env.TOKEN_SECRET ?? null, signing: env.SIGNING_SECRET ?? null, fieldEncryption: env.FIELD_ENCRYPTION_KEY ?? null },
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    initialAdmin: env.INITIAL_ADMIN_USERNAME && env.INITIAL_ADMIN_PASSWORD ? { username: env.INITIAL_ADMIN_USERNAME, password: env.INITIAL_ADMIN_PASSWORD } : null,
  };
}
