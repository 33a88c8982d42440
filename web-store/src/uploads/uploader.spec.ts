import type { UploadKind } from '@mkt/contracts/web';
import { SpeedMeter, UploadQueue, missingParts, runPool, timeLeftSeconds, withRetries, type UploadSource, type UploadTransport } from './uploader';

const MB = 1024 * 1024;

/** A File stand-in: slices are Blobs of the right size. */
function source(name: string, size: number): UploadSource {
  return { name, size, slice: (start, end) => new Blob([new Uint8Array(Math.max(0, Math.min(end, size) - start))]) };
}

/** An in-memory server with the real API's behaviour: a session per file, stored parts as checkpoint. */
class FakeServer implements UploadTransport {
  stored = new Map<string, Set<number>>();
  puts: number[] = [];
  inFlight = 0;
  maxInFlight = 0;
  failures = new Map<number, number>();
  /** When set, part PUTs wait until released (or aborted). */
  hold: Promise<void> | null = null;
  successes: string[] = [];
  tokenError: { code: number; message: string; requestId?: string | null } | null = null;
  stsError: Error | null = null;
  successError: Error | null = null;

  async token(_kind: UploadKind, file: { fileName: string; fileSize: number }) {
    if (this.tokenError) throw Object.assign(new Error(this.tokenError.message), { code: this.tokenError.code, requestId: this.tokenError.requestId ?? null });
    const filePath = `k/${file.fileName}`;
    if (!this.stored.has(filePath)) this.stored.set(filePath, new Set());
    return { bucketName: 'originals', filePath, uploadId: '1', partSize: MB, partCount: Math.max(1, Math.ceil(file.fileSize / MB)), uploadedParts: [...this.stored.get(filePath)!] };
  }

  async sts(filePath: string, partNumbers: number[]) {
    if (this.stsError) throw this.stsError;
    return { accessKeyId: '', accessKeySecret: '', securityToken: '', expiration: '', parts: partNumbers.map((n) => ({ partNumber: n, url: `${filePath}#${n}` })) };
  }

  async putPart(url: string, body: Blob, signal: AbortSignal) {
    const [filePath, n] = url.split('#') as [string, string];
    const part = Number(n);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (this.hold) {
        const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
        await Promise.race([this.hold, aborted]);
      }
      const left = this.failures.get(part) ?? 0;
      if (left > 0) {
        this.failures.set(part, left - 1);
        throw new Error('network');
      }
      expect(body.size).toBeLessThanOrEqual(MB);
      this.puts.push(part);
      this.stored.get(filePath)!.add(part);
    } finally {
      this.inFlight--;
    }
  }

  async success(_kind: UploadKind, body: { filePath: string }) {
    if (this.successError) throw this.successError;
    this.successes.push(body.filePath);
    return { id: 1, status: 'transcoding' };
  }
}

const noBackoff = () => 0;

describe('time left', () => {
  it('never divides by less than 0.01 MB/s', () => {
    expect(timeLeftSeconds(MB, 0)).toBe(100);
    expect(timeLeftSeconds(MB, 0.001 * MB)).toBe(100);
    expect(timeLeftSeconds(10 * MB, MB)).toBe(10);
  });

  it('measures speed over a sliding window', () => {
    const meter = new SpeedMeter(5000);
    meter.add(0, MB);
    meter.add(1000, MB);
    meter.add(2000, MB);
    expect(meter.speed(2000)).toBeCloseTo((3 * MB) / 2, 0);
    expect(meter.speed(20_000)).toBe(0);
  });
});

describe('helpers', () => {
  it('lists the parts still missing', () => {
    expect(missingParts(5, [1, 3])).toEqual([2, 4, 5]);
  });

  it('retries a failing call three times, then gives up', async () => {
    let calls = 0;
    const signal = new AbortController().signal;
    await expect(withRetries(async () => { calls++; throw new Error('x'); }, 3, signal, noBackoff)).rejects.toThrow('x');
    expect(calls).toBe(4);
  });

  it('runs at most N at once', async () => {
    let running = 0;
    let peak = 0;
    await runPool([...Array(25).keys()], 10, async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
    });
    expect(peak).toBe(10);
  });
});

describe('UploadQueue', () => {
  it('uploads 1 MB parts ten at a time and calls success once every part is stored', async () => {
    const server = new FakeServer();
    const queue = new UploadQueue('video', { transport: server, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff });
    await queue.add([source('a.mp4', 25 * MB + 5)]);
    const { error, done } = queue.start();
    expect(error).toBeNull();
    await done;
    expect(server.puts.sort((a, b) => a - b)).toEqual([...Array(26).keys()].map((i) => i + 1));
    expect(server.maxInFlight).toBe(10);
    expect(server.successes).toEqual(['k/a.mp4']);
    expect(queue.snapshot().files[0]).toMatchObject({ status: 'success', percent: 100, token: { bucketName: 'originals', filePath: 'k/a.mp4' }, uploadId: 1 });
  });

  it('counts bytes as each part sends them, not when a part ends, and gives back what a failed attempt counted', async () => {
    const server = new FakeServer();
    const percents: number[] = [];
    let attempts = 0;
    // Two 1 MB parts; each attempt reports its body in quarters, and the first attempt of part 1 fails after half.
    const transport: UploadTransport = {
      token: (kind, file) => server.token(kind, file),
      sts: (filePath, partNumbers) => server.sts(filePath, partNumbers),
      success: (kind, body) => server.success(kind, body),
      async putPart(url, body, signal, onSent) {
        const part = Number(url.split('#')[1]);
        for (let quarter = 1; quarter <= 4; quarter++) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          onSent?.((body.size * quarter) / 4);
          if (part === 1 && attempts === 0 && quarter === 2) {
            attempts++;
            throw new Error('network');
          }
        }
        await server.putPart(url, body, signal);
      },
    };
    const queue = new UploadQueue('video', { transport, parallel: 1, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff });
    queue.subscribe((snapshot) => snapshot.files[0] && percents.push(snapshot.files[0].percent));
    await queue.add([source('a.mp4', 2 * MB)]);
    await queue.start().done;
    expect(queue.snapshot().files[0]).toMatchObject({ status: 'success', percent: 100 });
    // Within the first part: 12 and 25 %, back to 0 for the retry, then 12, 25, 37, 50, ...
    expect(percents.filter((p) => p > 0 && p < 50).length).toBeGreaterThanOrEqual(4);
    expect(percents).toEqual(expect.arrayContaining([12, 25, 0, 37, 50, 62, 75, 87, 100]));
    const firstAfterFailure = percents.indexOf(25);
    expect(percents.slice(firstAfterFailure + 1)).toContain(0);
  });

  it('retries a part up to 3 times; a part failing a fourth time puts the file in exception', async () => {
    const server = new FakeServer();
    server.failures.set(2, 3);
    const queue = new UploadQueue('video', { transport: server, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff });
    await queue.add([source('a.mp4', 3 * MB)]);
    await queue.start().done;
    expect(queue.snapshot().files[0]!.status).toBe('success');

    const flaky = new FakeServer();
    flaky.failures.set(1, 4);
    const failing = new UploadQueue('video', { transport: flaky, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff });
    await failing.add([source('b.mp4', 2 * MB)]);
    await failing.start().done;
    expect(failing.snapshot().files[0]).toMatchObject({ status: 'exception', message: { key: 'uploadTransferError' } });
  });

  it('pauses by aborting in-flight parts and resumes from the server checkpoint without resending finished parts', async () => {
    const server = new FakeServer();
    const queue = new UploadQueue('video', { transport: server, overrides: { videoMinBytes: 1 }, parallel: 2, backoffMs: noBackoff });
    await queue.add([source('a.mp4', 6 * MB)]);
    let release!: () => void;
    const first = queue.start();
    // Let the first two parts through, then hold the rest and pause.
    while (server.puts.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    server.hold = new Promise((resolve) => (release = resolve));
    await new Promise((resolve) => setTimeout(resolve, 5));
    queue.pause();
    await first.done;
    expect(queue.snapshot().files[0]!.status).toBe('paused');
    const before = [...server.puts];
    expect(before.length).toBeGreaterThanOrEqual(2);
    release();
    server.hold = null;

    // A reload: a new queue, the same file added again; the server's checkpoint skips finished parts.
    const reloaded = new UploadQueue('video', { transport: server, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff });
    await reloaded.add([source('a.mp4', 6 * MB)]);
    await reloaded.start().done;
    const resent = server.puts.slice(before.length);
    expect(resent.filter((n) => before.includes(n))).toEqual([]);
    expect(new Set(server.puts)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(reloaded.snapshot().files[0]!.status).toBe('success');
  });

  it('applies the queue rules: type, size, duplicates, empty queue; no delete or clear while uploading', async () => {
    const server = new FakeServer();
    const queue = new UploadQueue('video', { transport: server, backoffMs: noBackoff });
    expect(queue.start().error).toEqual({ key: 'uploadQueueEmpty' });
    await queue.add([source('a.mov', 20 * MB), source('small.mp4', MB), source('big.mp4', 3 * 1024 * MB + 1), source('ok.mp4', 10 * MB), source('ok.mp4', 10 * MB)]);
    const files = queue.snapshot().files;
    expect(files.map((f) => [f.name, f.status, f.message?.key ?? null])).toEqual([
      ['a.mov', 'exception', 'uploadUnsupportedType'],
      ['small.mp4', 'exception', 'uploadVideoTooSmall'],
      ['big.mp4', 'exception', 'uploadVideoTooLarge'],
      ['ok.mp4', 'waiting', null],
      ['ok.mp4', 'exception', 'uploadDuplicateName'],
    ]);
    server.hold = new Promise(() => undefined);
    const run = queue.start();
    expect(queue.remove(files[0]!.id)).toBe(false);
    expect(queue.clear()).toBe(false);
    await queue.cancelAll();
    await run.done;
    expect(queue.snapshot().files).toEqual([]);
  });

  it('reads photo dimensions from the file and refuses unreadable or too-small ones', async () => {
    const dims: Record<string, { width: number; height: number } | null> = { 'a.jpg': { width: 4000, height: 3000 }, 'b.jpg': { width: 2000, height: 1000 }, 'c.png': null };
    const queue = new UploadQueue('photo', { transport: new FakeServer(), readDimensions: async (s) => dims[s.name] ?? null });
    await queue.add([source('a.jpg', MB), source('b.jpg', MB), source('c.png', MB), source('d.gif', MB)]);
    expect(queue.snapshot().files.map((f) => [f.status, f.message?.key ?? null, f.width ?? null])).toEqual([
      ['waiting', null, 4000],
      ['exception', 'uploadPhotoBelowMegapixels', 2000],
      ['exception', 'uploadPhotoUnreadable', null],
      ['exception', 'uploadUnsupportedType', null],
    ]);
  });

  it('starts files that were still being checked when start was pressed', async () => {
    let release: () => void = () => undefined;
    const read = new Promise<void>((resolve) => (release = resolve));
    const server = new FakeServer();
    const queue = new UploadQueue('photo', { transport: server, readDimensions: async () => read.then(() => ({ width: 4000, height: 3000 })) });
    const added = queue.add([source('slow.jpg', MB)]);
    const run = queue.start();
    expect(run.error).toBeNull();
    release();
    await added;
    await run.done;
    expect(queue.snapshot().files.map((f) => [f.name, f.status])).toEqual([['slow.jpg', 'success']]);
  });

  it('reports an init failure with the server\'s message, its code and the transfer id', async () => {
    const server = new FakeServer();
    server.tokenError = { code: 4001, message: 'file must not be smaller than 10MB (1.00MB)', requestId: 'req-1234abcd' };
    const queue = new UploadQueue('video', { transport: server, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff });
    await queue.add([source('a.mp4', MB)]);
    await queue.start().done;
    expect(queue.snapshot().files[0]!.message).toEqual({
      key: 'uploadInitFailed',
      params: { message: 'file must not be smaller than 10MB (1.00MB)', code: 4001, transferId: 'req-1234abcd' },
    });
  });

  it('tells a transfer error from a chunk-merge error, and a retry continues from the checkpoint', async () => {
    const server = new FakeServer();
    const queue = new UploadQueue('video', { transport: server, overrides: { videoMinBytes: 1 }, backoffMs: noBackoff, retries: 0 });
    await queue.add([source('a.mp4', 3 * MB)]);
    server.stsError = new Error('network');
    await queue.start().done;
    expect(queue.snapshot().files[0]).toMatchObject({ status: 'exception', message: { key: 'uploadTransferError' }, canUpload: true });

    server.stsError = null;
    server.successError = Object.assign(new Error('parts missing'), { code: 4005 });
    await queue.start().done;
    expect(queue.snapshot().files[0]).toMatchObject({ status: 'exception', message: { key: 'uploadMergeError', params: { message: 'parts missing' } } });
    expect(server.puts.sort()).toEqual([1, 2, 3]);

    server.successError = null;
    await queue.start().done;
    expect(queue.snapshot().files[0]).toMatchObject({ status: 'success', message: null });
    // The retry sent no part again: the server held them all as the checkpoint.
    expect(server.puts).toHaveLength(3);
  });
});

describe('checkpoints kept across reloads', () => {
  it('remembers files with an unfinished session and forgets finished or refused ones', async () => {
    const { mergeCheckpoints } = await import('./checkpoints');
    const file = (name: string, status: 'uploading' | 'paused' | 'success' | 'exception', filePath: string | null) => ({
      id: 1, name, size: 10, kind: 'video' as const, status, percent: 40, message: null, canUpload: true, uploaded: 4, token: filePath ? { bucketName: 'originals', filePath } : null, uploadId: null, earlier: null,
    });
    const first = mergeCheckpoints([], 'video', [file('a.mp4', 'paused', 'k/a'), file('b.mp4', 'uploading', null)]);
    expect(first).toEqual([{ kind: 'video', name: 'a.mp4', size: 10, filePath: 'k/a', percent: 40 }]);
    expect(mergeCheckpoints(first, 'video', [file('a.mp4', 'success', 'k/a')])).toEqual([]);
  });
});

describe('display helpers', () => {
  it('formats sizes and time left', async () => {
    const { formatBytes, formatDuration } = await import('./uploadFormat');
    expect([formatBytes(500), formatBytes(2048), formatBytes(5 * MB), formatBytes(3 * 1024 * MB)]).toEqual(['500 B', '2 KB', '5.0 MB', '3.00 GB']);
    expect([formatDuration(75), formatDuration(3725), formatDuration(0)]).toEqual(['01:15', '1:02:05', '00:00']);
  });
});
