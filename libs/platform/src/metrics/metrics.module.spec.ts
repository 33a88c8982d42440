import { Controller, Get, Param, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { JsonLogger } from '../logging/json-logger.js';
import { configureHttpApp, createHttpAdapter } from '../http/http-app.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AddressAllowList } from './address-allow-list.js';
import { MetricsModule } from './metrics.module.js';
import { Metrics } from './metrics.port.js';

@Controller('api/things')
class ThingsController {
  @Get(':id')
  get(@Param('id') id: string) {
    return { id };
  }
}

async function start(allow: string[]): Promise<{ app: INestApplication; url: string }> {
  const moduleRef = await Test.createTestingModule({ imports: [MetricsModule.forRoot({ allow })], controllers: [ThingsController] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter([]), { bodyParser: false, logger: false });
  configureHttpApp(app, new JsonLogger('silent'), 'metrics');
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

/** The series of one metric in a text exposition, e.g. every `http_request_duration_seconds_count{…}` line. */
const series = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('GET /metrics for an allowed scraper (loopback)', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start(['loopback']);
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('answers in the Prometheus text format with the default process metrics', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('times requests by route pattern, never by raw URL, so label values stay bounded', async () => {
    for (const id of ['a1', 'b2', 'c3', 'd4']) expect((await fetch(`${server.url}/api/things/${id}`)).status).toBe(200);
    for (const path of ['/nowhere/1', '/nowhere/2', '/api/things']) expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const counts = series(text, 'http_request_duration_seconds_count');
    expect(counts).toContain('http_request_duration_seconds_count{method="GET",route="/api/things/:id",status="200"} 4');
    expect(counts).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 3');
    expect(text).not.toMatch(/a1|b2|nowhere/);
    // One series per (method, route, status), however many distinct URLs were asked for.
    expect(counts.filter((line) => line.includes('route="/api/things/:id"'))).toHaveLength(1);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/things\/:id",status="200"\} \d+/);
  });

  it('refuses a request a local proxy relays for an outside address', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('process_cpu');
  });

  it('serves the business instruments registered through the port, once per name', async () => {
    const metrics = server.app.get(Metrics);
    metrics.counter('widgets_total', 'Widgets', ['result']).inc({ result: 'ok' });
    metrics.counter('widgets_total', 'Widgets', ['result']).inc({ result: 'ok' }, 2);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(series(text, 'widgets_total')).toEqual(['widgets_total{result="ok"} 3']);
  });
});

describe('GET /metrics for anyone else', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start(['10.20.0.0/16']);
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('is a 404 to an address outside METRICS_ALLOW (here loopback)', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('process_cpu');
  });
});

describe('AddressAllowList', () => {
  it('knows named ranges, CIDR ranges, single addresses and IPv4-mapped IPv6', () => {
    const list = new AddressAllowList(['loopback', '10.20.0.0/16', '192.0.2.7']);
    expect(list.allows('127.0.0.1')).toBe(true);
    expect(list.allows('::1')).toBe(true);
    expect(list.allows('::ffff:127.0.0.1')).toBe(true);
    expect(list.allows('10.20.3.4')).toBe(true);
    expect(list.allows('10.21.3.4')).toBe(false);
    expect(list.allows('192.0.2.7')).toBe(true);
    expect(list.allows('192.0.2.8')).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(list.allows('not-an-address')).toBe(false);
  });
});
