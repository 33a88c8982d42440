import sharp from 'sharp';
import { seededRandom } from '../random/seeded-random.js';
import { buildSignatureFramesArgs } from './ffmpeg-args.js';
import { frameTimesMs } from './video-frame-signatures.js';
import { detailSimilarity } from './detail-likeness.js';
import { COMPOSITION_BYTES, SIGNATURE_RASTER, compositionGrid, dominantColours, visualSignature } from './visual-signature.js';

const raster = (paint: (x: number, y: number) => [number, number, number]) => {
  const rgb = new Uint8Array(SIGNATURE_RASTER * SIGNATURE_RASTER * 3);
  for (let y = 0; y < SIGNATURE_RASTER; y++) {
    for (let x = 0; x < SIGNATURE_RASTER; x++) rgb.set(paint(x, y), (y * SIGNATURE_RASTER + x) * 3);
  }
  return rgb;
};

const distance = (a: bigint, b: bigint) => {
  let diff = a ^ b;
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
};

/** A scene of coloured shapes on a coloured ground, different for each seed. */
const scene = (seed: number, width = 1280, height = 720) => {
  const random = seededRandom(seed * 0x9e3779b9);
  const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes = Array.from({ length: 8 }, () =>
    random() < 0.5
      ? `<circle cx="${random() * width}" cy="${random() * height}" r="${40 + random() * 240}" fill="${colour()}"/>`
      : `<rect x="${random() * width}" y="${random() * height}" width="${80 + random() * 500}" height="${60 + random() * 400}" fill="${colour()}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

describe('visual signature', () => {
  it('a plain picture has one colour covering all of it, in CIELAB and hex', () => {
    const [colour, ...rest] = dominantColours(raster(() => [255, 0, 0]));
    expect(rest).toEqual([]);
    expect(colour).toMatchObject({ hex: '#ff0000', share: 1 });
    expect(colour!.lab[0]).toBeCloseTo(53.2, 0);
    expect(colour!.lab[1]).toBeCloseTo(80.1, 0);
  });

  it('shares follow the area each colour covers, largest first', () => {
    const colours = dominantColours(raster((x) => (x < SIGNATURE_RASTER / 4 ? [0, 0, 255] : [255, 255, 255])));
    // Median cut keeps 5 bits a channel: white comes back as #fcfcfc, blue as #0404fc.
    expect(colours[0]!.lab[0]).toBeGreaterThan(98);
    expect(colours[1]!.lab[2]).toBeLessThan(-100);
    expect(colours[0]!.share).toBeCloseTo(0.75, 2);
    expect(colours[1]!.share).toBeCloseTo(0.25, 2);
  });

  it('composition: luminance per cell, then edges where light meets dark', () => {
    const grid = compositionGrid(raster((x) => (x < SIGNATURE_RASTER / 2 ? [0, 0, 0] : [255, 255, 255])));
    expect(grid).toHaveLength(COMPOSITION_BYTES);
    expect([...grid.subarray(0, 4)]).toEqual([0, 0, 255, 255]);
    const edges = [...grid.subarray(16, 20)];
    // Only the cell holding the boundary's last dark column has an edge.
    expect(edges[1]).toBeGreaterThan(0);
    expect(edges[0]).toBe(0);
    expect(edges[2]).toBe(0);
  });

  it('the hash keeps a re-encoded, rescaled or brightened copy within a few bits, and another scene far away', async () => {
    const original = await scene(3);
    const base = await visualSignature(original);
    const copies = [
      await sharp(original).jpeg({ quality: 40 }).toBuffer(),
      await sharp(original).resize(640, 360).toBuffer(),
      await sharp(original).resize(2560, 1440).jpeg().toBuffer(),
      await sharp(original).modulate({ brightness: 1.15 }).toBuffer(),
    ];
    for (const copy of copies) expect(distance(base.hash, (await visualSignature(copy)).hash)).toBeLessThanOrEqual(8);
    for (const other of [4, 5, 6]) expect(distance(base.hash, (await visualSignature(await scene(other))).hash)).toBeGreaterThan(16);
  });

  it('detail similarity ignores brightness and finds a picture cropped 5% at one edge', async () => {
    const original = await scene(8);
    const base = await visualSignature(original);
    const darker = await visualSignature(await sharp(original).modulate({ brightness: 0.7 }).toBuffer());
    expect(detailSimilarity(darker.detail, base.detail)).toBeGreaterThan(0.98);
    const cropped = await visualSignature(await sharp(original).extract({ left: 64, top: 0, width: 1216, height: 720 }).toBuffer());
    const other = await visualSignature(await scene(9));
    expect(detailSimilarity(cropped.detail, base.detail)).toBeGreaterThan(0.97);
    expect(detailSimilarity(cropped.detail, base.detail)).toBeGreaterThan(detailSimilarity(other.detail, base.detail) + 0.2);
    // Two flat pictures are alike only at about the same level.
    const grey = (level: number) => new Uint8Array(256).fill(level);
    expect(detailSimilarity(grey(100), grey(103))).toBe(1);
    expect(detailSimilarity(grey(100), grey(160))).toBe(0);
  });

  it('refuses what is not a picture', async () => {
    await expect(visualSignature(Buffer.from('not a picture'))).rejects.toThrow();
  });
});

describe('video frame sampling', () => {
  it('reads frame times from ffmpeg metadata lines, in order, in milliseconds', () => {
    const lines = 'frame:0    pts:0       pts_time:0\nlavfi.scene_score=0.000\nframe:1    pts:2002    pts_time:2.002\nframe:2    pts:3500    pts_time:3.5\n';
    expect(frameTimesMs(lines)).toEqual([0, 2002, 3500]);
  });

  it('asks for the first frame, one every 2 s and scene changes, as raw RGB', () => {
    const args = buildSignatureFramesArgs('/tmp/in.mp4', 64, '/tmp/work/frames.rgb', '/tmp/work/frames.txt');
    const filter = args[args.indexOf('-vf') + 1]!;
    expect(filter).toContain("select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,2)+gt(scene\\,0.3)");
    expect(filter).toContain('scale=64:64');
    expect(filter).toContain('metadata=mode=print:file=/tmp/work/frames.txt');
    expect(args.slice(-5)).toEqual(['-f', 'rawvideo', '-pix_fmt', 'rgb24', '/tmp/work/frames.rgb']);
    expect(() => buildSignatureFramesArgs('/tmp/in.mp4', 64, '/tmp/work/frames.rgb', "/tmp/it's:here.txt")).toThrow(/plain/);
  });
});
