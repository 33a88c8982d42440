import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { ErrorCode, type ImageSearchResult, type MaterialAdminView, type MaterialFilters, type MaterialSearchResponse } from '@mkt/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CatalogueImageQueryAlike1767150000000 } from '../src/migrations/1767150000000-image-query-alike.js';
import { CatalogueFinerDetailGrids1767200000000 } from '../src/migrations/1767200000000-finer-detail-grids.js';
import { ImageQuerySweeper } from '../src/visual/image-query.sweeper.js';
import { VisualIndexingJob } from '../src/visual/visual-indexing.job.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';

/** A coloured scene of shapes, different for each seed. */
const scene = (seed: number, width = 1600, height = 1000) => {
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const v = (n: number) => ((seed * 7919 + i * 104729 + n * 1299709) % 997) / 997;
    return `<rect x="${v(1) * width}" y="${v(2) * height}" width="${100 + v(3) * 600}" height="${80 + v(4) * 400}" fill="rgb(${Math.round(v(5) * 255)},${Math.round(v(6) * 255)},${Math.round(v(7) * 255)})"/>`;
  }).join('');
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${(seed * 41) % 255},90,${(seed * 13) % 255})"/>${shapes}</svg>`)).jpeg({ quality: 92 }).toBuffer();
};

/** A PNG whose header claims `width` x `height` (a decompression bomb if it were decoded). */
const pngHeader = (width: number, height: number) => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
};

describe('POST /api/material/searchByImage', () => {
  let h: CatalogueHarness;
  let photoId: number;
  let otherId: number;

  beforeAll(async () => {
    h = await startCatalogue();
    // The uploads service owns the originals bucket; the catalogue alone reads it.
    await h.storage().ensureBucket('originals');
    // Two published photos with real originals in storage, indexed by the job as after publishing.
    const material = async (seed: number) => {
      const key = `fixture/visual-${seed}.jpg`;
      await h.storage().put('originals', key, await scene(seed), { contentType: 'image/jpeg' });
      const [created] = await h.createMaterials([
        { kind: 'photo', status: 'published', titleZh: `图${seed}`, titleEn: `scene ${seed}`, keywordsZh: [], keywordsEn: [], thumbnailKey: `renditions/fixture/${seed}.jpg`, originalKey: `originals/${key}` },
      ]);
      return created!.id;
    };
    photoId = await material(11);
    otherId = await material(12);
    await h.server.app.get(VisualIndexingJob).pass();
  }, 60_000);
  afterAll(() => h?.close());

  async function send(picture: Buffer | null, options: { name?: string; type?: string; lang?: string; field?: string; token?: string } = {}) {
    const form = new FormData();
    if (picture) form.append(options.field ?? 'image', new Blob([new Uint8Array(picture)], { type: options.type ?? 'image/jpeg' }), options.name ?? 'query.jpg');
    const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en' };
    if (options.token) headers.access_token = options.token;
    const response = await fetch(`${h.url}/api/material/searchByImage`, { method: 'POST', body: form, headers });
    return { status: response.status, body: (await response.json()) as { code: number; message: string; data: ImageSearchResult } };
  }

  it('finds the photo a re-encoded, smaller copy comes from, first, and gives the theme colour to the detail', async () => {
    const copy = await sharp(await scene(11)).resize(700).jpeg({ quality: 45 }).toBuffer();
    const reply = await send(copy);
    expect(reply.status).toBe(200);
    expect(reply.body.data.sources[0]).toMatchObject({ id: photoId, kind: 'photo', timeMs: null });
    expect(reply.body.data.sources.map((source) => source.id)).not.toContain(otherId);
    // The other photo looks alike by its colours and composition; the source is not listed twice.
    expect(reply.body.data.similar.map((card) => card.id)).toEqual([otherId]);
    const [row] = await h.sql<{ theme_color: string | null }>('SELECT theme_color FROM catalogue.materials WHERE id = $1', [photoId]);
    expect(row!.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps the picture for its searcher only, re-encoded without its metadata, for further pages and filters, and deletes it after a day', async () => {
    const buyer = await h.userToken();
    const other = await h.userToken();
    const withExif = await sharp(await scene(11)).resize(900).withMetadata({ exif: { IFD0: { Copyright: 'secret owner', Artist: 'someone' } } }).jpeg().toBuffer();
    const first = await send(withExif, { token: buyer });
    expect(first.status).toBe(200);
    const { queryId, pictureUrl } = first.body.data;
    expect(queryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.data).toMatchObject({ pageNo: 1, pageSize: 24, similarTotal: 1 });
    // The kept copy: a JPEG behind a signed link, without the camera's metadata.
    const kept = await fetch(new URL(pictureUrl, h.url));
    expect(kept.status).toBe(200);
    const keptBytes = Buffer.from(await kept.arrayBuffer());
    expect((await sharp(keptBytes).metadata()).exif).toBeUndefined();
    expect(keptBytes.includes(Buffer.from('secret owner'))).toBe(false);

    const page = (body: Record<string, unknown>, token?: string, lang = 'en') => h.call<ImageSearchResult>('/material/searchByImage/page', { body, token, lang });
    const again = await page({ queryId, type: 'pic' }, buyer);
    expect(again.status).toBe(200);
    expect(again.body.data.sources[0]).toMatchObject({ id: photoId });
    // Narrowed to videos: the photos are out of both lists.
    const videos = await page({ queryId, type: 'video' }, buyer);
    expect(videos.body.data).toMatchObject({ sources: [], similar: [], similarTotal: 0 });
    // A filter none of them has.
    expect((await page({ queryId, filters: { resolution: ['8k'] } }, buyer)).body.data.sources).toEqual([]);
    // A page past the end is empty, not an error.
    expect((await page({ queryId, pageNo: 3 }, buyer)).body.data.similar).toEqual([]);

    // Someone else's query, or the buyer's seen by a visitor: gone, in the reader's language.
    for (const [token, lang] of [[other, 'en'], [undefined, 'zh-CN']] as const) {
      const refused = await page({ queryId }, token, lang);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe(ErrorCode.VISUAL_QUERY_GONE);
      expect(refused.body.message).toMatch(lang === 'en' ? /expired or is not yours/ : /[\u4e00-\u9fff]/);
    }
    for (const bad of [{ queryId: 'x' }, { queryId: `${queryId}\u0000` }, { queryId, pageNo: 2 ** 64 }, { queryId, type: 'music' }, { queryId, pageSize: 'many' }, { queryId, filters: { colour: ['ultraviolet'] } }, {}]) {
      expect((await page(bad, buyer)).status).toBe(422);
    }
    // A visitor's query answers whoever holds its id (only the visitor was given it).
    const visitors = await send(await scene(12));
    expect((await page({ queryId: visitors.body.data.queryId })).status).toBe(200);

    // A day later it is gone, answered as gone at once, then swept with its picture.
    await h.sql(`UPDATE catalogue.image_queries SET created_at = now() - interval '25 hours' WHERE id = $1`, [queryId]);
    expect((await page({ queryId }, buyer)).body.code).toBe(ErrorCode.VISUAL_QUERY_GONE);
    expect(await h.server.app.get(ImageQuerySweeper).sweep()).toBe(1);
    expect(await h.sql('SELECT id FROM catalogue.image_queries WHERE id = $1', [queryId])).toEqual([]);
    expect((await h.storage().list('image-queries')).map((entry) => entry.key).filter((key) => key.includes(queryId))).toEqual([]);
    expect((await h.sql('SELECT id FROM catalogue.image_queries')).length).toBeGreaterThanOrEqual(1);
  });

  it('lists nothing as a source for a picture of something else', async () => {
    const reply = await send(await scene(57));
    expect(reply.status).toBe(200);
    expect(reply.body.data.sources).toEqual([]);
  });

  it('keeps an unpublished material out of the answer', async () => {
    await h.sql(`UPDATE catalogue.materials SET status = 'unpublished' WHERE id = $1`, [otherId]);
    const reply = await send(await scene(12));
    expect(reply.body.data.sources.map((source) => source.id)).not.toContain(otherId);
    expect(reply.body.data.similar.map((card) => card.id)).toEqual([photoId]);
    await h.sql(`UPDATE catalogue.materials SET status = 'published' WHERE id = $1`, [otherId]);
  });

  it('more like this: by colour and composition the nearest look of the same kind, by subject as the detail page; bad requests refused', async () => {
    const byLook = await h.call<{ infos: { id: number }[]; byLook: boolean }>('/material/similarBy', { body: { id: photoId, subject: false, colour: true, composition: true } });
    expect(byLook.status).toBe(200);
    expect(byLook.body.data).toEqual({ infos: [expect.objectContaining({ id: otherId })], byLook: true });
    const bySubject = await h.call<{ infos: { id: number }[]; byLook: boolean }>('/material/similarBy', { body: { id: photoId } });
    expect(bySubject.status).toBe(200);
    expect(bySubject.body.data.byLook).toBe(false);
    expect((await h.call('/material/similarBy', { body: { id: photoId, subject: false, colour: false, composition: false } })).status).toBe(422);
    expect((await h.call('/material/similarBy', { body: { id: 987654321 } })).status).toBe(404);
    for (const id of ['1\u0000', 2 ** 64, 'x', null]) expect((await h.call('/material/similarBy', { body: { id } })).status).toBeGreaterThanOrEqual(400);
  });

  it('the indexing job remembers a material whose original is missing or unreadable and goes on with the rest', async () => {
    await h.storage().put('originals', 'fixture/broken.jpg', Buffer.from('not a picture at all'), { contentType: 'image/jpeg' });
    const base = { kind: 'photo' as const, status: 'published' as const, keywordsZh: [], keywordsEn: [], thumbnailKey: 'renditions/fixture/x.jpg' };
    const [missing, broken] = await h.createMaterials([
      { ...base, titleZh: '缺失', titleEn: 'missing', originalKey: 'originals/fixture/nowhere.jpg' },
      { ...base, titleZh: '损坏', titleEn: 'broken', originalKey: 'originals/fixture/broken.jpg' },
    ]);
    await h.storage().put('originals', 'fixture/visual-13.jpg', await scene(13), { contentType: 'image/jpeg' });
    const [good] = await h.createMaterials([{ ...base, titleZh: '图13', titleEn: 'scene 13', originalKey: 'originals/fixture/visual-13.jpg' }]);
    const job = h.server.app.get(VisualIndexingJob);
    expect(await job.pass()).toBe(1);
    const rows = await h.sql<{ material_id: string; failure: string | null; frames: number }>(
      'SELECT material_id, failure, frames FROM catalogue.material_looks WHERE material_id = ANY($1::bigint[]) ORDER BY material_id',
      [[missing!.id, broken!.id, good!.id]],
    );
    expect(rows.map((row) => [Number(row.material_id), row.failure !== null, row.frames])).toEqual([
      [missing!.id, true, 0],
      [broken!.id, true, 0],
      [good!.id, false, 1],
    ]);
    // Done is done: a second pass finds nothing to index.
    expect(await job.pass()).toBe(0);
    const reply = await send(await sharp(await scene(13)).resize(500).toBuffer());
    expect(reply.body.data.sources[0]?.id).toBe(good!.id);
  });

  it.each([
    ['no picture', null, ErrorCode.VISUAL_QUERY_REQUIRED, 422],
    ['a text file named .jpg', Buffer.from('just some text, not a picture'), ErrorCode.VISUAL_QUERY_TYPE, 422],
    ['a 30000x30000 PNG header', pngHeader(30_000, 30_000), ErrorCode.VISUAL_QUERY_SIZE, 422],
  ])('refuses %s with a localized 4xx', async (_what, picture, code, status) => {
    const reply = await send(picture);
    expect(reply.status).toBe(status);
    expect(reply.body.code).toBe(code);
    const chinese = await send(picture, { lang: 'zh-CN' });
    expect(chinese.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a 1x1 picture, a GIF, a truncated JPEG and one over 20 MB, keeping none of them; a NUL in the file name changes nothing', async () => {
    const [{ n: keptBefore }] = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM catalogue.image_queries');
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'red' } }).png().toBuffer();
    expect((await send(tiny, { type: 'image/png' })).body.code).toBe(ErrorCode.VISUAL_QUERY_SIZE);

    // An animated GIF: GIF is not a type search by image takes, still or not.
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'blue' } }).gif().toBuffer();
    expect((await send(gif, { type: 'image/gif', name: 'moving.gif' })).body.code).toBe(ErrorCode.VISUAL_QUERY_TYPE);

    const jpeg = await scene(11);
    const truncated = await send(jpeg.subarray(0, Math.floor(jpeg.length / 3)));
    expect(truncated.status).toBe(422);
    expect(truncated.body.code).toBe(ErrorCode.VISUAL_QUERY_TYPE);

    const large = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await send(large);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe(ErrorCode.VISUAL_QUERY_TOO_LARGE);

    expect((await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM catalogue.image_queries'))[0]!.n).toBe(keptBefore);
    const named = await send(await sharp(jpeg).resize(600).toBuffer(), { name: 'a\u0000b.jpg' });
    expect(named.status).toBe(200);
    expect(named.body.data.sources[0]?.id).toBe(photoId);
  });

  it('upgrades a database whose kept pictures predate their looks-alike list and the 32x32 grid: they answer as gone, new ones work', async () => {
    const page = (queryId: string) => h.call<ImageSearchResult>('/material/searchByImage/page', { body: { queryId } });
    const before = (await send(await scene(13))).body.data.queryId;
    const runner = h.server.app.get<DataSource>(getDataSourceToken('catalogue')).createQueryRunner();
    try {
      // As kept before: no list of looks, a 16x16 grid.
      await new CatalogueImageQueryAlike1767150000000().down(runner);
      await h.sql(`UPDATE catalogue.image_queries SET detail = substring(detail from 1 for 256) WHERE id = $1`, [before]);
      await h.sql(`UPDATE catalogue.material_frames SET detail = substring(detail from 1 for 256) WHERE material_id = $1`, [otherId]);
      await new CatalogueImageQueryAlike1767150000000().up(runner);
      await new CatalogueFinerDetailGrids1767200000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await h.sql('SELECT alike FROM catalogue.image_queries WHERE id = $1', [before])).toEqual([{ alike: [] }]);
    const gone = await page(before);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(ErrorCode.VISUAL_QUERY_GONE);
    // A material indexed with the old grid is indexed again by the job; the others keep theirs.
    const grids = (id: number) => h.sql<{ bytes: number }>('SELECT length(detail) AS bytes FROM catalogue.material_frames WHERE material_id = $1', [id]);
    expect(await grids(otherId)).toEqual([]);
    expect(await h.sql('SELECT 1 FROM catalogue.material_looks WHERE material_id = $1', [otherId])).toEqual([]);
    expect(await grids(photoId)).toEqual([{ bytes: 1024 }]);
    expect(await h.server.app.get(VisualIndexingJob).pass()).toBe(1);
    expect(await grids(otherId)).toEqual([{ bytes: 1024 }]);
    // A new picture is kept with its list and paged.
    const fresh = await send(await scene(11));
    expect(fresh.body.data.sources[0]).toMatchObject({ id: photoId });
    expect((await page(fresh.body.data.queryId)).status).toBe(200);
  });
});

describe('the colour filter', () => {
  let h: CatalogueHarness;

  beforeAll(async () => {
    h = await startCatalogue();
    await h.storage().ensureBucket('originals');
  }, 60_000);
  afterAll(() => h?.close());

  /** A picture of two colours, `share` of it the first. */
  const twoColours = (first: string, second: string, share: number) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="${second}"/><rect width="${Math.round(800 * share)}" height="500" fill="${first}"/></svg>`,
      ),
    )
      .jpeg({ quality: 90 })
      .toBuffer();

  it('gives each indexed photo its named colours, narrows a keyword search by them with facets, and keeps them through a console edit', async () => {
    const photo = async (name: string, picture: Buffer) => {
      const key = `fixture/colour-${name}.jpg`;
      await h.storage().put('originals', key, picture, { contentType: 'image/jpeg' });
      const [created] = await h.createMaterials([
        { kind: 'photo', status: 'published', titleZh: `海边${name}`, titleEn: `seaside ${name}`, keywordsZh: ['海边'], keywordsEn: ['seaside'], thumbnailKey: `renditions/fixture/${name}.jpg`, originalKey: `originals/${key}` },
      ]);
      return created!.id;
    };
    const sky = await photo('sky', await twoColours('#87ceeb', '#f5f5f5', 0.7));
    const sunset = await photo('sunset', await twoColours('#ff8c00', '#8b0000', 0.6));
    // A sliver of blue (5%) is not enough to count as a blue picture.
    const sliver = await photo('sliver', await twoColours('#2f64c8', '#228b22', 0.05));
    const search = (colour: string[]) =>
      h.call<MaterialSearchResponse>('/material/search', { body: { keyword: 'seaside', type: 'pic', filters: { colour } } });
    // Not indexed yet: no material has a colour.
    expect((await search(['blue'])).body.data.infos).toEqual([]);

    await h.server.app.get(VisualIndexingJob).pass();
    const filtersOf = async (id: number) => (await h.sql<{ filters: MaterialFilters }>('SELECT filters FROM catalogue.materials WHERE id = $1', [id]))[0]!.filters;
    expect((await filtersOf(sky)).colour).toEqual(['blue', 'white']);
    expect((await filtersOf(sunset)).colour).toEqual(['red', 'orange']);
    expect((await filtersOf(sliver)).colour).toEqual(['green']);

    const blue = await search(['blue']);
    expect(blue.body.data.infos.map((card) => card.id)).toEqual([sky]);
    // OR within the filter; each facet counts over the keyword's matches, ignoring its own selection.
    const warm = await search(['red', 'orange']);
    expect(warm.body.data.infos.map((card) => card.id)).toEqual([sunset]);
    expect(Object.fromEntries(warm.body.data.facets.colour!.map((bucket) => [bucket.value, bucket.count]))).toMatchObject({ blue: 1, white: 1, red: 1, orange: 1, green: 1, pink: 0 });
    expect((await search(['purple'])).body.data.infos).toEqual([]);
    // Another filter with it: AND across filters.
    const both = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: 'seaside', type: 'pic', filters: { colour: ['blue'], people: ['none'] } } });
    expect(both.body.data.infos).toEqual([]);
    expect((await h.call('/material/search', { body: { keyword: 'seaside', type: 'pic', filters: { colour: ['ultraviolet'] } } })).status).toBe(422);

    // Staff edit the hand-set filters; the colours, derived from the picture, are not theirs to change.
    const reviewer = await h.staffToken(['reviewer']);
    const edited = await h.admin<MaterialAdminView>('PUT', `/materials/${sky}`, { token: reviewer, body: { filters: { people: ['none'], colour: ['red'] } } });
    expect(edited.status).toBe(200);
    expect(edited.body.filters).toEqual({ people: ['none'], colour: ['blue', 'white'] });
    expect((await search(['blue'])).body.data.infos.map((card) => card.id)).toEqual([sky]);
    expect((await search(['red'])).body.data.infos.map((card) => card.id)).toEqual([sunset]);
  }, 60_000);
});
