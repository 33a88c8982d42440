import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getDataSourceToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { ReviewRecord, UploadTokenResponse } from '@mkt/contracts';
import { Clock, OutboxWriter, parseObjectLocation, type ObjectStorage } from '@mkt/platform';
import { MEDIA_PROCESSOR, UploadPipelineService } from '../src/pipeline/upload-pipeline.service.js';
import { UPLOAD_SETTINGS } from '../src/uploads.settings.js';
import { NearDuplicateFinder } from '../src/duplicates/near-duplicate.finder.js';
import { UploadFramesBackfill } from '../src/duplicates/upload-frames.backfill.js';
import { UploadFramesRepository } from '../src/duplicates/upload-frames.repository.js';
import { GID3, generateClip, generatePhoto, recutClip, startUploads, type UploadsHarness } from './uploads-harness.js';

const run = promisify(execFile);

describe('media pipeline (background worker on upload.completed)', () => {
  let h: UploadsHarness;
  beforeAll(async () => {
    h = await startUploads({ env: { UPLOAD_MIN_VIDEO_BYTES: '1000' } });
  });
  afterAll(() => h.close());

  async function objectBytes(location: string): Promise<Buffer> {
    const { bucket, key } = parseObjectLocation(location)!;
    const object = await h.storage().get(bucket, key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function probeSize(location: string): Promise<string> {
    const file = join(tmpdir(), `probe-${randomUUID()}.mp4`);
    try {
      await writeFile(file, await objectBytes(location));
      const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', file]);
      return stdout.trim();
    } finally {
      await rm(file, { force: true });
    }
  }

  it('renders a 1080p H.264 clip into a 480p preview, a watermarked sample, a 16:9 thumbnail and a strip', async () => {
    const { token } = await h.user(GID3);
    const done = await h.upload(token, 'video', 'harbour.mp4', await generateClip({ width: 1920, height: 1080, seconds: 4 }));
    const row = await h.waitForStatus(done.body.data.id, ['waiting', 'failed']);
    expect(row).toMatchObject({ status: 'waiting', codec: 'h264', width: 1920, height: 1080, fps: 25, max_resolution: '1080P' });
    expect(Number(row.duration_seconds)).toBeCloseTo(4, 0);
    expect(await probeSize(String(row.preview480_key))).toBe('h264,854,480');
    expect(await probeSize(String(row.sample_key))).toBe('h264,854,480');
    expect(String(row.sample_key)).toMatch(/^samples\//);
    const thumbnail = await sharp(await objectBytes(String(row.thumbnail_key))).metadata();
    expect([thumbnail.width, thumbnail.height, thumbnail.format]).toEqual([640, 360, 'jpeg']);
    const strip = await sharp(await objectBytes(String(row.preview_strip_key))).metadata();
    expect([strip.width, strip.height]).toEqual([1600, 90]);
    expect(row.phashes).toHaveLength(3);
  });

  it('refuses a 720p clip, a renamed non-video and a too-small photo on their content, with a reason', async () => {
    const { token } = await h.user(GID3);
    const small = await h.upload(token, 'video', 'small.mp4', await generateClip({ width: 1280, height: 720, seconds: 4 }));
    const renamed = await h.upload(token, 'video', 'notes.mp4', Buffer.from('these are plain text notes, not a video '.repeat(100)));
    const photo = await h.upload(token, 'photo', 'tiny.jpg', await generatePhoto(2000, 1500));
    expect((await h.waitForStatus(small.body.data.id, ['waiting', 'failed'])).reason).toBe('uploadVideoResolution');
    expect((await h.waitForStatus(renamed.body.data.id, ['waiting', 'failed'])).reason).toBe('uploadVideoUnreadable');
    expect((await h.waitForStatus(photo.body.data.id, ['waiting', 'failed'])).reason).toBe('uploadPhotoBelowMegapixels');
    const events = await h.sql<{ name: string }>(`SELECT name FROM uploads.outbox WHERE aggregate_id = $1`, [String(small.body.data.id)]);
    expect(events.map((e) => e.name).sort()).toEqual(['media.failed', 'upload.completed']);
  });

  it('flags a near-duplicate of another contributor\'s photo to the reviewer with both thumbnails', async () => {
    const first = await h.user(GID3);
    const second = await h.user(GID3);
    const photo = await generatePhoto(4000, 3000, 0);
    const original = await h.upload(first.token, 'photo', 'sunrise.jpg', photo, { width: 4000, height: 3000 });
    await h.waitForStatus(original.body.data.id, ['waiting']);
    // Re-encoded and slightly resized: still the same picture.
    const copy = await sharp(photo).resize(3900).jpeg({ quality: 60 }).toBuffer();
    const copied = await h.upload(second.token, 'photo', 'my-sunrise.jpg', copy);
    const unrelated = await h.upload(second.token, 'photo', 'other.jpg', await generatePhoto(4000, 3000, 1));
    await h.waitForStatus(copied.body.data.id, ['waiting']);
    await h.waitForStatus(unrelated.body.data.id, ['waiting']);

    const staff = await h.staffToken(['reviewer']);
    const flagged = await h.admin<ReviewRecord>('GET', `/reviews/${copied.body.data.id}`, { token: staff });
    expect(flagged.body.duplicates).toHaveLength(1);
    expect(flagged.body.duplicates[0]).toMatchObject({ id: original.body.data.id, contributorId: first.userId, fileName: 'sunrise.jpg' });
    expect(flagged.body.duplicates[0]!.distance).toBeLessThanOrEqual(10);
    expect(flagged.body.duplicates[0]!.thumbnailUrl).toMatch(/\/files\/renditions\//);
    expect(flagged.body.thumbnailUrl).toMatch(/\/files\/renditions\//);
    const clean = await h.admin<ReviewRecord>('GET', `/reviews/${unrelated.body.data.id}`, { token: staff });
    expect(clean.body.duplicates).toEqual([]);
  });

  it("flags a re-cut of another contributor's clip inside it, with the matching time codes, and leaves an unrelated clip alone", async () => {
    const first = await h.user(GID3);
    const second = await h.user(GID3);
    // A zoom that changes all through, so each moment of it is a picture of its own.
    const clip = await generateClip({ width: 1920, height: 1080, seconds: 12, pattern: 'mandelbrot' });
    const original = await h.upload(first.token, 'video', 'zoom.mp4', clip);
    await h.waitForStatus(original.body.data.id, ['waiting']);
    // Seconds 4 to 9 of it, re-encoded at a lower quality: a re-cut sent by someone else.
    const recut = await h.upload(second.token, 'video', 'my-zoom.mp4', await recutClip(clip, 4, 5));
    // Other footage (the other tests' clips are the test pattern, so this is not that either).
    const unrelated = await h.upload(second.token, 'video', 'life.mp4', await generateClip({ width: 1920, height: 1080, seconds: 5, pattern: 'life' }));
    await h.waitForStatus(recut.body.data.id, ['waiting']);
    await h.waitForStatus(unrelated.body.data.id, ['waiting']);

    const staff = await h.staffToken(['reviewer']);
    const flagged = await h.admin<ReviewRecord>('GET', `/reviews/${recut.body.data.id}`, { token: staff });
    expect(flagged.body.duplicates).toHaveLength(1);
    const [duplicate] = flagged.body.duplicates;
    expect(duplicate).toMatchObject({ id: original.body.data.id, contributorId: first.userId, fileName: 'zoom.mp4', relation: 'insideTheirs' });
    expect(duplicate!.matches.length).toBeGreaterThanOrEqual(2);
    // Each moment of the re-cut is 4 s later in the original (within a frame sampling step).
    for (const match of duplicate!.matches) expect(Math.abs(match.theirTimeMs - match.timeMs - 4000)).toBeLessThanOrEqual(1200);
    expect((await h.admin<ReviewRecord>('GET', `/reviews/${unrelated.body.data.id}`, { token: staff })).body.duplicates).toEqual([]);
    // Every processed frame is recorded, the index's truth.
    const [frames] = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM uploads.upload_frames WHERE upload_id = $1', [original.body.data.id]);
    expect(frames!.n).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('records the frames of uploads processed before frames were, so a later copy of one is flagged', async () => {
    const first = await h.user(GID3);
    const second = await h.user(GID3);
    const photo = await generatePhoto(4000, 3000, 2);
    const earlier = await h.upload(first.token, 'photo', 'quay.jpg', photo, { width: 4000, height: 3000 });
    await h.waitForStatus(earlier.body.data.id, ['waiting']);
    // As an upload processed before the frame index existed: no frames recorded.
    await h.sql('DELETE FROM uploads.upload_frames WHERE upload_id = $1', [earlier.body.data.id]);
    const backfill = h.server.app.get(UploadFramesBackfill);
    await backfill.pass();
    expect(await h.sql('SELECT time_ms FROM uploads.upload_frames WHERE upload_id = $1', [earlier.body.data.id])).toEqual([{ time_ms: 0 }]);
    // Done is done.
    expect(await backfill.pass()).toBe(0);
    const copy = await h.upload(second.token, 'photo', 'quay-copy.jpg', await sharp(photo).resize(3900).jpeg({ quality: 70 }).toBuffer());
    await h.waitForStatus(copy.body.data.id, ['waiting']);
    const staff = await h.staffToken(['reviewer']);
    const flagged = await h.admin<ReviewRecord>('GET', `/reviews/${copy.body.data.id}`, { token: staff });
    expect(flagged.body.duplicates.map((duplicate) => duplicate.id)).toContain(earlier.body.data.id);
  });

  it('warns a contributor sending the same file again, at the token call, and flags the same picture under another name to the reviewer', async () => {
    const { token, userId } = await h.user(GID3);
    const photo = await generatePhoto(4000, 3000, 5);
    const first = await h.upload(token, 'photo', 'pier.jpg', photo, { width: 4000, height: 3000 });
    await h.waitForStatus(first.body.data.id, ['waiting']);

    // The same name and size: said at once, before any byte is sent.
    const again = await h.call<UploadTokenResponse>('/upload/token/photo', { token, body: { fileName: 'pier.jpg', fileSize: photo.length, width: 4000, height: 3000 } });
    expect(again.body.data.earlierUpload).toMatchObject({ id: first.body.data.id, status: 'waiting' });
    const other = await h.user(GID3);
    const stranger = await h.call<UploadTokenResponse>('/upload/token/photo', { token: other.token, body: { fileName: 'pier.jpg', fileSize: photo.length, width: 4000, height: 3000 } });
    expect(stranger.body.data.earlierUpload).toBeNull();

    // The same picture renamed: the fingerprints find it, and the reviewer sees it is the contributor's own.
    const renamed = await h.upload(token, 'photo', 'pier-final.jpg', photo, { width: 4000, height: 3000 });
    await h.waitForStatus(renamed.body.data.id, ['waiting']);
    const staff = await h.staffToken(['reviewer']);
    const record = await h.admin<ReviewRecord>('GET', `/reviews/${renamed.body.data.id}`, { token: staff });
    expect(record.body.duplicates).toEqual(expect.arrayContaining([expect.objectContaining({ id: first.body.data.id, contributorId: userId, fileName: 'pier.jpg', distance: 0 })]));
  });

  it('flags one of two copies processed at the same moment (as on two replicas), the other seen by whichever checks second', async () => {
    const first = await h.user(GID3);
    const second = await h.user(GID3);
    const photo = await generatePhoto(4000, 3000, 3);
    const a = await h.upload(first.token, 'photo', 'harbour.jpg', photo);
    const b = await h.upload(second.token, 'photo', 'my-harbour.jpg', await sharp(photo).jpeg({ quality: 70 }).toBuffer());
    const ids = [a.body.data.id, b.body.data.id];
    for (const id of ids) await h.waitForStatus(id, ['waiting']);
    // Both back to before their processing, then processed together.
    await h.sql(`DELETE FROM uploads.upload_frames WHERE upload_id = ANY($1::bigint[])`, [ids]);
    await h.sql(`UPDATE uploads.uploads SET status = 'transcoding', thumbnail_key = NULL, sample_key = NULL, near_duplicates = '[]' WHERE id = ANY($1::bigint[])`, [ids]);
    const app = h.server.app;
    const dataSource = app.get<DataSource>(getDataSourceToken('uploads'));
    // Both checks start only once both uploads are at theirs, as when two replicas are in step.
    const finder = app.get(NearDuplicateFinder);
    let arrived = 0;
    let bothThere!: () => void;
    const barrier = new Promise<void>((resolve) => (bothThere = resolve));
    const inStep = {
      find: async (upload: Parameters<NearDuplicateFinder['find']>[0]) => {
        if (++arrived === 2) bothThere();
        await barrier;
        return finder.find(upload);
      },
    } as NearDuplicateFinder;
    const worker = new UploadPipelineService(h.storage(), app.get(MEDIA_PROCESSOR), app.get(UPLOAD_SETTINGS), app.get(OutboxWriter), app.get(Clock), inStep, app.get(UploadFramesRepository));
    await Promise.all(ids.map((id) => dataSource.transaction((manager) => worker.process(manager, id))));

    const staff = await h.staffToken(['reviewer']);
    const [reviewA, reviewB] = await Promise.all(ids.map((id) => h.admin<ReviewRecord>('GET', `/reviews/${id}`, { token: staff })));
    // (Other tests' photos of the same shapes may be listed too.)
    const aListsB = reviewA!.body.duplicates.some((duplicate) => duplicate.id === ids[1]);
    const bListsA = reviewB!.body.duplicates.some((duplicate) => duplicate.id === ids[0]);
    expect(aListsB || bListsA).toBe(true);
  });

  it('leaves an interrupted job to be retried: nothing recorded from the crashed attempt, its leftovers removed', async () => {
    const { token } = await h.user(GID3);
    // Upload the file, then take the row back to 'transcoding' as if the worker had died before finishing.
    const done = await h.upload(token, 'photo', 'retry.jpg', await generatePhoto(4000, 3000, 2));
    const id = done.body.data.id;
    await h.waitForStatus(id, ['waiting']);
    await h.sql(`UPDATE uploads.uploads SET status = 'transcoding', thumbnail_key = NULL, sample_key = NULL WHERE id = $1`, [id]);

    const app = h.server.app;
    const storage = h.storage();
    let puts = 0;
    // The second object write dies, as when the process is killed mid-way.
    const crashing = new Proxy(storage, {
      get(target, property, receiver) {
        if (property === 'put') {
          return async (...args: Parameters<ObjectStorage['put']>) => {
            if (++puts === 2) throw new Error('worker killed');
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const crashingWorker = new UploadPipelineService(crashing, app.get(MEDIA_PROCESSOR), app.get(UPLOAD_SETTINGS), app.get(OutboxWriter), app.get(Clock), app.get(NearDuplicateFinder), app.get(UploadFramesRepository));
    const dataSource = app.get<DataSource>(getDataSourceToken('uploads'));
    await expect(dataSource.transaction((manager) => crashingWorker.process(manager, id))).rejects.toThrow('worker killed');

    const [afterCrash] = await h.sql(`SELECT status, thumbnail_key, sample_key FROM uploads.uploads WHERE id = $1`, [id]);
    expect(afterCrash).toEqual({ status: 'transcoding', thumbnail_key: null, sample_key: null });
    const leftovers = await storage.list('renditions', `uploads/${id}/`);
    expect(leftovers.length).toBeGreaterThan(0);

    // The bus delivers again: a healthy worker starts clean and records only its own renditions.
    await dataSource.transaction((manager) => app.get(UploadPipelineService).process(manager, id));
    const [afterRetry] = await h.sql<{ status: string; thumbnail_key: string; sample_key: string }>(`SELECT status, thumbnail_key, sample_key FROM uploads.uploads WHERE id = $1`, [id]);
    expect(afterRetry!.status).toBe('waiting');
    const renditions = (await storage.list('renditions', `uploads/${id}/`)).map((e) => `renditions/${e.key}`);
    expect(renditions).toEqual([afterRetry!.thumbnail_key]);
    expect(leftovers.map((e) => `renditions/${e.key}`)).not.toContain(afterRetry!.thumbnail_key);
  });
});
