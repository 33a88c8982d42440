import { open } from 'node:fs/promises';
import { errorCode } from './atomic-file.js';

/**
 * fsync calls on one file or folder, coalesced: a caller waits for a sync that started after it
 * asked, so everything it wrote before asking is on disk, and callers who ask while a sync runs
 * share the next one. Ten parts of one upload arriving together then cost two or three flushes of
 * its data file instead of ten: on a virtual disk a flush costs milliseconds however little it
 * carries, so per-write flushes, not bytes, were what bounded upload speed.
 */
export class CoalescedSync {
  private readonly pending = new Map<string, { running: Promise<void>; next: Promise<void> | null }>();

  constructor(private readonly flush: (path: string) => Promise<void> = flushToDisk) {}

  sync(path: string): Promise<void> {
    const state = this.pending.get(path);
    if (!state) return this.start(path);
    // A sync is running, but it may have begun before this caller's write: wait for the next one.
    state.next ??= state.running.catch(() => undefined).then(() => this.start(path));
    return state.next;
  }

  private start(path: string): Promise<void> {
    const running = this.flush(path).finally(() => {
      const state = this.pending.get(path);
      // With a sync queued behind this one, the entry stays: the queued one takes it over.
      if (state?.running === running && !state.next) this.pending.delete(path);
    });
    const state = this.pending.get(path);
    if (state) {
      state.running = running;
      state.next = null;
    } else {
      this.pending.set(path, { running, next: null });
    }
    return running;
  }
}

async function flushToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some platforms cannot sync a directory; the change itself has still happened.
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle.close();
  }
}
