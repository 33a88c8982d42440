import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MaterialDetail } from '@mkt/contracts';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { PreviewStreamsJob } from '../src/streams/preview-streams.job.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';

/** The stored 480p previews of published videos, streamed as HLS by the job and served to anyone. */
describe('preview streams', () => {
  let h: CatalogueHarness;
  let dir: string;
  const ids = { streamed: 0, draft: 0, broken: 0, photo: 0 };

  beforeAll(async () => {
    // The job is started by hand below, not by its schedule, so each pass is the test's own.
    h = await startCatalogue({ env: { PREVIEW_STREAMS: 'off', VISUAL_INDEXING: 'off' } });
    dir = await mkdtemp(join(tmpdir(), 'preview-streams-'));
    const runner = new FfmpegRunner(await resolveMediaBinaries());
    const preview = join(dir, 'preview-480.mp4');
    await runner.ffmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=854x480:rate=25:duration=5', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', preview]);
    await h.storage().ensureBucket('renditions');
    await h.storage().put('renditions', 'fixture/stream/preview-480.mp4', await readFile(preview), { contentType: 'video/mp4' });
    await h.storage().put('renditions', 'fixture/broken/preview-480.mp4', Buffer.from('not a video at all'), { contentType: 'video/mp4' });
    const video = (titleEn: string, preview480Key: string, status: 'published' | 'draft' = 'published') =>
      ({ kind: 'video' as const, status, titleZh: titleEn, titleEn, keywordsZh: [], keywordsEn: [], thumbnailKey: 'renditions/fixture/stream/thumb.jpg', preview480Key });
    const created = await h.createMaterials([
      video('streamed', 'renditions/fixture/stream/preview-480.mp4'),
      video('draft', 'renditions/fixture/stream/preview-480.mp4', 'draft'),
      video('broken', 'renditions/fixture/broken/preview-480.mp4'),
      { kind: 'photo', status: 'published', titleZh: 'photo', titleEn: 'photo', keywordsZh: [], keywordsEn: [], thumbnailKey: 'renditions/fixture/stream/thumb.jpg' },
    ]);
    [ids.streamed, ids.draft, ids.broken, ids.photo] = created.map((row) => row.id) as [number, number, number, number];
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const detail = (id: number) => h.call<MaterialDetail>('/material/detail', { body: { id } });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, h.url), { headers: { 'accept-language': 'en', ...headers } });

  it('plays the MP4 until the stream exists, then names the stream on the detail page', async () => {
    expect((await detail(ids.streamed)).body.data).toMatchObject({ previewStream: null, url480: '/api/media/renditions/fixture/stream/preview-480.mp4' });
    const job = h.server.app.get(PreviewStreamsJob);
    expect(await job.pass()).toBe(1);
    expect((await detail(ids.streamed)).body.data.previewStream).toBe(`/api/media/renditions/streams/${ids.streamed}/master.m3u8`);
    // The preview that is not a video is remembered with its reason and not tried again; drafts and photos wait for nothing.
    const failures = await h.sql<{ material_id: string; reason: string }>('SELECT material_id, reason FROM catalogue.preview_stream_failures');
    expect(failures.map((row) => Number(row.material_id))).toEqual([ids.broken]);
    expect((await detail(ids.broken)).body.data.previewStream).toBeNull();
    expect(await job.pass()).toBe(0);
    const [draft] = await h.sql<{ preview_stream_key: string | null }>('SELECT preview_stream_key FROM catalogue.materials WHERE id = $1', [ids.draft]);
    expect(draft!.preview_stream_key).toBeNull();
  }, 60_000);

  it('serves the playlists and segments of a published video, with ranges, and nothing else below streams/', async () => {
    const master = await get(`/api/media/renditions/streams/${ids.streamed}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const masterText = await master.text();
    expect(masterText.split('\n').filter((line) => line.endsWith('.m3u8'))).toEqual(['240p/index.m3u8', '480p/index.m3u8']);

    const media = await get(`/api/media/renditions/streams/${ids.streamed}/240p/index.m3u8`);
    const segments = (await media.text()).split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments).toEqual(['000.ts', '001.ts', '002.ts']);
    const segment = await get(`/api/media/renditions/streams/${ids.streamed}/240p/001.ts`, { range: 'bytes=0-187' });
    expect(segment.status).toBe(206);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    // An MPEG-TS packet starts with its sync byte.
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47);

    for (const path of [
      `/api/media/renditions/streams/${ids.streamed}/240p/099.ts`,
      `/api/media/renditions/streams/${ids.draft}/master.m3u8`,
      `/api/media/renditions/streams/${ids.streamed}/240p/index.m3u8.mp4`,
      `/api/media/renditions/streams/${ids.streamed}/preview-480.mp4`,
      `/api/media/renditions/streams/99999999999999999999999/master.m3u8`,
    ]) {
      expect([path, (await get(path)).status]).toEqual([path, 404]);
    }
    expect((await get(`/api/media/renditions/streams/${ids.streamed}/240p/001.ts%00`)).status).toBe(422);
  });

  it('stops serving the stream once its video is taken off sale', async () => {
    await h.sql(`UPDATE catalogue.materials SET status = 'unpublished' WHERE id = $1`, [ids.streamed]);
    expect((await get(`/api/media/renditions/streams/${ids.streamed}/480p/000.ts`)).status).toBe(404);
    expect((await get(`/api/media/renditions/streams/${ids.streamed}/master.m3u8`)).status).toBe(404);
  });
});
