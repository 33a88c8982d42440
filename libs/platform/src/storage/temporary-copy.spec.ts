import { access, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectDownload } from './object-storage.port.js';
import { withTemporaryCopy } from './temporary-copy.js';

function download(bytes: Buffer): ObjectDownload {
  return { stream: Readable.from([bytes]), size: bytes.length, totalSize: bytes.length, range: null, contentType: 'video/mp4', etag: 'e', lastModified: new Date() };
}

const gone = (path: string) => access(path).then(() => false, () => true);

describe('withTemporaryCopy', () => {
  it('gives the bytes as a file named like the key, then removes it', async () => {
    let used = '';
    const answer = await withTemporaryCopy(download(Buffer.from('frames')), 'originals/2026/clip.mov', async (path) => {
      used = path;
      expect(path.endsWith('/clip.mov')).toBe(true);
      expect(await readFile(path, 'utf8')).toBe('frames');
      return 42;
    });
    expect(answer).toBe(42);
    expect(await gone(dirname(used))).toBe(true);
  });

  it('removes it when the tool fails too', async () => {
    let used = '';
    await expect(
      withTemporaryCopy(download(Buffer.from('frames')), 'clip.mov', async (path) => {
        used = path;
        throw new Error('ffprobe failed');
      }),
    ).rejects.toThrow('ffprobe failed');
    expect(await gone(dirname(used))).toBe(true);
  });
});
