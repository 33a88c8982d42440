import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { RouteConfig } from './route-config.js';

/** NUL, which PostgreSQL refuses in text, and unpaired UTF-16 surrogates, which no encoder can write. */
const UNSTORABLE = /\0|\p{Cs}/u;
const MAX_DEPTH = 32;

/**
 * Where in a parsed value (JSON body, query string) a string or key holds text that cannot be
 * stored, as a dotted path; null when there is none. Deeper than any form nests counts as bad.
 */
export function findUnstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return path || 'body';
    const found = findUnstorableText(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One rule at the edge for every route of every service: a request whose path, query or body
 * carries text that cannot be stored is refused (422 with the field's name) before any
 * controller, query or audit write sees it (multipart form fields are checked by their schemas).
 * `path` is the request's path as sent, still percent-encoded. Null when the request may go on.
 */
export function unstorableTextRefusal(path: string, query: unknown, body: unknown): AppError | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return new AppError(ErrorCode.MALFORMED_BODY, 'malformedPath');
  }
  const field = UNSTORABLE.test(decoded) ? 'path' : (findUnstorableText(query, 'query') ?? findUnstorableText(body, ''));
  return field === null ? null : new AppError(ErrorCode.VALIDATION_FAILED, 'textUnstorable', { field: field || 'body' });
}

/** The Fastify route option that leaves a route's query string out of that rule. */
export interface TextCheckRouteConfig {
  queryTextUnchecked?: boolean;
}

/**
 * For routes that only read their query, never store it, and answer anything they cannot use
 * with a page of their own (shared store pages: a link pasted with a stray NUL still opens the
 * store, not a JSON refusal). The path and the body are still checked.
 */
export function QueryTextUnchecked(): ClassDecorator & MethodDecorator {
  return RouteConfig({ queryTextUnchecked: true } satisfies TextCheckRouteConfig);
}
