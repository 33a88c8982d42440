// Benchmarks only ever talk to the loopback interface.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Throws unless the URL points at the loopback interface.
 * @param {string | URL} url
 * @returns {URL}
 */
export function assertLoopback(url) {
  const parsed = new URL(url);
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) {
    throw new Error(`refusing to send benchmark traffic to ${parsed.host}: only the loopback interface is allowed`);
  }
  return parsed;
}
