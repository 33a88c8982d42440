import { readFile, stat } from 'node:fs/promises';
import type { StoreShell } from './store-shell.port.js';

/**
 * The shell from the built store on this machine (the single-machine mode). A build replaces the
 * file, so its modification time and size say when to read it again; otherwise it is kept.
 */
export class FileStoreShell implements StoreShell {
  private cached: { version: string; html: string } | null = null;

  constructor(private readonly path: string) {}

  async html(): Promise<string | null> {
    const info = await stat(this.path).catch(() => null);
    if (!info?.isFile()) {
      this.cached = null;
      return null;
    }
    const version = `${info.mtimeMs}:${info.size}`;
    if (this.cached?.version !== version) {
      const html = await readFile(this.path, 'utf8').catch(() => null);
      // A build that removed the file between the two calls: as if it were not built.
      if (html === null) return null;
      this.cached = { version, html };
    }
    return this.cached.html;
  }
}
