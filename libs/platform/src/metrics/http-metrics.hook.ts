import type { FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Metrics } from './metrics.port.js';

/** The web apps' catch-all (static files and the pages' fallback) counts as no route. */
const CATCH_ALL_ROUTES = new Set(['*', '/*']);

/**
 * The route a request matched, as its pattern (/api/material/:id), never the raw URL: label values
 * stay bounded whatever clients send. Requests no route matched (404s, static files, probes) share
 * one value.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (typeof pattern !== 'string' || CATCH_ALL_ROUTES.has(pattern)) return 'unmatched';
  return pattern || '/';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Times every request into http_request_duration_seconds{method, route, status}. */
export function httpRequestMetrics(metrics: Metrics): onResponseHookHandler {
  const duration = metrics.histogram('http_request_duration_seconds', 'HTTP request duration in seconds, by method, route pattern and status code', ['method', 'route', 'status']);
  return (request, reply, done) => {
    duration.observe(
      { method: METHODS.has(request.method) ? request.method : 'OTHER', route: routeLabel(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  };
}
