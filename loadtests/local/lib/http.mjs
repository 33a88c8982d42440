// One HTTP call to a local server, answered as text and (when it parses) JSON.

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
