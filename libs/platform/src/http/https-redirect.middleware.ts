import type { NextFunction, Request, Response } from 'express';

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[\w.-]+\.(local|test|localhost))(:\d+)?$/i;

/**
 * Behind a TLS-terminating proxy, plain http is sent to https, except on local and test
 * hosts (spec section 2).
 */
export function httpsRedirect(request: Request, response: Response, next: NextFunction): void {
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const host = request.headers.host ?? '';
  if (proto === 'http' && host && !LOCAL_HOST.test(host) && (request.method === 'GET' || request.method === 'HEAD')) {
    response.redirect(301, `https://${host}${request.originalUrl}`);
    return;
  }
  next();
}
