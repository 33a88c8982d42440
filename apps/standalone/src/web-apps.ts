import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic, { type SendOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADMIN_API_PREFIX, ADMIN_UI_BASE, STORE_API_PREFIX } from '@mkt/contracts';
import { pathOf } from '@mkt/platform';

/** Paths the server answers itself; everything else that is a GET belongs to the web apps. */
const SERVER_PREFIXES = [STORE_API_PREFIX, ADMIN_API_PREFIX, '/health', '/dev/', '/files', '/files-upload'];

/** Bundles named by their content's hash never change under their name. */
const HASHED: SendOptions = { immutable: true, maxAge: '365d' };
const UNHASHED: SendOptions = {};

interface WebApp {
  /** Where it is served: '' for the store, /admin for the console. */
  base: string;
  dir: string;
  /** Whether it was built (checked once, at start: a build replaces the files, not the folders). */
  built: boolean;
  hasIndex: boolean;
}

function webApp(base: string, dir: string): WebApp {
  return { base, dir, built: existsSync(dir), hasIndex: existsSync(join(dir, 'index.html')) };
}

/**
 * Serves the built store at / and the console at /admin, each with a fallback to its
 * index.html so path-style routes (and the store's 404 page) work on reload. One catch-all GET
 * route: the API's own routes are more specific and always win; a GET below an API prefix that
 * none of them matched gets the API's 404.
 */
export function serveWebApps(fastify: FastifyInstance, root: string, siteVerificationFiles: Readonly<Record<string, string>> = {}): void {
  const store = webApp('', join(root, 'web-store', 'dist'));
  const admin = webApp(ADMIN_UI_BASE, join(root, 'web-admin', 'dist'));
  const verification = new Map(Object.entries(siteVerificationFiles));
  // Only reply.sendFile (ranges, ETag, types); which file answers is decided below. The store's
  // build writes .br and .gz copies of its text files: a browser that accepts them gets one.
  void fastify.register(fastifyStatic, { root, serve: false, preCompressed: true });
  fastify.get('/*', async (request, reply) => {
    const path = pathOf(request.url);
    // Before the bundles, so a configured name answers its text even if a built file had the same name;
    // an unconfigured *.txt falls through to the store, whose 404 page it then shows.
    const content = verification.get(path.slice(1));
    if (content !== undefined) return reply.header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(content);
    const app = path === ADMIN_UI_BASE || path.startsWith(`${ADMIN_UI_BASE}/`) ? admin : store;
    const isServerPath = SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
    if (isServerPath || !app.built) reply.callNotFound();
    else await serveFrom(app, path.slice(app.base.length) || '/', reply);
    return reply;
  });
}

async function serveFrom(app: WebApp, path: string, reply: FastifyReply): Promise<void> {
  // The path as sent, still percent-encoded: sendFile decodes it once.
  if (await isServableFile(app.dir, path)) reply.sendFile(path, app.dir, path.startsWith('/assets/') ? HASHED : UNHASHED);
  else if (app.hasIndex) reply.header('Cache-Control', 'no-cache').sendFile('index.html', app.dir, { cacheControl: false });
  else reply.callNotFound();
}

/** A regular file inside the app's folder, reached without dot segments (hidden files stay hidden). */
async function isServableFile(dir: string, encodedPath: string): Promise<boolean> {
  let path: string;
  try {
    path = decodeURIComponent(encodedPath);
  } catch {
    return false;
  }
  if (path.includes('\0') || path.split('/').some((segment) => segment.startsWith('.'))) return false;
  const file = resolve(dir, `.${path}`);
  if (!file.startsWith(`${dir}${sep}`)) return false;
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}
