import type { BookmarkItem, MaterialCard, MaterialDetail, MaterialSearchResponse, PreferenceCounts, SampleDownloadResponse, Topic, TopicDetailResponse } from '@mkt/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import { preparedEntities } from '@mkt/platform';
import type { DataSource } from 'typeorm';
import { CATALOGUE_READ_INDEXES, CatalogueReadIndexes1763900000000 } from '../src/migrations/1763900000000-catalogue-read-indexes.js';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { MaterialEntity } from '../src/entities/material.entity.js';
import { MaterialWriter } from '../src/materials/material-writer.service.js';
import { FIXTURE } from './fixture-catalogue.js';

describe('catalogue: store calls', () => {
  let h: CatalogueHarness;
  const ids: Record<string, number> = {};
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    h = await startCatalogue();
    const entries = Object.entries(FIXTURE);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => (ids[name] = created[i]!.id));
    alice = await h.userToken();
    bob = await h.userToken();
    await h.sql(`INSERT INTO catalogue.categories (kind, name_zh, name_en, sort) VALUES ('video', '城市风光', 'Cityscapes', 1), ('video', '自然风景', 'Nature', 0), ('photo', '建筑', 'Architecture', 0)`);
    await h.sql(`UPDATE catalogue.materials SET category_id = (SELECT id FROM catalogue.categories WHERE name_en = 'Cityscapes') WHERE id = ANY($1::bigint[])`, [[ids.bund, ids.cityAerial, ids.sunsetSkyline]]);
    await h.sql(`INSERT INTO catalogue.hot_words (word_zh, word_en, sort) VALUES ('航拍', 'aerial', 1), ('星空', 'starry sky', 0)`);
    const [topic] = await h.sql<{ id: number }>(`INSERT INTO catalogue.topics (title_zh, title_en, home_cover_key, sort) VALUES ('城市夜色', 'Cities after dark', 'renditions/fixture/bund/thumb.jpg', 0) RETURNING id`);
    await h.sql(`INSERT INTO catalogue.topics (title_zh, title_en, published) VALUES ('草稿', 'Draft topic', false)`);
    await h.sql(`INSERT INTO catalogue.topic_materials (topic_id, material_id, sort) VALUES ($1, $2, 0), ($1, $3, 1), ($1, $4, 2)`, [topic!.id, ids.cityAerial, ids.bund, ids.draft]);
    // Categories and topics written around the admin services (which reindex what they change): the search index is told here.
    await h.server.app.get(MaterialWriter).reindex(Object.values(ids));
    await h.storage().ensureBucket('renditions');
    await h.storage().put('renditions', 'fixture/bund/thumb.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]), { contentType: 'image/jpeg' });
    await h.storage().put('renditions', 'fixture/bund/sample.mp4', Buffer.from('sample-bytes'), { contentType: 'video/mp4' });
    await h.storage().ensureBucket('originals');
    await h.storage().put('originals', 'fixture/bund/original.mp4', Buffer.from('original-bytes'), { contentType: 'video/mp4' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists topics, categories and hot words in the request language', async () => {
    const home = await h.call<{ topicList: Topic[] }>('/home/index', { lang: 'zh-CN' });
    expect(home.body.data.topicList).toEqual([
      { id: expect.any(Number), title: '城市夜色', homeCover: '/api/media/renditions/fixture/bund/thumb.jpg', description: '', materialCount: 2 },
    ]);
    const list = await h.call<{ list: Topic[] }>('/topic/list');
    expect(list.body.data.list.map((t) => t.title)).toEqual(['Cities after dark']);
    const topicId = list.body.data.list[0]!.id;
    const detail = await h.call<TopicDetailResponse>('/topic/detail', { body: { id: topicId } });
    expect(detail.body.data.infos.map((c) => c.id)).toEqual([ids.cityAerial, ids.bund]);
    expect(detail.body.data.total).toBe(2);
    expect((await h.call('/topic/detail', { body: { id: 99999 } })).status).toBe(404);
    const byTopic = await h.call<MaterialSearchResponse>('/material/search', { body: { topicId } });
    expect(byTopic.body.data.total).toBe(2);

    const videoCategories = await h.call<{ list: { categoryName: string; id: number }[] }>('/video/categoryList', { lang: 'zh-CN' });
    expect(videoCategories.body.data.list.map((c) => c.categoryName)).toEqual(['自然风景', '城市风光']);
    const photoCategories = await h.call<{ list: { categoryName: string }[] }>('/photo/categoryList', { lang: 'en' });
    expect(photoCategories.body.data.list.map((c) => c.categoryName)).toEqual(['Architecture']);
    const cityscapes = videoCategories.body.data.list[1]!.id;
    expect((await h.call<MaterialSearchResponse>('/material/search', { body: { categoryId: cityscapes } })).body.data.total).toBe(3);

    expect((await h.call<string[]>('/hotword', { method: 'GET', lang: 'zh-CN' })).body.data).toEqual(['星空', '航拍']);
    expect((await h.call<string[]>('/hotword', { method: 'GET', lang: 'en-US,en;q=0.9' })).body.data).toEqual(['starry sky', 'aerial']);
  });

  it('shows a detail with every field and 8 similar materials, never unpublished ones', async () => {
    const reply = await h.call<MaterialDetail>('/material/detail', { body: { id: ids.bund }, lang: 'en' });
    expect(reply.status).toBe(200);
    const detail = reply.body.data;
    expect(detail).toMatchObject({
      id: ids.bund,
      title: 'Shanghai Bund night timelapse',
      titleZh: '上海外滩夜景延时摄影',
      keywords: ['Shanghai', 'Bund', 'timelapse', 'night'],
      categoryName: 'Cityscapes',
      thumbnail: '/api/media/renditions/fixture/bund/thumb.jpg',
      url480: '/api/media/renditions/fixture/bund/preview-480.mp4',
      samplePath: `${detail.code}_sample.mp4`,
      width: 3840,
      height: 2160,
      duration: 12,
      salesCount: 500,
      filters: { mediaType: ['timelapse'], resolution: ['4k'], people: ['none'] },
    });
    expect(detail.similar).toHaveLength(8);
    expect(detail.similar.map((c) => c.id)).not.toContain(ids.bund);
    expect(detail.similar.map((c) => c.id)).not.toContain(ids.draft);
    expect(detail.similar.slice(0, 2).map((c) => c.id).sort()).toEqual([ids.cityAerial, ids.sunsetSkyline].sort());
    expect(detail.similar.every((c) => c.kind === 'video')).toBe(true);
    expect((await h.call('/material/detail', { body: { id: ids.draft } })).body).toMatchObject({ code: 1004, message: 'This material does not exist or is no longer available' });
    expect((await h.call('/material/detail', { body: { id: 'abc' } })).status).toBe(422);
    const similar = await h.call<{ infos: MaterialCard[] }>('/material/similar', { body: { id: ids.panda } });
    expect(similar.body.data.infos).toHaveLength(8);
  });

  it('reads a material with its prepared statement exactly as TypeORM hydrates it', async () => {
    const dataSource = h.server.app.get<DataSource>(getDataSourceToken('catalogue'));
    for (const id of [ids.bund, ids.panda, ids.forbiddenCity]) {
      const expected = await dataSource.getRepository(MaterialEntity).findOneByOrFail({ id });
      const [prepared] = await preparedEntities(dataSource, MaterialEntity, 'id = $1', [id]);
      expect(prepared).toBeInstanceOf(MaterialEntity);
      expect(prepared).toEqual(expected);
      expect(typeof prepared!.id).toBe('number');
    }
    expect(await preparedEntities(dataSource, MaterialEntity, `id = $1 AND status = 'published'`, [ids.draft])).toEqual([]);
  });

  it('favourites: visitor refused with 1001, idempotent add, owner-only cancel, ids on cards', async () => {
    const visitor = await h.call('/preference/bookmark', { body: { targetId: ids.bund, targetType: 0 }, lang: 'en' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ code: 1001, message: 'please log in first to use this feature' });
    const visitorList = await h.call('/space/bookmark', { body: { targetType: 0 }, lang: 'en' });
    expect(visitorList.body).toMatchObject({ code: 1001, message: 'Please sign in use the function.' });
    const forged = await h.call('/preference/bookmark', { token: 'forged.token.value', body: { targetId: ids.bund, targetType: 0 } });
    expect(forged.body.code).toBe(1001);

    const first = await h.call<{ id: number }>('/preference/bookmark', { token: alice, body: { targetId: ids.bund, targetType: 0 } });
    expect(first.status).toBe(200);
    const again = await h.call<{ id: number }>('/preference/bookmark', { token: alice, body: { targetId: ids.bund, targetType: 0 } });
    expect(again.body.data.id).toBe(first.body.data.id);
    await h.call('/preference/bookmark', { token: alice, body: { targetId: ids.forbiddenCity, targetType: 1 } });
    await h.call('/preference/bookmark', { token: alice, body: { targetId: ids.panda, targetType: 0 } });
    for (const body of [{ targetId: ids.draft, targetType: 0 }, { targetId: 999999, targetType: 0 }, { targetId: ids.bund, targetType: 1 }]) {
      const refused = await h.call('/preference/bookmark', { token: alice, body });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('This material does not exist or is no longer available');
    }

    const cards = await h.call<MaterialSearchResponse>('/material/search', { token: alice, body: { keyword: '上海外滩' } });
    expect(cards.body.data.infos[0]!.bookmarkId).toBe(first.body.data.id);
    const bobsView = await h.call<MaterialSearchResponse>('/material/search', { token: bob, body: { keyword: '上海外滩' } });
    expect(bobsView.body.data.infos[0]!.bookmarkId).toBeNull();
    const badToken = await h.call<MaterialSearchResponse>('/material/search', { token: 'garbage', body: { keyword: '上海外滩' } });
    expect(badToken.status).toBe(200);

    const list = await h.call<{ infos: BookmarkItem[]; total: number }>('/space/bookmark', { token: alice, body: { targetType: 0, pageSize: 1 }, lang: 'zh-CN' });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.infos).toEqual([
      expect.objectContaining({ targetId: ids.panda, targetType: 0, from: 'own', title: '大熊猫吃竹子', coverStr: null, musicId: null }),
    ]);

    const counts = await h.call<PreferenceCounts>('/home/preference', { token: alice });
    expect(counts.body.data).toEqual({ videoBookmark: 2, photoBookmark: 1, musicBookmark: 0, musicEffectBookmark: 0, videoShopping: 0, photoShopping: 0 });
    expect((await h.call('/home/preference')).status).toBe(401);

    const stolen = await h.call('/preference/cancel', { token: bob, body: { id: first.body.data.id } });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('This favourite does not exist');
    const cancelled = await h.call('/preference/cancel', { token: alice, body: { id: first.body.data.id } });
    expect(cancelled.body).toMatchObject({ code: 0, data: null });
    expect((await h.call('/preference/cancel', { token: alice, body: { id: first.body.data.id } })).status).toBe(404);
    expect((await h.call<PreferenceCounts>('/home/preference', { token: alice })).body.data.videoBookmark).toBe(1);
  });

  it('records clicks from visitors and users, refusing unknown rules', async () => {
    for (const bizType of [0, 1, 5, 100]) {
      for (const ruleId of [6, 7, 10, 17, 21, 22, 23, 24, 25, 27]) {
        const reply = await h.call('/material/click', { body: { bizType, ruleId, title: 't', referer: 'https://x/', navigator: 'ua', targetId: ids.bund } });
        expect(reply.status).toBe(200);
      }
    }
    await h.call('/material/click', { token: alice, body: { bizType: 0, ruleId: 24 } });
    const [row] = await h.sql<{ n: string; users: string }>(`SELECT count(*) AS n, count(user_id) AS users FROM catalogue.clicks`);
    expect(row).toEqual({ n: '41', users: '1' });
    expect((await h.call('/material/click', { body: { bizType: 2, ruleId: 21 } })).status).toBe(422);
    expect((await h.call('/material/click', { body: { bizType: 0, ruleId: 99 } })).status).toBe(422);
  });

  it('refuses text that cannot be stored with a localized 422, from search keywords to rendition paths', async () => {
    const nul = await h.call('/material/search', { body: { keyword: '外滩\u0000' }, lang: 'zh-CN' });
    expect([nul.status, nul.body.code, nul.body.message]).toEqual([422, 1400, 'keyword 含有无法保存的字符（如 NUL 或不成对的代理字符）']);
    const surrogate = await h.call('/material/search', { raw: '{"keyword":"\\ud83d sea"}' });
    expect([surrogate.status, surrogate.body.message]).toEqual([422, 'keyword contains characters that cannot be stored (such as NUL or an unpaired surrogate)']);
    const rendition = await fetch(`${h.url}/api/media/renditions/demo%00/x.jpg`, { headers: { 'accept-language': 'en' } });
    expect(rendition.status).toBe(422);
    expect((await h.call('/material/search', { body: { keyword: '外滩 🌃' } })).status).toBe(200);
  });

  it('hands a signed sample link to signed-in users only, and serves public renditions', async () => {
    const visitor = await h.call('/material/sample', { body: { id: ids.bund } });
    expect(visitor.body).toMatchObject({ code: 1001 });
    const reply = await h.call<SampleDownloadResponse>('/material/sample', { token: alice, body: { id: ids.bund } });
    expect(reply.body.data).toMatchObject({ fileName: expect.stringMatching(/^LV\d{8}_sample\.mp4$/), expiresInSeconds: 300 });
    // Relative to the page (no PUBLIC_URL set), so it works on whatever address the store was opened at.
    expect(reply.body.data.url).toMatch(/^\/files\//);
    const link = new URL(reply.body.data.url, h.url);
    const download = await fetch(`${h.url}${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('sample-bytes');
    expect((await h.call('/material/sample', { token: alice, body: { id: ids.cityAerial } })).status).toBe(404);

    const thumb = await fetch(`${h.url}/api/media/renditions/fixture/bund/thumb.jpg`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await thumb.arrayBuffer()).byteLength).toBe(10);
    const revalidated = await fetch(`${h.url}/api/media/renditions/fixture/bund/thumb.jpg`, { headers: { 'if-none-match': thumb.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    const ranged = await fetch(`${h.url}/api/media/renditions/fixture/bund/thumb.jpg`, { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(4);
    const missing = await fetch(`${h.url}/api/media/renditions/missing.jpg`, { headers: { 'accept-language': 'zh-CN' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 1004, success: false, message: '请求的资源不存在', data: null });
    expect((await fetch(`${h.url}/api/media/originals/fixture/bund/original.mp4`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/media/renditions/..%2F..%2Fsecrets%2Ftoken-secret`)).status).toBe(404);
  });

  describe('unpublished materials', () => {
    let extra: number;
    let admin: string;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9, 0xff, 0xd9]);
    const setStatus = async (status: 'published' | 'unpublished') =>
      expect((await h.admin('PUT', `/materials/${extra}`, { token: admin, body: { status } })).status).toBe(200);

    beforeAll(async () => {
      admin = await h.staffToken(['admin']);
      const [created] = await h.createMaterials([
        {
          kind: 'video', status: 'published', titleZh: '雨中的灯塔', titleEn: 'Lighthouse in the rain', keywordsZh: ['灯塔'], keywordsEn: ['lighthouse'],
          filters: {}, salesCount: 1, onlineAt: new Date(Date.UTC(2025, 1, 1)),
          thumbnailKey: 'renditions/fixture/lighthouse/thumb.jpg', preview480Key: 'renditions/fixture/lighthouse/preview-480.mp4',
          previewStripKey: 'renditions/fixture/lighthouse/strip.jpg', sampleKey: 'renditions/fixture/lighthouse/sample.mp4',
        },
      ]);
      extra = created!.id;
      await h.storage().put('renditions', 'fixture/lighthouse/thumb.jpg', jpeg, { contentType: 'image/jpeg' });
      await h.storage().put('renditions', 'fixture/lighthouse/strip.jpg', jpeg, { contentType: 'image/jpeg' });
      await h.storage().put('renditions', 'fixture/lighthouse/preview-480.mp4', Buffer.from('preview'), { contentType: 'video/mp4' });
      await h.storage().put('renditions', 'fixture/lighthouse/sample.mp4', Buffer.from('sample'), { contentType: 'video/mp4' });
      await h.storage().put('renditions', 'fixture/lighthouse/orphan.jpg', jpeg, { contentType: 'image/jpeg' });
      await h.storage().put('renditions', 'fixture/categories/nature.jpg', jpeg, { contentType: 'image/jpeg' });
      await h.storage().put('renditions', 'fixture/topics/draft.jpg', jpeg, { contentType: 'image/jpeg' });
      await h.sql(`UPDATE catalogue.categories SET cover_key = 'renditions/fixture/categories/nature.jpg' WHERE name_en = 'Nature'`);
      await h.sql(`UPDATE catalogue.topics SET home_cover_key = 'renditions/fixture/topics/draft.jpg' WHERE NOT published`);
    });
    afterAll(async () => {
      await setStatus('published');
    });

    it('leave bookmarks and the header counts, and come back when re-published', async () => {
      const carol = await h.userToken();
      expect((await h.call('/preference/bookmark', { token: carol, body: { targetId: extra, targetType: 0 } })).status).toBe(200);
      await h.call('/preference/bookmark', { token: carol, body: { targetId: ids.bund, targetType: 0 } });
      const bookmarks = async (pageNo = 1) =>
        (await h.call<{ infos: BookmarkItem[]; total: number }>('/space/bookmark', { token: carol, body: { targetType: 0, pageNo, pageSize: 1 } })).body.data;
      const videoCount = async () => (await h.call<PreferenceCounts>('/home/preference', { token: carol })).body.data.videoBookmark;
      expect((await bookmarks()).total).toBe(2);
      expect(await videoCount()).toBe(2);

      await setStatus('unpublished');
      const hidden = await bookmarks();
      expect(hidden.total).toBe(1);
      expect(hidden.infos.map((b) => b.targetId)).toEqual([ids.bund]);
      expect(await bookmarks(2)).toEqual({ infos: [], total: 1 });
      expect(await videoCount()).toBe(1);

      await setStatus('published');
      expect((await bookmarks(2)).infos.map((b) => b.targetId)).toEqual([extra]);
      expect((await bookmarks()).total).toBe(2);
      expect(await videoCount()).toBe(2);
    });

    it('no longer have their renditions served; covers of categories and published topics are', async () => {
      const get = (key: string) => fetch(`${h.url}/api/media/renditions/${key}`);
      for (const key of ['thumb.jpg', 'preview-480.mp4', 'strip.jpg']) {
        const reply = await get(`fixture/lighthouse/${key}`);
        expect([key, reply.status]).toEqual([key, 200]);
        expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
      }
      // Present in the bucket but not a published rendition: a sample, an unreferenced file, a draft topic's cover.
      for (const key of ['fixture/lighthouse/sample.mp4', 'fixture/lighthouse/orphan.jpg', 'fixture/topics/draft.jpg']) {
        expect([key, (await get(key)).status]).toEqual([key, 404]);
      }
      expect((await get('fixture/categories/nature.jpg')).status).toBe(200);
      expect((await get('fixture/bund/thumb.jpg')).status).toBe(200);

      await setStatus('unpublished');
      for (const key of ['thumb.jpg', 'preview-480.mp4', 'strip.jpg']) {
        const reply = await get(`fixture/lighthouse/${key}`);
        expect([key, reply.status]).toEqual([key, 404]);
        expect(reply.headers.get('cache-control')).toBe('no-store');
      }
      await setStatus('published');
      expect((await get('fixture/lighthouse/thumb.jpg')).status).toBe(200);
    });
  });

  it('serves topics, categories and hot words from a short cache that console writes clear', async () => {
    const sales = await h.staffToken(['sales']);
    const titles = async () => (await h.call<{ list: Topic[] }>('/topic/list')).body.data.list.map((t) => t.title);
    const words = async () => (await h.call<string[]>('/hotword', { method: 'GET', lang: 'en' })).body.data;
    const before = await titles();
    const wordsBefore = await words();
    // Behind the console's back: the store keeps answering from its cache...
    await h.sql(`INSERT INTO catalogue.topics (title_zh, title_en, sort) VALUES ('幕后', 'Backstage', 99)`);
    await h.sql(`INSERT INTO catalogue.hot_words (word_zh, word_en, sort) VALUES ('幕后', 'backstage', 99)`);
    expect(await titles()).toEqual(before);
    expect(await words()).toEqual(wordsBefore);
    // ...and a topic detail is read on its own, not out of the cached list.
    const [backstage] = await h.sql<{ id: number }>(`SELECT id FROM catalogue.topics WHERE title_en = 'Backstage'`);
    const detail = await h.call<TopicDetailResponse>('/topic/detail', { body: { id: backstage!.id } });
    expect(detail.body.data).toMatchObject({ topic: { title: 'Backstage', materialCount: 0 }, total: 0, infos: [] });
    // A console write clears it at once.
    const created = await h.admin<{ id: number }>('POST', '/topics', { token: sales, body: { titleZh: '前台', titleEn: 'Front of house', sort: 100, materialIds: [] } });
    expect(created.status).toBe(201);
    expect(await titles()).toEqual([...before, 'Backstage', 'Front of house']);
    expect(await words()).toEqual([...wordsBefore, 'backstage']);
    await h.admin('DELETE', `/topics/${created.body.id}`, { token: sales });
    await h.sql(`DELETE FROM catalogue.topics WHERE title_en = 'Backstage'`);
    await h.sql(`DELETE FROM catalogue.hot_words WHERE word_en = 'backstage'`);
    expect(await titles()).toEqual(before);
  });

  it('has the read-path indexes from its migrations (media lookups, similar candidates), which also roll back', async () => {
    const indexNames = async () =>
      (await h.sql<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'catalogue'`)).map((r) => r.indexname);
    expect(await indexNames()).toEqual(expect.arrayContaining(CATALOGUE_READ_INDEXES.map(([name]) => name)));
    const similar = (await h.call<MaterialDetail>('/material/detail', { body: { id: ids.bund } })).body.data.similar;
    expect(similar.slice(0, 2).map((c) => c.id).sort()).toEqual([ids.cityAerial, ids.sunsetSkyline].sort());
    const runner = h.server.app.get<DataSource>(getDataSourceToken('catalogue')).createQueryRunner();
    try {
      await new CatalogueReadIndexes1763900000000().down(runner);
      expect((await indexNames()).filter((n) => CATALOGUE_READ_INDEXES.some(([name]) => name === n))).toEqual([]);
      await new CatalogueReadIndexes1763900000000().up(runner);
      expect(await indexNames()).toEqual(expect.arrayContaining(CATALOGUE_READ_INDEXES.map(([name]) => name)));
    } finally {
      await runner.release();
    }
  });
});
