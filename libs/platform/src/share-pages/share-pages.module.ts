import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import type { StoreShellSource } from '../config/app-config.js';
import { FileStoreShell } from './file-store-shell.js';
import { HttpStoreShell } from './http-store-shell.js';
import { SharePageResponder } from './share-page.responder.js';
import { STORE_SHELL, type StoreShell } from './store-shell.port.js';

/** A process that neither serves the store nor was told where it is: every shared page says the store is unavailable. */
const NO_STORE_SHELL: StoreShell = { html: async () => null };

/**
 * Shared store pages (ADR 0029): the store's shell, read as the configuration says (the built
 * file when this process serves the store, the web container's copy over HTTP when it does not),
 * and the responder the owning services' page controllers answer through.
 */
@Global()
@Module({})
export class SharePagesModule {
  static forRoot(source: StoreShellSource | null): DynamicModule {
    return {
      module: SharePagesModule,
      providers: [{ provide: STORE_SHELL, useValue: storeShell(source) }, SharePageResponder],
      exports: [STORE_SHELL, SharePageResponder],
    };
  }
}

function storeShell(source: StoreShellSource | null): StoreShell {
  if (source?.source === 'file') return new FileStoreShell(source.path);
  if (source?.source === 'url') {
    const logger = new Logger('StoreShell');
    return new HttpStoreShell(source.url, { onError: (error) => logger.warn({ msg: 'store shell not fetched', url: source.url, error: error instanceof Error ? error.message : String(error) }) });
  }
  return NO_STORE_SHELL;
}
