import { Test } from '@nestjs/testing';
import { ErrorCode } from '@mkt/contracts';
import { HealthController } from '../health/health.controller.js';
import { HealthModule } from '../health/health.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { PromMetrics } from '../metrics/prom-metrics.adapter.js';
import { RemoteSessionsModule, SessionIntrospectionClient, type IntrospectionOutcome } from './remote-session.validators.js';

const request = { kind: 'user' as const, sessionId: '6f1e8a2c-0d3b-4c55-9a77-2b8e4f1d9c01', subjectId: '0b7f3c9e-5a21-4d8e-b6f0-93c2a1e7d456' };

function fakeFetch(responses: (() => Promise<Response>)[]) {
  const calls: RequestInit[] = [];
  const impl = (async (_url: string, init: RequestInit) => {
    calls.push(init);
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SessionIntrospectionClient', () => {
  let now = 0;
  beforeEach(() => (now = 1_000));

  it('signs each question and reuses an answer within its ttl', async () => {
    const { impl, calls } = fakeFetch([json(200, { userId: request.subjectId, sessionId: request.sessionId }), json(401, { code: ErrorCode.TOKEN_INVALID })]);
    const client = new SessionIntrospectionClient('http://identity:8080/', 's'.repeat(48), impl, 10_000, () => now);
    expect(await client.introspect(request)).toEqual({ userId: request.subjectId, sessionId: request.sessionId });
    now += 9_999;
    await client.introspect(request);
    expect(calls).toHaveLength(1);
    expect((calls[0]!.headers as Record<string, string>)['x-introspection-signature']).toMatch(/^[0-9a-f]{64}$/);
    now += 1;
    await expect(client.introspect(request)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
  });

  it('maps a disabled account to code 3', async () => {
    const { impl } = fakeFetch([json(403, { code: ErrorCode.ACCOUNT_DISABLED })]);
    const client = new SessionIntrospectionClient('http://identity', 's'.repeat(48), impl, 10_000, () => now);
    await expect(client.introspect(request)).rejects.toMatchObject({ code: ErrorCode.ACCOUNT_DISABLED });
  });

  it('fails closed on an outage or a server error, and asks again next time', async () => {
    const { impl, calls } = fakeFetch([() => Promise.reject(new Error('ECONNREFUSED')), json(500, { code: 1500 }), json(200, { userId: 'u', sessionId: 's' })]);
    const client = new SessionIntrospectionClient('http://identity', 's'.repeat(48), impl, 10_000, () => now);
    await expect(client.introspect(request)).rejects.toMatchObject({ code: ErrorCode.NOT_READY });
    await expect(client.introspect(request)).rejects.toMatchObject({ code: ErrorCode.NOT_READY });
    expect(await client.introspect(request)).toEqual({ userId: 'u', sessionId: 's' });
    expect(calls).toHaveLength(3);
  });
});

describe('SessionIntrospectionClient observers', () => {
  it('are told how each call ended, never about a cache hit', async () => {
    const { impl } = fakeFetch([json(200, { userId: 'u', sessionId: 's' }), json(401, { code: ErrorCode.TOKEN_INVALID }), json(502, {}), () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))]);
    const client = new SessionIntrospectionClient('http://identity', 's'.repeat(48), impl, 10_000, () => 1_000);
    const seen: Array<[IntrospectionOutcome, string | undefined]> = [];
    client.observe({ called: (outcome, seconds, error) => seen.push([outcome, seconds >= 0 ? error : 'negative duration']) });
    await client.introspect(request);
    await client.introspect(request);
    await expect(client.introspect({ ...request, sessionId: 'other' })).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    await expect(client.introspect({ ...request, sessionId: 'third' })).rejects.toMatchObject({ code: ErrorCode.NOT_READY });
    await expect(client.introspect({ ...request, sessionId: 'third' })).rejects.toMatchObject({ code: ErrorCode.NOT_READY });
    expect(seen).toEqual([
      ['ok', undefined],
      ['denied', undefined],
      ['error', 'identity answered HTTP 502'],
      ['error', 'fetch failed: ECONNREFUSED'],
    ]);
  });
});

describe('RemoteSessionsModule while identity is down', () => {
  it('counts the failed call, reports identity unreachable on /health/ready, and stays ready', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    }) as unknown as typeof fetch;
    const moduleRef = await Test.createTestingModule({
      imports: [HealthModule, MetricsModule.forRoot({ allow: [] }), RemoteSessionsModule.forRoot('http://identity:8080', 's'.repeat(48), down)],
    }).compile();
    const client = moduleRef.get(SessionIntrospectionClient);
    const metrics = moduleRef.get(PromMetrics, { strict: false });

    await expect(client.introspect(request)).rejects.toMatchObject({ code: ErrorCode.NOT_READY });
    await expect(client.introspect({ ...request, sessionId: 'another' })).rejects.toMatchObject({ code: ErrorCode.NOT_READY });

    const text = await metrics.render();
    expect(text).toContain('identity_introspection_calls_total{outcome="error"} 2');
    expect(text).toMatch(/identity_introspection_duration_seconds_count\{outcome="error"\} 2/);
    const statuses: number[] = [];
    const body = await moduleRef.get(HealthController).ready({ status: (code: number) => statuses.push(code) } as never);
    expect(statuses).toEqual([200]);
    expect(body).toMatchObject({
      status: 'up',
      dependencies: { identity: { reachable: false, lastError: 'fetch failed: ECONNREFUSED', since: expect.any(String) } },
    });
    await moduleRef.close();
  });
});
