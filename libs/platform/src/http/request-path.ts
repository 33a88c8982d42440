import type { FastifyRequest } from 'fastify';

/** The URL without its query (signatures and search words stay out of logs and error lines). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The rest of the path a route ending in `/*` matched, decoded ('' when nothing follows). */
export function wildcardPath(request: FastifyRequest): string {
  const rest = (request.params as Record<string, unknown>)['*'];
  return typeof rest === 'string' ? rest : '';
}
