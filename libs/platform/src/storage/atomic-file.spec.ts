import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFully } from './atomic-file.js';

describe('writeFully', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'write-fully-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a part at its place in calls of at most 128 KB', async () => {
    const path = join(dir, 'data');
    const part = randomBytes(300 * 1024 + 7);
    const handle = await open(path, 'w+');
    const calls: number[] = [];
    const write = handle.write.bind(handle);
    handle.write = ((buffer: Buffer, offset: number, length: number, position: number) => {
      calls.push(length);
      return write(buffer, offset, length, position);
    }) as typeof handle.write;
    try {
      await writeFully(handle, part, 1000);
    } finally {
      await handle.close();
    }
    expect(calls).toEqual([128 * 1024, 128 * 1024, 44 * 1024 + 7]);
    const written = await readFile(path);
    expect(written.length).toBe(1000 + part.length);
    expect(written.subarray(0, 1000).every((byte) => byte === 0)).toBe(true);
    expect(written.subarray(1000).equals(part)).toBe(true);
  });

  it('appends at the file offset when given no position', async () => {
    const path = join(dir, 'log');
    const handle = await open(path, 'a');
    try {
      await writeFully(handle, Buffer.from('first '));
      await writeFully(handle, randomBytes(200 * 1024).fill(97));
    } finally {
      await handle.close();
    }
    const text = await readFile(path, 'latin1');
    expect(text.startsWith('first aaaa')).toBe(true);
    expect(text.length).toBe(6 + 200 * 1024);
  });
});
