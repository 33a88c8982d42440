// One HTTP call to a local server, answered as text and (when it parses) JSON.

import http from 'node:http';
import { assertLoopback } from './loopback.mjs';

/**
 * @typedef {object} HttpAnswer
 * @property {number} status
 * @property {string} contentType
 * @property {string} text
 * @property {any} json   the parsed body, or undefined when it is not JSON
 */

/**
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: unknown, timeoutMs?: number }} [options]
 *   `body` is sent as JSON unless it is already a string.
 * @returns {Promise<HttpAnswer>}
 */
export async function callJson(url, { method = 'GET', headers = {}, body, timeoutMs = 10_000 } = {}) {
  assertLoopback(url);
  /** @type {Record<string, string>} */
  const allHeaders = { accept: 'application/json', ...headers };
  let payload;
  if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    allHeaders['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers: allHeaders, body: payload, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
}

/**
 * One kept-alive connection, as a browser tab holds, for loops that send many calls: fetch's own
 * cost per call (undici, an abort signal each) is several times a plain request's, and on shared
 * cores it would be counted against the server.
 */
export function keepAliveClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    /**
     * @param {string} url
     * @param {unknown} body  sent as JSON
     * @param {number} [timeoutMs]
     * @param {Record<string, string>} [headers]  more request headers (accept-language, ...)
     * @returns {Promise<{ status: number, json: any }>}
     */
    postJson(url, body, timeoutMs = 10_000, headers = {}) {
      assertLoopback(url);
      const payload = Buffer.from(JSON.stringify(body));
      return new Promise((resolvePost, rejectPost) => {
        const request = http.request(
          url,
          { method: 'POST', agent, timeout: timeoutMs, headers: { accept: 'application/json', 'content-type': 'application/json', 'content-length': payload.length, ...headers } },
          (response) => {
            /** @type {Buffer[]} */
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('error', rejectPost);
            response.on('end', () => {
              let json;
              try {
                json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                json = undefined;
              }
              resolvePost({ status: response.statusCode ?? 0, json });
            });
          },
        );
        request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
        request.on('error', rejectPost);
        request.end(payload);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
