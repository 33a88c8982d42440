import { constants as fsConstants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

interface OpenFile {
  handle: Promise<FileHandle>;
  users: number;
  idle: NodeJS.Timeout | null;
  /** Closed by its last user: its upload was completed or aborted while a part was written. */
  retired: boolean;
}

/**
 * The files of uploads in progress (data file, part journal), kept open between their parts
 * instead of opened and closed for every write and again for every flush. A file is closed once
 * no part has used it for `idleMs`, when its upload is completed or aborted, and, past `limit`
 * open files, as soon as its last user is done.
 */
export class OpenUploadFiles {
  private readonly files = new Map<string, OpenFile>();

  constructor(private readonly options: { idleMs: number; limit: number } = { idleMs: 10_000, limit: 64 }) {}

  /**
   * Runs `work` with the file open (created if absent; appending, for `append`), keeping it open
   * for the next part. One path is always opened the same way.
   */
  async use<T>(path: string, work: (handle: FileHandle) => Promise<T>, mode: 'write' | 'append' = 'write'): Promise<T> {
    let file = this.files.get(path);
    if (!file) {
      const handle = open(path, fsConstants.O_RDWR | fsConstants.O_CREAT | (mode === 'append' ? fsConstants.O_APPEND : 0), 0o644);
      file = { handle, users: 0, idle: null, retired: false };
      this.files.set(path, file);
      // A file that could not be opened is forgotten at once, so the next part tries again.
      handle.catch(() => {
        if (this.files.get(path) === file) this.files.delete(path);
      });
    }
    const entry = file;
    entry.users += 1;
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    try {
      return await work(await entry.handle);
    } finally {
      entry.users -= 1;
      if (entry.users === 0) {
        if (entry.retired) void closeHandle(entry);
        else if (this.files.size > this.options.limit) void this.close(path);
        else entry.idle = setTimeout(() => void this.close(path), this.options.idleMs).unref();
      }
    }
  }

  /**
   * Forgets the file: the next part opens it again (or fails to, once its folder is gone). A file
   * still in use is closed when its last part is written.
   */
  async close(path: string): Promise<void> {
    const file = this.files.get(path);
    if (!file) return;
    this.files.delete(path);
    if (file.idle) clearTimeout(file.idle);
    file.idle = null;
    if (file.users > 0) file.retired = true;
    else await closeHandle(file);
  }
}

async function closeHandle(file: OpenFile): Promise<void> {
  const handle = await file.handle.catch(() => null);
  await handle?.close().catch(() => undefined);
}
