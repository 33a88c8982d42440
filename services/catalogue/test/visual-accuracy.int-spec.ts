import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FfmpegRunner, resolveMediaBinaries, sourceLikeness, videoFrameSignatures, visualSignature } from '@mkt/platform/media';
import { FrameHashIndex, confirmSources, type FrameDetail, type IndexedFrame } from '@mkt/platform/visual';
import type { DemoMediaSpec } from '../demo/media/demo-media-spec.js';
import { PhotoRenderer } from '../demo/media/photo-renderer.js';
import { buildSceneSvg } from '../demo/media/scene-svg.js';
import { paletteFor } from '../demo/media/palettes.js';
import { VideoRenderer } from '../demo/media/video-renderer.js';
import { CANDIDATE_DISTANCE, MIN_SOURCE_SIMILARITY } from '../src/visual/image-search.service.js';

/**
 * Search by image as buyers use it, on real demo media (the demo renderer's clips and photos,
 * real ffmpeg, real sharp): frames grabbed from clips and the photos themselves, changed as
 * buyers' pictures are, must find their source first (a clip within 2 s of the frame), and
 * pictures of other scenes must find nothing. The rates per kind of change are printed.
 *
 * Measured: 219 of 224 found first (JPEG quality 40, 50% and 200% scale, brightness +-15% and a
 * 5% crop: 32 of 32 each; a caption 27 of 32), and 1 of 200 pictures of other demo scenes listed
 * as a source (the demo renderer's scenes of one palette differ only in the sun's place and the
 * hills' line: sourceLikeness judges the grids' residuals block by block for that). The same
 * test on media rendered from two other sets of seeds: 223 and 219 found, 0 and 1 listed.
 */
const CLIPS = 8;
const PHOTOS = 8;
const GRABS_PER_CLIP = 3;
const CLIP_SECONDS = 10;
const UNRELATED = 200;
const PALETTES = ['sunset', 'ocean', 'forest', 'city', 'night', 'snow', 'desert', 'studio'] as const;

type Change = (picture: Buffer) => Promise<Buffer>;
const CHANGES: Record<string, Change> = {
  'jpeg quality 40': (p) => sharp(p).jpeg({ quality: 40 }).toBuffer(),
  'scaled to 50%': async (p) => sharp(p).resize(Math.round(((await sharp(p).metadata()).width ?? 2) / 2)).png().toBuffer(),
  'scaled to 200%': async (p) => sharp(p).resize(((await sharp(p).metadata()).width ?? 1) * 2).jpeg({ quality: 85 }).toBuffer(),
  'brightness +15%': (p) => sharp(p).modulate({ brightness: 1.15 }).jpeg({ quality: 85 }).toBuffer(),
  'brightness -15%': (p) => sharp(p).modulate({ brightness: 0.85 }).jpeg({ quality: 85 }).toBuffer(),
  '5% cropped at one edge': async (p) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    return sharp(p).extract({ left: 0, top: 0, width: Math.round(width * 0.95), height }).png().toBuffer();
  },
  'caption in a corner': async (p) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const box = { width: Math.round(width * 0.3), height: Math.round(height * 0.08) };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" fill="black" fill-opacity="0.6"/><text x="8" y="${Math.round(box.height * 0.7)}" font-size="${Math.round(box.height * 0.6)}" fill="white">REF 0042</text></svg>`;
    return sharp(p).composite([{ input: Buffer.from(svg), left: width - box.width - 8, top: height - box.height - 8 }]).png().toBuffer();
  },
};

interface Query {
  materialId: number;
  timeMs: number | null;
  change: string;
  picture: Buffer;
}

describe('search by image: accuracy on demo media', () => {
  let dir: string;
  let runner: FfmpegRunner;
  let index: FrameHashIndex;
  const queries: Query[] = [];
  const details = new Map<number, FrameDetail[]>();
  /** As the service does: hash candidates, confirmed on every frame's detail. */
  const sources = async (picture: Buffer) => {
    const signature = await visualSignature(picture);
    return confirmSources(signature, index.search(signature.hash, CANDIDATE_DISTANCE, 20), details, MIN_SOURCE_SIMILARITY, sourceLikeness);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'visual-accuracy-'));
    runner = new FfmpegRunner(await resolveMediaBinaries());
    const videos = new VideoRenderer(runner);
    const photos = new PhotoRenderer();
    const frames: IndexedFrame[] = [];
    for (let i = 0; i < CLIPS + PHOTOS; i++) {
      const materialId = i + 1;
      const kind = i < CLIPS ? 'video' : 'photo';
      const spec: DemoMediaSpec = kind === 'video'
        ? { key: `clip-${i}`, kind, seed: 101 + i, label: 'clip', width: 960, height: 540, durationSeconds: CLIP_SECONDS, palette: PALETTES[i % PALETTES.length]! }
        : { key: `photo-${i}`, kind, seed: 201 + i, label: 'photo', width: 1600, height: 1067, palette: PALETTES[i % PALETTES.length]! };
      const work = join(dir, spec.key);
      await mkdir(work);
      const rendered = await (kind === 'video' ? videos.render(spec, work) : photos.render(spec, work));
      const original = rendered.files.original.path;
      if (kind === 'photo') {
        const signature = await visualSignature(original);
        frames.push({ materialId, timeMs: 0, hash: signature.hash });
        details.set(materialId, [{ timeMs: 0, detail: signature.detail }]);
        queries.push(...(await changed(materialId, null, await sharp(original).png().toBuffer())));
        continue;
      }
      const clipFrames = await videoFrameSignatures(runner, original, work);
      for (const frame of clipFrames) frames.push({ materialId, timeMs: frame.timeMs, hash: frame.hash });
      details.set(materialId, clipFrames.map((frame) => ({ timeMs: frame.timeMs, detail: frame.detail })));
      for (let g = 0; g < GRABS_PER_CLIP; g++) {
        // Spread over the clip, away from its first and last half second.
        const at = 0.5 + ((g + 0.37 * (i % 3)) / GRABS_PER_CLIP) * (CLIP_SECONDS - 1);
        const grabbed = join(work, `grab-${g}.png`);
        await runner.ffmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-ss', at.toFixed(3), '-i', original, '-frames:v', '1', grabbed]);
        queries.push(...(await changed(materialId, Math.round(at * 1000), await sharp(grabbed).toBuffer())));
      }
    }
    index = FrameHashIndex.build(frames);
  }, 600_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function changed(materialId: number, timeMs: number | null, picture: Buffer): Promise<Query[]> {
    return Promise.all(Object.entries(CHANGES).map(async ([change, apply]) => ({ materialId, timeMs, change, picture: await apply(picture) })));
  }

  it('finds the source first, a clip within 2 s, for at least 95% of changed pictures', async () => {
    expect(queries.length).toBeGreaterThanOrEqual(200);
    const byChange = new Map<string, { found: number; total: number }>();
    let found = 0;
    const misses: string[] = [];
    for (const query of queries) {
      const [first] = await sources(query.picture);
      const hit = first?.materialId === query.materialId && (query.timeMs === null || Math.abs(first.timeMs - query.timeMs) <= 2_000);
      const tally = byChange.get(query.change) ?? { found: 0, total: 0 };
      tally.total += 1;
      if (hit) {
        tally.found += 1;
        found += 1;
      } else {
        misses.push(`${query.change}: material ${query.materialId} at ${query.timeMs ?? '-'} ms -> ${first ? `${first.materialId} at ${first.timeMs} ms, ${first.distance} bits, similarity ${first.similarity.toFixed(3)}` : 'nothing'}`);
      }
      byChange.set(query.change, tally);
    }
    const rates = [...byChange].map(([change, { found: f, total }]) => `${change}: ${f}/${total}`);
    console.log(`search by image, sources found first: ${found}/${queries.length} (${((100 * found) / queries.length).toFixed(1)}%)\n${rates.join('\n')}${misses.length ? `\nmisses:\n${misses.join('\n')}` : ''}`);
    expect(found / queries.length).toBeGreaterThanOrEqual(0.95);
  }, 300_000);

  it('lists no source for pictures of other scenes, at most 1 in 200', async () => {
    let listed = 0;
    for (let i = 0; i < UNRELATED; i++) {
      const scene = buildSceneSvg({ width: 960, height: 540, seed: 5_000 + i, palette: paletteFor(PALETTES[i % PALETTES.length]!) });
      const picture = await sharp(Buffer.from(scene)).jpeg({ quality: 80 }).toBuffer();
      const [first] = await sources(picture);
      if (first) listed += 1;
    }
    console.log(`search by image, unrelated pictures listed as a source: ${listed}/${UNRELATED}`);
    expect(listed).toBeLessThanOrEqual(1);
  }, 300_000);
});
