import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { OpenUploadFiles } from './open-upload-files.js';

/** Resolves once `handle` is closed (closing happens on a timer or after the last user, so a loaded machine may take a while). */
async function closed(handle: FileHandle, withinMs = 5_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      await handle.stat();
    } catch (error) {
      expect(String(error)).toMatch(/closed/);
      return;
    }
    if (Date.now() > deadline) throw new Error(`still open after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('OpenUploadFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-upload-files-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a file open between uses and closes it when idle', async () => {
    const files = new OpenUploadFiles({ idleMs: 20, limit: 8 });
    const path = join(dir, 'data');
    const first = await files.use(path, async (handle) => (await handle.write(Buffer.from('ab'), 0, 2, 0), handle));
    const second = await files.use(path, async (handle) => (await handle.write(Buffer.from('cd'), 0, 2, 2), handle));
    expect(second).toBe(first);
    await closed(first);
    expect(await readFile(path, 'utf8')).toBe('abcd');
    // Opened again on the next use.
    await files.use(path, async (handle) => expect(handle).not.toBe(first));
    await files.close(path);
  });

  it('appends in append mode, and a file closed while in use closes after its last user', async () => {
    const files = new OpenUploadFiles({ idleMs: 10_000, limit: 8 });
    const path = join(dir, 'journal');
    let release!: () => void;
    let started!: () => void;
    const writing = new Promise<void>((resolve) => (started = resolve));
    let held!: FileHandle;
    const inUse = files.use(path, async (handle) => {
      held = handle;
      await handle.write('one\n');
      started();
      await new Promise<void>((resolve) => (release = resolve));
    }, 'append');
    await writing;
    await files.close(path);
    await held.write('two\n');
    release();
    await inUse;
    await closed(held);
    await files.use(path, (handle) => handle.write('three\n'), 'append');
    await files.close(path);
    expect(await readFile(path, 'utf8')).toBe('one\ntwo\nthree\n');
  });

  it('closes a file as soon as it is unused once more than the limit are open', async () => {
    const files = new OpenUploadFiles({ idleMs: 10_000, limit: 1 });
    const a = await files.use(join(dir, 'a'), async (handle) => handle);
    await files.use(join(dir, 'b'), async (handle) => handle);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(a.stat()).resolves.toBeDefined();
    const c = await files.use(join(dir, 'c'), async (handle) => handle);
    await closed(c);
    await files.close(join(dir, 'a'));
    await files.close(join(dir, 'b'));
  });
});
