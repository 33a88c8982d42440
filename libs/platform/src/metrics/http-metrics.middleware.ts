import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics.port.js';

/**
 * The route a request matched, as its pattern (/api/material/:id), never the raw URL: label values
 * stay bounded whatever clients send. Requests no route matched (404s, static files, probes) share
 * one value.
 */
export function routeLabel(request: Request): string {
  const pattern: unknown = (request as Request & { route?: { path?: unknown } }).route?.path;
  if (typeof pattern !== 'string') return 'unmatched';
  return `${request.baseUrl}${pattern}` || '/';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Times every request into http_request_duration_seconds{method, route, status}. */
export function httpRequestMetrics(metrics: Metrics) {
  const duration = metrics.histogram('http_request_duration_seconds', 'HTTP request duration in seconds, by method, route pattern and status code', ['method', 'route', 'status']);
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      duration.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'OTHER',
          route: routeLabel(request),
          status: String(response.statusCode),
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}
