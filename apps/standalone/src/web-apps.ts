import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ADMIN_API_PREFIX, ADMIN_UI_BASE, STORE_API_PREFIX } from '@mkt/contracts';

/** Paths the server answers itself; everything else that is a GET belongs to the web apps. */
const SERVER_PREFIXES = [STORE_API_PREFIX, ADMIN_API_PREFIX, '/health', '/dev/', '/files', '/files-upload'];

/**
 * Serves the built store at / and the console at /admin, each with a fallback to its
 * index.html so path-style routes (and the store's 404 page) work on reload.
 */
export function serveWebApps(app: INestApplication, root: string, siteVerificationFiles: Readonly<Record<string, string>> = {}): void {
  const store = join(root, 'web-store', 'dist');
  const admin = join(root, 'web-admin', 'dist');
  const server = app.getHttpAdapter().getInstance() as express.Express;
  // Before the bundles, so a configured name answers its text even if a built file had the same name;
  // an unconfigured *.txt falls through to the store, whose 404 page it then shows.
  const verification = new Map(Object.entries(siteVerificationFiles));
  server.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const content = verification.get(request.path.slice(1));
    if (content === undefined) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.type('text/plain').send(content);
  });
  const hashed = { immutable: true, maxAge: '365d', index: false as const };
  if (existsSync(admin)) {
    server.use(`${ADMIN_UI_BASE}/assets`, express.static(join(admin, 'assets'), hashed));
    server.use(ADMIN_UI_BASE, express.static(admin, { index: false }));
  }
  if (existsSync(store)) {
    server.use('/assets', express.static(join(store, 'assets'), hashed));
    server.use(express.static(store, { index: false }));
  }
  server.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (SERVER_PREFIXES.some((prefix) => request.path === prefix || request.path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`))) {
      return next();
    }
    const isAdmin = request.path === ADMIN_UI_BASE || request.path.startsWith(`${ADMIN_UI_BASE}/`);
    const index = join(isAdmin ? admin : store, 'index.html');
    if (!existsSync(index)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
}
