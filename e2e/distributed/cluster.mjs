import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresServer } from '@mkt/platform';
import { routeOwner, SERVICES } from '../../deploy/service-routes.mjs';
import { freePort } from '../harness.mjs';
import { startS3Server } from './s3-server.mjs';

const ROOT = join(import.meta.dirname, '../..');
const DB_PASSWORD = 'distributed-test-only';

/**
 * The distributed shape on one machine, without containers: every service its own process from
 * its own `main`, with its own database and role on one embedded PostgreSQL (no access to the
 * others'), the PostgreSQL event bus in a database of its own that every process shares, files in
 * an S3-compatible server (STORAGE=minio), sessions checked with identity over HTTP, and a
 * gateway that sends each call where the route table (the one nginx and the ingress are generated
 * from) says. Returns where to reach it and how to read each service's log lines.
 */
export async function startCluster({ log = () => undefined } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'mkt-distributed-'));
  const cleanup = [];
  const stopAll = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const postgres = new EmbeddedPostgresServer({ dataDir: join(root, 'postgres'), port: 0, password: 'postgres-test-only', settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } });
    await postgres.start();
    cleanup.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.adminUrl() });
    await admin.connect();
    for (const name of [...SERVICES, 'eventbus']) {
      await admin.query(`CREATE ROLE "${name}" LOGIN PASSWORD '${DB_PASSWORD}'`);
      await admin.query(`CREATE DATABASE "${name}" OWNER "${name}"`);
      await admin.query(`REVOKE ALL ON DATABASE "${name}" FROM PUBLIC`);
    }
    await admin.end();
    const databaseUrl = (name) => `postgres://${name}:${DB_PASSWORD}@127.0.0.1:${postgres.port}/${name}`;
    log(`PostgreSQL on ${postgres.port}: databases ${[...SERVICES, 'eventbus'].join(', ')}`);

    const s3 = await startS3Server();
    cleanup.push(() => s3.stop());
    log(`S3 on ${s3.port}`);

    const gatewayPort = await freePort();
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const ports = Object.fromEntries(await Promise.all(SERVICES.map(async (service) => [service, await freePort()])));
    const shared = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PUBLIC_URL: gatewayUrl,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      EVENT_BUS: 'postgres',
      EVENT_BUS_DATABASE_URL: databaseUrl('eventbus'),
      STORAGE: 'minio',
      S3_ENDPOINT: s3.endPoint,
      S3_PORT: String(s3.port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      // Secrets every service must share (each has its own data folder, so none may be generated).
      TOKEN_SECRET: randomBytes(32).toString('base64'),
      SIGNING_SECRET: randomBytes(32).toString('base64'),
      FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      UPLOAD_MIN_VIDEO_BYTES: '1000',
      ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH } : {}),
    };
    const processes = {};
    for (const service of SERVICES) {
      const env = {
        ...shared,
        PORT: String(ports[service]),
        DATA_DIR: join(root, service),
        DATABASE_URL: databaseUrl(service),
        SEED_DEMO: service === 'identity' ? 'true' : 'false',
        OTEL_SERVICE_NAME: service,
        ...(service === 'identity' ? {} : { IDENTITY_URL: `http://127.0.0.1:${ports.identity}` }),
        // The catalogue's search index is built the way a large catalogue's is: in a child process.
        ...(service === 'catalogue' ? { SEARCH_INDEX_CHILD_MIN: '0' } : {}),
      };
      processes[service] = startProcess(service, join(ROOT, `services/${service}/dist/main.js`), env);
      cleanup.push(() => processes[service].stop());
    }
    await Promise.all(SERVICES.map((service) => processes[service].ready(`http://127.0.0.1:${ports[service]}`)));
    log(`services up: ${SERVICES.map((s) => `${s}:${ports[s]}`).join(' ')}`);

    const gateway = startGateway(gatewayPort, ports);
    cleanup.push(() => new Promise((resolve) => gateway.close(resolve)));
    await new Promise((resolve) => gateway.once('listening', resolve));

    return {
      url: gatewayUrl,
      /** A service's own address (for what no gateway routes: the dev mailbox, /metrics). */
      serviceUrl: (service) => `http://127.0.0.1:${ports[service]}`,
      /** The JSON log lines a service has written so far. */
      logLines: (service) => processes[service].lines(),
      /** Which processes are still running. */
      running: () => SERVICES.filter((service) => processes[service].running()),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function startProcess(name, main, env) {
  const child = spawn(process.execPath, [main], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    running: () => child.exitCode === null && child.signalCode === null,
    lines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line)),
    async ready(url) {
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
        try {
          if ((await fetch(`${url}/health/ready`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`${name} not ready in 120 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The public edge: each call to the service the route table names; the rest is not found here. */
function startGateway(port, ports) {
  const server = createServer((incoming, outgoing) => {
    const service = routeOwner(new URL(incoming.url, 'http://gateway').pathname);
    if (!service) {
      outgoing.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not routed"}');
      return;
    }
    const upstream = httpRequest({ host: '127.0.0.1', port: ports[service], method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  server.listen(port, '127.0.0.1');
  return server;
}

// `node e2e/distributed/cluster.mjs` (after `npm run build:server`) starts the same cluster by hand
// and keeps it up until Ctrl-C: the API through the gateway, each service's own port for /metrics.
if (process.argv[1] === import.meta.filename) {
  const cluster = await startCluster({ log: (line) => console.log(line) });
  console.log(`gateway (the route table's edge): ${cluster.url}/api/…, ${cluster.url}/admin-api/…`);
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
