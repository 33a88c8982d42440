import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UPLOAD_LIMITS } from '@mkt/contracts';
import type { EventHandlerContext } from '@mkt/platform';
import { seedS3rverObject, startS3TestServer, type S3TestServer } from '@mkt/platform/testing';
import { DeliveryPreparerService } from '../src/delivery/delivery-preparer.service.js';
import { UploadPipelineService } from '../src/pipeline/upload-pipeline.service.js';
import { GID3, generateClip, startUploads, type UploadsHarness } from './uploads-harness.js';

/** Largest size the work folder may reach while a job runs: its renditions only (a few MB for this clip). */
const WORK_DIR_BOUND = 16 * 1024 * 1024;
/** Bytes a job may read from the store: what ffprobe and ffmpeg need plus read-ahead, far from a copy of 3 GiB. */
const STORE_READ_BOUND = 256 * 1024 * 1024;

/*
 * The uploads pod's /tmp is a 1 GiB emptyDir while a video may be 3 GB: a video has to be read
 * from the S3 store where it is, never copied to the pod. The original here is the largest
 * allowed (UPLOAD_LIMITS.videoMaxBytes, 3 GiB): a real 3 s H.264 clip (2048x1152, over 1080P so
 * the delivery is reduced too) whose moov atom comes after a `free` box padding the file to
 * 3 GiB, the worst layout (ffprobe seeks past the padding to the end, and back). It is laid into
 * s3rver's folder as a sparse file: a PUT would write all 3 GiB. The jobs run the real pipeline
 * (ffprobe and ffmpeg on the store's link) while the work folder is watched throughout and a
 * relay in front of the store counts the bytes it serves: a copy of the original would show as
 * 3 GiB read.
 */
describe('a 3 GiB video in the S3 store is processed from the store, with only its renditions on local disk', () => {
  let s3: S3TestServer;
  let relay: CountingRelay;
  let h: UploadsHarness;
  let workDir: string;
  const key = 'contrib/large/session/original.mp4';

  beforeAll(async () => {
    s3 = await startS3TestServer();
    relay = await startCountingRelay(s3.port);
    workDir = await mkdtemp(join(tmpdir(), 'uploads-work-'));
    h = await startUploads({
      env: {
        STORAGE: 'minio',
        S3_ENDPOINT: '127.0.0.1',
        S3_PORT: String(relay.port),
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET_PREFIX: 'mkt-',
        // The browsers' address, unreachable from here: the pipeline's links must not be signed for it.
        S3_PUBLIC_URL: 'http://files.invalid:9',
        UPLOAD_WORK_DIR: workDir,
      },
    });
    const clip = await generateClip({ width: 2048, height: 1152, seconds: 3 });
    await seedS3rverObject(s3, 'mkt-originals', key, 'video/mp4', (path) => writePaddedMp4(path, clip, UPLOAD_LIMITS.videoMaxBytes));
  });

  afterAll(async () => {
    await h?.close();
    await relay?.close();
    await s3?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('renders the renditions and the reduced delivery copy, reading a fraction of the original', async () => {
    expect((await h.storage().stat('originals', key))?.size).toBe(UPLOAD_LIMITS.videoMaxBytes);
    const { userId } = await h.user(GID3);
    const [{ id }] = await h.sql<{ id: string }>(
      `INSERT INTO uploads.uploads (contributor_id, kind, status, file_name, file_size, file_path, part_size, part_count, created_at, updated_at)
       VALUES ($1, 'video', 'transcoding', 'harbour-2k.mp4', $2, $3, $4, $5, now(), now()) RETURNING id`,
      [userId, UPLOAD_LIMITS.videoMaxBytes, key, 16 * 1024 * 1024, UPLOAD_LIMITS.videoMaxBytes / (16 * 1024 * 1024)],
    );
    const dataSource = h.server.app.get<DataSource>(getDataSourceToken('uploads'));

    const processing = await watched(workDir, relay, () => dataSource.transaction((manager) => h.server.app.get(UploadPipelineService).process(manager, Number(id))));
    const [row] = await h.sql(`SELECT * FROM uploads.uploads WHERE id = $1`, [id]);
    expect(row).toMatchObject({ status: 'waiting', reason: null, codec: 'h264', width: 2048, height: 1152 });
    expect(Number(row!.duration_seconds)).toBeCloseTo(3, 0);
    for (const location of [row!.preview480_key, row!.sample_key, row!.thumbnail_key, row!.preview_strip_key]) expect(location).toEqual(expect.any(String));
    expect(processing.seen).toEqual(expect.arrayContaining(['preview-480.mp4', 'sample.mp4', 'thumb.jpg']));
    expect(processing.peak).toBeGreaterThan(0);
    expect(processing.peak).toBeLessThan(WORK_DIR_BOUND);
    expect(processing.servedByStore).toBeLessThan(STORE_READ_BOUND);

    const delivering = await watched(workDir, relay, () =>
      dataSource.transaction((manager) =>
        h.server.app.get(DeliveryPreparerService).onDeliveryRequested({ sourceKey: `originals/${key}`, kind: 'video', profile: 'personal' }, { manager } as EventHandlerContext),
      ),
    );
    const [prepared] = await h.sql<{ payload: Record<string, unknown> }>(`SELECT payload FROM uploads.outbox WHERE name = 'delivery.prepared' AND aggregate_id = $1`, [`originals/${key}`]);
    expect(prepared!.payload).toMatchObject({ ok: true, width: 1920, height: 1080, deliveryKey: `deliveries/personal/originals/${key}` });
    expect((await h.storage().stat('deliveries', `personal/originals/${key}`))?.size).toBeGreaterThan(0);
    expect(delivering.seen).toContain('delivery.mp4');
    expect(delivering.peak).toBeGreaterThan(0);
    expect(delivering.peak).toBeLessThan(WORK_DIR_BOUND);
    expect(delivering.servedByStore).toBeLessThan(STORE_READ_BOUND);
  });
});

/**
 * Writes `clip` (an mp4 whose moov atom is last, as ffmpeg writes it without +faststart) with a
 * `free` box before the moov that brings the file to `size` bytes. The box's body is a hole in a
 * sparse file; sample offsets are unchanged, since the mdat before it does not move.
 */
async function writePaddedMp4(path: string, clip: Buffer, size: number): Promise<void> {
  const moovAt = topLevelBoxOffset(clip, 'moov');
  const padding = size - clip.length;
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0); // 1: the size is the 64-bit one that follows the type
  header.write('free', 4, 'latin1');
  header.writeBigUInt64BE(BigInt(padding), 8);
  const file = await open(path, 'w');
  try {
    await file.write(clip, 0, moovAt, 0);
    await file.write(header, 0, header.length, moovAt);
    await file.write(clip, moovAt, clip.length - moovAt, moovAt + padding);
  } finally {
    await file.close();
  }
}

function topLevelBoxOffset(mp4: Buffer, type: string): number {
  for (let at = 0; at + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    if (mp4.toString('latin1', at + 4, at + 8) === type) return at;
    at += size === 1 ? Number(mp4.readBigUInt64BE(at + 8)) : size;
    if (size === 0) break;
  }
  throw new Error(`the clip has no top-level ${type} box`);
}

/**
 * Runs `job` while polling the work folder's total file size every few milliseconds: the peak,
 * the names of the files seen, and the bytes the store served meanwhile.
 */
async function watched(workDir: string, relay: CountingRelay, job: () => Promise<unknown>): Promise<{ peak: number; seen: string[]; servedByStore: number }> {
  const seen = new Set<string>();
  let peak = 0;
  let running = true;
  const watching = (async () => {
    while (running) {
      peak = Math.max(peak, await folderBytes(workDir, seen));
      await delay(5);
    }
  })();
  const servedBefore = relay.served();
  try {
    await job();
  } finally {
    running = false;
    await watching;
  }
  // The job removed what it wrote.
  expect(await readdir(workDir)).toEqual([]);
  return { peak, seen: [...seen], servedByStore: relay.served() - servedBefore };
}

async function folderBytes(folder: string, seen: Set<string>): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    seen.add(entry.name);
    // A file can vanish between the listing and the stat: it then holds nothing.
    total += await stat(join(entry.parentPath, entry.name)).then((found) => found.size, () => 0);
  }
  return total;
}

interface CountingRelay {
  port: number;
  /** Bytes the store has sent through the relay so far. */
  served(): number;
  close(): Promise<void>;
}

/** A TCP relay on loopback in front of the store, counting the bytes the store sends back. */
async function startCountingRelay(storePort: number): Promise<CountingRelay> {
  let served = 0;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const store = connect(storePort, '127.0.0.1');
    for (const socket of [client, store]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => {
        sockets.delete(socket);
        client.destroy();
        store.destroy();
      });
    }
    store.on('data', (chunk: Buffer) => (served += chunk.length));
    client.pipe(store).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as AddressInfo).port,
    served: () => served,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
