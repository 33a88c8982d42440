import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage, type Language } from '@mkt/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { shareHead, type SharePage } from './share-head.js';
import { escapeHtml, renderShareHead } from './share-head.renderer.js';
import { publicOrigin, queryOf, shareLanguage } from './share-request.js';
import { STORE_SHELL, type StoreShell } from './store-shell.port.js';

/** What a page makes of a request: its tags in `language`, or null when the link shows nothing (unknown, unpublished, invalid). */
export type SharePageLoader = (query: Readonly<Record<string, unknown>>, language: Language) => Promise<SharePage | null>;

/** Seconds a reader waits before reloading when the store's shell cannot be had. */
const UNAVAILABLE_RETRY_SECONDS = 30;

/**
 * Answers a shared store page: the store's shell with the page's head tags, in the reader's
 * language. Whatever goes wrong with the page's data (a refusal, a database that does not answer)
 * the reader still gets the store, with its own tags; the shell itself missing is the one thing
 * that cannot be made up for: a small page that says so, 503.
 */
@Injectable()
export class SharePageResponder {
  private readonly logger = new Logger('SharePages');

  constructor(
    @Inject(STORE_SHELL) private readonly shell: StoreShell,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(request: FastifyRequest, reply: FastifyReply, load: SharePageLoader): Promise<void> {
    const query = queryOf(request);
    const language = shareLanguage(query, request.headers['accept-language']);
    const [page, shell] = await Promise.all([this.pageOf(load, query, language), this.currentShell()]);
    const head = shareHead(page, { language, origin: publicOrigin(this.config.http, request) });
    // The same address answers each language (Accept-Language) and changes with the data.
    void reply.header('Vary', 'Accept-Language').header('X-Content-Type-Options', 'nosniff').type('text/html; charset=utf-8');
    if (shell === null) {
      void reply.status(503).header('Cache-Control', 'no-store').header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS)).send(renderShareHead(unavailableShell(language), head));
      return;
    }
    void reply.status(200).header('Cache-Control', 'no-cache').send(renderShareHead(shell, head));
  }

  private async pageOf(load: SharePageLoader, query: Readonly<Record<string, unknown>>, language: Language): Promise<SharePage | null> {
    try {
      return await load(query, language);
    } catch (error) {
      // A refusal (not found, not published) is what a stale or made-up link gets: nothing to log.
      if (!(error instanceof AppError && error.httpStatus < 500)) this.logger.warn({ msg: 'shared page shown without its tags', error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  private async currentShell(): Promise<string | null> {
    try {
      return await this.shell.html();
    } catch (error) {
      this.logger.warn({ msg: 'store shell unreadable', error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }
}

/** In place of the store when its shell cannot be had (not built, web container unreachable). */
function unavailableShell(language: Language): string {
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <p>${escapeHtml(formatMessage(language, 'shareStoreUnavailable'))}</p>
  </body>
</html>
`;
}
