import type { onRequestHookHandler } from 'fastify';

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[\w.-]+\.(local|test|localhost))(:\d+)?$/i;

/**
 * Where a request that reached a TLS-terminating proxy as plain http must go instead, or null:
 * GET and HEAD on a public host go to https; local and test hosts are left alone (spec section 2).
 */
export function httpsRedirectTarget(headers: Readonly<Record<string, string | string[] | undefined>>, method: string, url: string): string | null {
  const forwarded = headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const host = typeof headers.host === 'string' ? headers.host : '';
  if (proto === 'http' && host && !LOCAL_HOST.test(host) && (method === 'GET' || method === 'HEAD')) return `https://${host}${url}`;
  return null;
}

export const httpsRedirect: onRequestHookHandler = (request, reply, done) => {
  const target = httpsRedirectTarget(request.headers, request.method, request.url);
  if (target === null) return done();
  // Answering from the hook ends the request here: done() is not called.
  void reply.redirect(target, 301);
};
