import { LANGUAGE_LINK_PARAM, languageFromHeader, languageFromLink, type Language } from '@mkt/contracts';

/** A host as a Host header may name it: a name or an IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** The query as Fastify parsed it, or nothing for anything else. */
export function queryOf(request: { query: unknown }): Readonly<Record<string, unknown>> {
  return request.query !== null && typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};
}

/**
 * The language a shared page is shown in: the link's own (`?lang=zh|en`), so a link shared in
 * English previews in English; else the first of ours the reader's Accept-Language names; else zh.
 */
export function shareLanguage(query: Readonly<Record<string, unknown>>, acceptLanguage: string | undefined): Language {
  return languageFromLink(query[LANGUAGE_LINK_PARAM]) ?? languageFromHeader(acceptLanguage);
}

/**
 * Where readers reach the store, for absolute addresses in the tags: PUBLIC_URL when it is set.
 * Otherwise the request's own host and scheme, as Fastify reads them (X-Forwarded-Host and
 * -Proto only from the configured trusted proxies), and only a host that looks like one; anything
 * else gets the process's own address rather than text a caller made up.
 */
export function publicOrigin(http: { linkBase: string; publicUrl: string }, request: { protocol: string; host: string }): string {
  if (http.linkBase) return http.linkBase;
  const scheme = request.protocol === 'https' ? 'https' : request.protocol === 'http' ? 'http' : null;
  return scheme && HOST.test(request.host) ? `${scheme}://${request.host.toLowerCase()}` : http.publicUrl;
}
