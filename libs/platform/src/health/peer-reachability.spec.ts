import { PeerReachability } from './peer-reachability.js';
import { ReadinessRegistry } from './readiness.js';

const quiet = { warn: () => undefined, log: () => undefined };

function probeFetch(answers: Array<() => Promise<Response>>) {
  const urls: string[] = [];
  const impl = (async (url: string) => {
    urls.push(url);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as unknown as typeof fetch;
  return { impl, urls };
}

const refused = () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }));
const status = (code: number) => async () => new Response('{}', { status: code });

describe('PeerReachability', () => {
  let now: number;
  beforeEach(() => (now = Date.parse('2025-03-01T10:00:00.000Z')));

  it('is unknown until something answers or fails', () => {
    const peer = new PeerReachability('identity', { probeUrl: 'http://identity:8080/health/live', now: () => now, logger: quiet });
    expect(peer.status()).toEqual({ reachable: null, since: null, lastError: null, lastErrorAt: null, checkedAt: null });
  });

  it('reports when the current state began, and keeps the last error after recovery', () => {
    const peer = new PeerReachability('identity', { probeUrl: 'http://identity:8080/health/live', now: () => now, logger: quiet });
    peer.noteFailure('fetch failed: ECONNREFUSED');
    now += 5_000;
    peer.noteFailure('fetch failed: ECONNREFUSED');
    expect(peer.status()).toEqual({
      reachable: false,
      since: '2025-03-01T10:00:00.000Z',
      lastError: 'fetch failed: ECONNREFUSED',
      lastErrorAt: '2025-03-01T10:00:05.000Z',
      checkedAt: '2025-03-01T10:00:05.000Z',
    });
    now += 5_000;
    peer.noteAnswer();
    expect(peer.status()).toMatchObject({ reachable: true, since: '2025-03-01T10:00:10.000Z', lastError: 'fetch failed: ECONNREFUSED' });
  });

  it('probes the given URL: a 2xx is reachable, a refused connection or a 5xx is not', async () => {
    const { impl, urls } = probeFetch([refused, status(503), status(200)]);
    const peer = new PeerReachability('identity', { probeUrl: 'http://identity:8080/health/live', fetchImpl: impl, now: () => now, logger: quiet });
    await peer.probe();
    expect(peer.status()).toMatchObject({ reachable: false, lastError: 'probe failed: fetch failed: ECONNREFUSED' });
    await peer.probe();
    expect(peer.status()).toMatchObject({ reachable: false, lastError: 'probe answered HTTP 503' });
    await peer.probe();
    expect(peer.status().reachable).toBe(true);
    expect(urls).toEqual(Array(3).fill('http://identity:8080/health/live'));
  });

  it('does not probe while real calls keep it informed', async () => {
    const { impl, urls } = probeFetch([status(200)]);
    const peer = new PeerReachability('identity', { probeUrl: 'http://identity/health/live', intervalMs: 15_000, fetchImpl: impl, now: () => now, logger: quiet });
    peer.noteAnswer();
    now += 14_999;
    await peer.probeIfQuiet();
    expect(urls).toHaveLength(0);
    now += 1;
    await peer.probeIfQuiet();
    expect(urls).toHaveLength(1);
  });

  it('logs losing the peer and finding it again once each, not every failure', () => {
    const lines: Array<[string, unknown]> = [];
    const logger = { warn: (line: unknown) => lines.push(['warn', line]), log: (line: unknown) => lines.push(['log', line]) };
    const peer = new PeerReachability('identity', { probeUrl: 'http://identity/health/live', now: () => now, logger });
    peer.noteAnswer();
    peer.noteFailure('a');
    peer.noteFailure('b');
    now += 30_000;
    peer.noteAnswer();
    peer.noteAnswer();
    expect(lines).toEqual([
      ['warn', { msg: 'identity unreachable', error: 'a' }],
      ['log', { msg: 'identity reachable again', downForSeconds: 30 }],
    ]);
  });

  it('is reported by readiness without failing it', async () => {
    const readiness = new ReadinessRegistry();
    readiness.register({ name: 'database:orders', check: async () => undefined });
    const peer = new PeerReachability('identity', { probeUrl: 'http://identity/health/live', now: () => now, logger: quiet });
    readiness.registerPeer(peer);
    peer.noteFailure('fetch failed: ECONNREFUSED');
    const result = await readiness.run();
    expect(result.ready).toBe(true);
    expect(result.checks).toEqual({ 'database:orders': 'up' });
    expect(result.dependencies.identity).toMatchObject({ reachable: false, lastError: 'fetch failed: ECONNREFUSED' });
  });
});
