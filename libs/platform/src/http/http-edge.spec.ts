import { Body, Controller, Get, Header, Injectable, Param, Post, Req, UseGuards, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, formatMessage, languageFromHeader, serialId } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { z } from 'zod';
import { StaffAuthGuard } from '../auth/auth.guards.js';
import { JsonLogger } from '../logging/json-logger.js';
import { currentRequestId } from '../logging/request-context.js';
import { activeTraceIds } from '../tracing/trace-context.js';
import { installTracing } from '../tracing/trace-setup.js';
import { adminResourceController } from './admin-resource.controller.js';
import { RawResponse } from './envelope.js';
import { configureHttpApp, createHttpAdapter } from './http-app.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RateLimit, RateLimitGuard } from './rate-limit.guard.js';

/** What every service's HTTP edge does before a handler runs, on a real server. */

@Controller('api/edge')
class EdgeController {
  @Post('echo')
  echo(@Body() body: unknown) {
    return body;
  }

  /** What the handler's own work (logs, events) sees, once the body has been read. */
  @Post('context')
  async context(@Body() body: unknown) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { requestId: currentRequestId(), traceId: activeTraceIds()?.traceId, body };
  }

  @Get('ip')
  ip(@Req() request: FastifyRequest) {
    return { ip: request.ip };
  }

  @Get('export/:id')
  @RawResponse()
  @Header('content-type', 'text/csv; charset=utf-8')
  export(@Param('id') id: string) {
    if (id !== '1') throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    return 'a,b\n1,2\n';
  }

  @Post('nothing')
  nothing(): void {}

  @Post('code/send')
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 2, windowSeconds: 60 })
  send() {
    return { sent: true };
  }
}

@Controller('api/raw')
@RawResponse()
class RawController {
  @Get('plain')
  plain() {
    return { plain: true };
  }
}

@Injectable()
class ThingsService {
  readonly asked: string[] = [];
  get(id: string) {
    this.asked.push(id);
    return Promise.resolve({ id: Number(id) });
  }
}

const ThingsController = adminResourceController({
  resource: 'things',
  id: serialId(),
  tag: 'things',
  service: ThingsService,
  roles: ['admin'],
  list: { sortable: ['id'], defaultSort: ['id', 'ASC'], filter: z.object({}), rows: () => Promise.resolve({ rows: [], total: 0 }) },
  get: (things, id) => things.get(id),
  update: { schema: z.object({ name: z.string() }), run: (things, _actor, id) => things.get(id) },
});

async function startEdge(trustedProxies: string[]): Promise<{ app: INestApplication; url: string; things: ThingsService }> {
  const moduleRef = await Test.createTestingModule({ controllers: [EdgeController, RawController, ThingsController], providers: [ThingsService, RateLimitGuard] })
    .overrideGuard(StaffAuthGuard)
    .useValue({
      canActivate: (context: { switchToHttp(): { getRequest(): Record<string, unknown> } }) => {
        context.switchToHttp().getRequest().staff = { staffId: 's1', sessionId: 'x', username: 'admin', roles: ['admin'] };
        return true;
      },
    })
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(trustedProxies), { bodyParser: false, logger: false });
  configureHttpApp(app, new JsonLogger('silent'), 'edge');
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}`, things: moduleRef.get(ThingsService) };
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) });

describe('the HTTP edge with no trusted proxy (the single machine)', () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;
  beforeAll(async () => {
    edge = await startEdge([]);
  });
  afterAll(async () => {
    await edge.app.close();
  });

  it('does not let X-Forwarded-For choose the address per-address limits count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await fetch(`${edge.url}/api/edge/code/send`, { method: 'POST', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    const seen = await (await fetch(`${edge.url}/api/edge/ip`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).json();
    expect(seen.data.ip).toMatch(/127\.0\.0\.1$/);
  });

  it('answers 404 for a console id its key column cannot hold, before the service is asked', async () => {
    for (const id of ['abc', '1.5', '-1', '0', String(2 ** 31), '99999999999999999999', '0x10', '1e3']) {
      const read = await fetch(`${edge.url}/admin-api/things/${id}`);
      const write = await fetch(`${edge.url}/admin-api/things/${id}`, { ...json({ name: 'x' }), method: 'PUT' });
      expect([id, read.status, write.status]).toEqual([id, 404, 404]);
    }
    expect(edge.things.asked).toEqual([]);
    const found = await fetch(`${edge.url}/admin-api/things/${2 ** 31 - 1}`);
    expect([found.status, await found.json()]).toEqual([200, { id: 2 ** 31 - 1 }]);
  });

  it('wraps store results in the success envelope in the caller\'s language; raw handlers, raw controllers and console resources answer as they are', async () => {
    const chinese = await fetch(`${edge.url}/api/edge/echo`, { ...json({ a: 1 }), headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' } });
    const okInChinese = formatMessage(languageFromHeader('zh-CN'), 'ok');
    expect(okInChinese).not.toBe(formatMessage(languageFromHeader('en'), 'ok'));
    expect([chinese.status, await chinese.json()]).toEqual([201, { code: 0, success: true, message: okInChinese, data: { a: 1 } }]);
    const nothing = await fetch(`${edge.url}/api/edge/nothing`, json({}));
    expect((await nothing.json()).data).toBeNull();
    expect(await (await fetch(`${edge.url}/api/raw/plain`)).json()).toEqual({ plain: true });
    expect(await (await fetch(`${edge.url}/api/edge/export/1`)).text()).toBe('a,b\n1,2\n');
    // `update` is added to the console resource's class after its decorators ran.
    const updated = await fetch(`${edge.url}/admin-api/things/7`, { ...json({ name: 'x' }), method: 'PUT' });
    expect([updated.status, await updated.json()]).toEqual([200, { id: 7 }]);
    const unknown = await fetch(`${edge.url}/api/edge/missing`);
    expect([unknown.status, (await unknown.json()).success]).toEqual([404, false]);
  });

  it('answers 422 naming the field for an unpaired surrogate in a console write, before the handler', async () => {
    edge.things.asked.length = 0;
    const reply = await fetch(`${edge.url}/admin-api/things/1`, { ...json({ name: 'half \ud83d' }), method: 'PUT' });
    expect(reply.status).toBe(422);
    expect((await reply.json()).message).toContain('name');
    expect(edge.things.asked).toEqual([]);
  });

  it('refuses a console write whose body is not a JSON object (null, an array, XML, none) with a localized 400, before the handler', async () => {
    edge.things.asked.length = 0;
    const bodies: [string | undefined, string | undefined][] = [
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '"x"'],
      ['application/xml', '<thing><name>x</name></thing>'],
      ['text/plain', 'name=x'],
      [undefined, undefined],
    ];
    for (const [type, body] of bodies) {
      const reply = await fetch(`${edge.url}/admin-api/things/1`, { method: 'PUT', headers: { 'accept-language': 'en', ...(type ? { 'content-type': type } : {}) }, body });
      expect([type, body, reply.status, await reply.json()]).toEqual([type, body, 400, { code: ErrorCode.MALFORMED_BODY, success: false, message: formatMessage('en', 'bodyNotObject'), data: null }]);
    }
    const zh = await fetch(`${edge.url}/admin-api/things/1`, { ...json(null), method: 'PUT', headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' } });
    expect((await zh.json()).message).toBe('请求体须为 JSON 对象（Content-Type: application/json）');
    expect(edge.things.asked).toEqual([]);
  });

  it('runs the handler, after its body is read and across awaits, in the request\'s id and trace', async () => {
    installTracing({ serviceName: 'edge', exporter: 'none' });
    const reply = await fetch(`${edge.url}/api/edge/context`, json({ a: 1 }));
    const { data } = await reply.json();
    expect(data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data).toEqual({ requestId: reply.headers.get('x-request-id'), traceId: reply.headers.get('x-trace-id'), body: { a: 1 } });
    const kept = await fetch(`${edge.url}/api/edge/context`, { ...json({}), headers: { ...json({}).headers, 'x-request-id': 'caller-id-0001' } });
    expect((await kept.json()).data.requestId).toBe('caller-id-0001');
  });

  it('answers a failed export in the JSON envelope, not in the type the export declared', async () => {
    const found = await fetch(`${edge.url}/api/edge/export/1`);
    expect([found.status, found.headers.get('content-type'), await found.text()]).toEqual([200, 'text/csv; charset=utf-8', 'a,b\n1,2\n']);
    const missing = await fetch(`${edge.url}/api/edge/export/2`, { headers: { 'accept-language': 'en' } });
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
    expect(await missing.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, success: false, data: null });
  });

  it('reads an empty JSON body as {}, refuses broken JSON and prototype keys with 400, and leaves other types unread', async () => {
    const empty = await fetch(`${edge.url}/api/edge/echo`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect([empty.status, (await empty.json()).data]).toEqual([201, {}]);
    const broken = await fetch(`${edge.url}/api/edge/echo`, { ...json({}), body: '{"a":' });
    expect([broken.status, (await broken.json()).code]).toEqual([400, ErrorCode.MALFORMED_BODY]);
    const poisoned = await fetch(`${edge.url}/api/edge/echo`, { ...json({}), body: '{"__proto__":{"admin":true}}' });
    expect(poisoned.status).toBe(400);
    const tooLarge = await fetch(`${edge.url}/api/edge/echo`, { ...json({}), body: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }) });
    expect(tooLarge.status).toBe(413);
    const text = await fetch(`${edge.url}/api/edge/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect([text.status, (await text.json()).data]).toEqual([201, null]);
  });

  it('answers a path that does not decode with 400 in the envelope, in the caller\'s language', async () => {
    const reply = await fetch(`${edge.url}/api/edge/%E0%A4%A`, { headers: { 'accept-language': 'en' } });
    expect([reply.status, await reply.json()]).toEqual([400, { code: ErrorCode.MALFORMED_BODY, success: false, message: 'The request address is not valid', data: null }]);
    const zh = await fetch(`${edge.url}/api/edge/%E0%A4%A`, { headers: { 'accept-language': 'zh-CN' } });
    expect((await zh.json()).message).toBe('请求地址无效');
  });

  it('stores text composed and without control or bidirectional characters', async () => {
    const reply = await fetch(`${edge.url}/api/edge/echo`, json({ company: 'Acme\u202e gnidaeR\u202c', note: 'Cafe\u0301\u0007\nline two', list: ['\u2066x\u2069'] }));
    expect((await reply.json()).data).toEqual({ company: 'Acme gnidaeR', note: 'Café\nline two', list: ['x'] });
  });
});

describe('the HTTP edge behind a configured proxy', () => {
  it('takes the caller address from X-Forwarded-For only when the proxy sent it', async () => {
    const edge = await startEdge(['127.0.0.1']);
    try {
      const seen = await (await fetch(`${edge.url}/api/edge/ip`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).json();
      expect(seen.data.ip).toBe('203.0.113.9');
    } finally {
      await edge.app.close();
    }
  });
});
