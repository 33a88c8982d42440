import type { MusicPage, MusicSheet } from '@mkt/contracts';
import { CatalogueDemoModule } from '../catalogue-demo.module.js';
import { DemoMusicSeedService } from '../music/demo-music-seed.js';
import { startCatalogue, type CatalogueHarness } from '../../test/catalogue-harness.js';

/** The demo music: real mp3s rendered with ffmpeg, peaks, covers, versions and sheets. */
describe('catalogue: demo music seed', () => {
  let h: CatalogueHarness;
  const size = process.env.DEMO_MUSIC_SIZE;

  beforeAll(async () => {
    process.env.DEMO_MUSIC_SIZE = '3';
    // Mounted as the single-machine app mounts it; SEED_DEMO stays off, so nothing runs by itself.
    h = await startCatalogue({ modules: [CatalogueDemoModule] });
  });
  afterAll(async () => {
    if (size === undefined) delete process.env.DEMO_MUSIC_SIZE;
    else process.env.DEMO_MUSIC_SIZE = size;
    await h?.close();
  });

  it('renders tracks, a sound effect and a version, with peaks, covers and sheets; a second run skips', async () => {
    const seed = h.server.app.get(DemoMusicSeedService);
    expect(await seed.seed()).toBe(4); // 2 tracks + 1 sound effect + the 30 s cut of the 45 s track
    const music = (await h.call<MusicPage>('/music/search', { body: { musicType: 1 } })).body.data;
    expect(music.total).toBe(2);
    const withVersion = music.infos.find((m) => m.subVersionCount === 1)!;
    expect(withVersion.duration).toBe(45);
    const sfx = (await h.call<MusicPage>('/music/search', { body: { musicType: 2 } })).body.data;
    expect(sfx.total).toBe(1);

    const wave = (await h.call<number[]>(withVersion.waveUrl.replace('/api', ''), { method: 'GET' })).body.data;
    expect(wave).toHaveLength(800);
    expect(Math.max(...wave)).toBeGreaterThan(0.2);
    const audio = await fetch(`${h.url}${withVersion.listenUrl}`);
    expect(audio.headers.get('content-type')).toContain('audio/mpeg');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await fetch(`${h.url}${withVersion.coverStr}`)).headers.get('content-type')).toContain('image/jpeg');

    const sheets = (await h.call<{ infos: MusicSheet[] }>('/music/sheetList', { body: {} })).body.data.infos;
    expect(sheets.length).toBeGreaterThanOrEqual(2);
    expect((await fetch(`${h.url}${sheets[0]!.coverStr}`)).status).toBe(200);
    expect(await seed.seed()).toBeNull();
  });
});
