// A fixed-concurrency HTTP load run with autocannon, with latencies kept per request so that
// any percentile (p95 included, which autocannon's own summary lacks) comes from the samples.

import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { assertLoopback } from './loopback.mjs';
import { summarize } from './stats.mjs';

/**
 * @typedef {object} LoadOptions
 * @property {string} url
 * @property {string} [method]
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {{ method?: string, path: string, headers?: Record<string, string>, body?: string }[]} [requests]
 *   a fixed list each connection cycles through in order (instead of one request)
 * @property {number} connections
 * @property {number} durationSec        measured part
 * @property {number} [warmupSec]        run first at the same concurrency and discarded
 * @property {number} [timeoutSec]       per request
 * @property {number} [maxSamples]       latencies kept (memory bound)
 */

/**
 * @typedef {object} LoadResult
 * @property {number} connections
 * @property {number} durationSec        measured wall time
 * @property {number} requests           responses received in the measured part
 * @property {number} rps                requests / durationSec
 * @property {import('./stats.mjs').Summary} latencyMs
 * @property {{ p50: number, p97_5: number, p99: number, mean: number }} autocannonLatencyMs  autocannon's own figures, for cross-checking
 * @property {number} non2xx
 * @property {Record<string, number>} statusCodes
 * @property {number} errors             connection errors
 * @property {number} timeouts
 */

/**
 * Runs the warm-up (if any), then the measured part, and summarises it.
 * @param {LoadOptions} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad(options) {
  assertLoopback(options.url);
  if (!(options.connections >= 1)) throw new RangeError('connections must be at least 1');
  if (!(options.durationSec > 0)) throw new RangeError('durationSec must be positive');
  if (options.warmupSec && options.warmupSec > 0) await runOnce({ ...options, durationSec: options.warmupSec }, false);
  return runOnce(options, true);
}

/**
 * @param {LoadOptions} options
 * @param {boolean} keepSamples
 * @returns {Promise<LoadResult>}
 */
async function runOnce(options, keepSamples) {
  const { url, method = 'GET', headers = {}, body, requests: requestList, connections, durationSec, timeoutSec = 10, maxSamples = 2_000_000 } = options;
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number>} */
  const statusCodes = {};
  const instance = autocannon({
    url,
    method,
    headers,
    body,
    ...(requestList ? { requests: requestList } : {}),
    connections,
    pipelining: 1,
    duration: durationSec,
    timeout: timeoutSec,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (keepSamples && latencies.length < maxSamples) latencies.push(responseTimeMs);
  });
  const started = performance.now();
  // autocannon stops by itself after `duration`; this only guards against a stuck run.
  const guard = setTimeout(() => instance.stop(), (durationSec + timeoutSec + 30) * 1000);
  guard.unref();
  let result;
  try {
    result = await instance;
  } finally {
    clearTimeout(guard);
  }
  const elapsedSec = (performance.now() - started) / 1000;
  const requests = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    connections,
    durationSec: elapsedSec,
    requests,
    rps: requests / elapsedSec,
    latencyMs: summarize(latencies),
    autocannonLatencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      mean: result.latency.average,
    },
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
