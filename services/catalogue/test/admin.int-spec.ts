import type { CategoryAdminView, HotWordAdminView, MaterialAdminView, MaterialSearchResponse, TopicAdminView } from '@mkt/contracts';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';

type Audit = { action: string; resource: string; resource_id: string; staff_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

describe('catalogue: console API (react-admin REST)', () => {
  let h: CatalogueHarness;
  const ids: Record<string, number> = {};
  let admin: string;
  let reviewer: string;
  let sales: string;
  let finance: string;
  const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

  beforeAll(async () => {
    h = await startCatalogue();
    const entries = Object.entries(FIXTURE);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => (ids[name] = created[i]!.id));
    admin = await h.staffToken(['admin']);
    reviewer = await h.staffToken(['reviewer']);
    sales = await h.staffToken(['sales']);
    finance = await h.staffToken(['finance']);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists materials with filters, sorting, paging and Content-Range', async () => {
    const page = await h.admin<MaterialAdminView[]>('GET', '/materials?sort=["salesCount","DESC"]&range=[0,2]', { token: finance });
    expect(page.status).toBe(200);
    expect(page.body.map((m) => m.id)).toEqual([ids.draft, ids.panda, ids.bund]);
    expect(page.headers.get('content-range')).toBe(`materials 0-2/${Object.keys(FIXTURE).length}`);
    const photos = await h.admin<MaterialAdminView[]>('GET', `/materials?${filter({ kind: 'photo' })}`, { token: finance });
    expect(photos.body).toHaveLength(3);
    const drafts = await h.admin<MaterialAdminView[]>('GET', `/materials?${filter({ status: 'draft' })}`, { token: finance });
    expect(drafts.body.map((m) => m.id)).toEqual([ids.draft]);
    const byText = await h.admin<MaterialAdminView[]>('GET', `/materials?${filter({ q: '外滩' })}`, { token: finance });
    expect(byText.body.map((m) => m.id)).toEqual([ids.bund]);
    const one = await h.admin<MaterialAdminView>('GET', `/materials/${ids.bund}`, { token: finance });
    expect(one.body).toMatchObject({ code: expect.stringMatching(/^LV1\d{7}$/), status: 'published' });
    // Staff previews are signed links (drafts and unpublished materials are not on the public route).
    expect(one.body.thumbnailUrl).toMatch(/^\/files\/renditions\/fixture\/bund\/thumb\.jpg\?expires=\d+&sig=/);
    for (const bad of ['sort=["password","ASC"]', 'range=[5,1]', 'filter={oops', `${filter({ kind: 'film' })}`]) {
      expect((await h.admin('GET', `/materials?${bad}`, { token: admin })).status).toBe(422);
    }
    // react-admin getMany (the topic editor's materials): ids without a range get every id back, up to 500 ids.
    const wanted = Object.values(ids);
    const many = await h.admin<MaterialAdminView[]>('GET', `/materials?${filter({ id: [...wanted, ...Array.from({ length: 400 }, (_, i) => 900000 + i)] })}`, { token: finance });
    expect(many.status).toBe(200);
    expect(many.body.map((m) => m.id).sort((a, b) => a - b)).toEqual([...wanted].sort((a, b) => a - b));
    expect(wanted.length).toBeGreaterThan(0);
    const byIds = await h.admin<MaterialAdminView[]>('GET', `/materials?${filter({ id: wanted.slice(0, 3) })}`, { token: finance });
    expect(byIds.headers.get('content-range')).toBe('materials 0-2/3');
    expect((await h.admin('GET', `/materials?${filter({ id: Array.from({ length: 501 }, (_, i) => i + 1) })}`, { token: finance })).status).toBe(422);
    expect((await h.admin('GET', '/materials/abc', { token: admin })).status).toBe(404);
    expect((await h.admin('GET', '/materials/999999', { token: admin })).status).toBe(404);
  });

  it('edits bilingual text and filters, re-indexes, audits before/after', async () => {
    // Read first, so the store's cached search results, card and detail must be forgotten by the edit.
    const before = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '油菜花' } });
    expect(before.body.data.infos).toEqual([]);
    expect((await h.call<{ titleZh: string }>('/material/detail', { body: { id: ids.train } })).body.data.titleZh).toBe('高铁穿越田野');
    const reply = await h.admin<MaterialAdminView>('PUT', `/materials/${ids.train}`, {
      token: reviewer,
      body: { id: ids.train, code: 'ignored', titleZh: '復興號高鐵，穿越油菜花田！', keywordsEn: ['Bullet Train', 'bullet train', 'canola'], filters: { resolution: ['4k'] } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ titleZh: '复兴号高铁 穿越油菜花田', keywordsEn: ['Bullet Train', 'canola'], filters: { resolution: ['4k'] } });
    const found = await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '油菜花' } });
    expect(found.body.data.infos.map((c) => c.id)).toEqual([ids.train]);
    expect(found.body.data.infos[0]!.userTitle).toBe('复兴号高铁 穿越油菜花田');
    expect((await h.call<{ titleZh: string }>('/material/detail', { body: { id: ids.train } })).body.data.titleZh).toBe('复兴号高铁 穿越油菜花田');
    const [entry] = await h.sql<Audit>(`SELECT * FROM catalogue.audit_log WHERE resource = 'materials' AND resource_id = $1`, [String(ids.train)]);
    expect(entry).toMatchObject({ action: 'update', before: { titleZh: '高铁穿越田野' }, after: { titleZh: '复兴号高铁 穿越油菜花田' } });
    expect((await h.admin('PUT', `/materials/${ids.train}`, { token: reviewer, body: { filters: { resolution: ['16k'] } } })).status).toBe(422);
    expect((await h.admin('PUT', `/materials/${ids.train}`, { token: reviewer, body: { status: 'gone' } })).status).toBe(422);
    // A null body is no edit, nor is XML: refused with a message, nothing changed or audited.
    const nothing = await h.admin<{ message: string }>('PUT', `/materials/${ids.train}`, { token: reviewer, body: null });
    expect([nothing.status, nothing.body.message]).toEqual([400, 'The request body must be a JSON object (Content-Type: application/json)']);
    const xml = await fetch(`${h.url}/admin-api/materials/${ids.train}`, { method: 'PUT', headers: { authorization: `Bearer ${reviewer}`, 'content-type': 'application/xml' }, body: '<material><titleZh>x</titleZh></material>' });
    expect(xml.status).toBe(400);
    expect(await h.sql(`SELECT 1 FROM catalogue.audit_log WHERE resource = 'materials' AND resource_id = $1`, [String(ids.train)])).toHaveLength(1);
  });

  it('publishes and unpublishes through the outbox, with roles', async () => {
    expect((await h.admin('PUT', `/materials/${ids.draft}`, { token: sales, body: { status: 'published' } })).status).toBe(403);
    expect((await h.admin('PUT', `/materials/${ids.draft}`, { token: finance, body: { status: 'published' } })).status).toBe(403);
    expect((await h.admin('PUT', `/materials/${ids.draft}`, { body: { status: 'published' } })).status).toBe(401);
    const published = await h.admin<MaterialAdminView>('PUT', `/materials/${ids.draft}`, { token: admin, body: { status: 'published' } });
    expect(published.body).toMatchObject({ status: 'published', onlineAt: expect.any(String) });
    const search = () => h.call<MaterialSearchResponse>('/material/search', { body: { keyword: 'Unpublished panda draft' } });
    expect((await search()).body.data.infos.map((c) => c.id)).toContain(ids.draft);
    const unpublished = await h.admin<MaterialAdminView>('PUT', `/materials/${ids.draft}`, { token: reviewer, body: { status: 'unpublished' } });
    expect(unpublished.body.status).toBe('unpublished');
    expect((await search()).body.data.infos.map((c) => c.id)).not.toContain(ids.draft);
    expect((await h.call('/material/detail', { body: { id: ids.draft } })).status).toBe(404);
    const events = await h.sql<{ name: string; payload: { materialId: number } }>(`SELECT name, payload FROM catalogue.outbox WHERE aggregate_id = $1 AND name LIKE 'material.%' ORDER BY occurred_at, name`, [String(ids.draft)]);
    expect(events.map((e) => e.name)).toEqual(['material.published', 'material.unpublished']);
    const announced = await h.sql<{ payload: { action: string } }>(`SELECT payload FROM catalogue.outbox WHERE aggregate_id = $1 AND name = 'staff.action.audited' ORDER BY position`, [String(ids.draft)]);
    expect(announced.map((e) => e.payload.action)).toEqual(['publish', 'unpublish']);
    expect(events[0]!.payload.materialId).toBe(ids.draft);
    expect(events[0]!.payload).toMatchObject({ sale: { titleEn: expect.any(String), maxResolution: expect.any(String) } });
    const actions = await h.sql<Audit>(`SELECT action FROM catalogue.audit_log WHERE resource_id = $1 ORDER BY at`, [String(ids.draft)]);
    expect(actions.map((a) => a.action)).toEqual(['publish', 'unpublish']);
  });

  it('curates categories, topics and hot words (admin and sales), audited', async () => {
    expect((await h.admin('POST', '/categories', { token: reviewer, body: { kind: 'video', nameZh: '航拍', nameEn: 'Aerial' } })).status).toBe(403);
    const category = await h.admin<CategoryAdminView>('POST', '/categories', { token: sales, body: { kind: 'video', nameZh: '航拍', nameEn: 'Aerial', coverKey: 'renditions/x/cover.jpg' } });
    expect(category.status).toBe(201);
    expect(category.body).toMatchObject({ kind: 'video', nameZh: '航拍', sort: 0, coverUrl: '/api/media/renditions/x/cover.jpg' });
    const renamed = await h.admin<CategoryAdminView>('PUT', `/categories/${category.body.id}`, { token: admin, body: { ...category.body, nameEn: 'Aerial & drone', sort: 3 } });
    expect(renamed.body).toMatchObject({ nameEn: 'Aerial drone', sort: 3, coverKey: 'renditions/x/cover.jpg' });
    const assigned = await h.admin('PUT', `/materials/${ids.tea}`, { token: admin, body: { categoryId: category.body.id } });
    expect(assigned.status).toBe(200);
    expect((await h.admin('PUT', `/materials/${ids.forbiddenCity}`, { token: admin, body: { categoryId: category.body.id } })).status).toBe(422);
    const categories = await h.admin<CategoryAdminView[]>('GET', '/categories', { token: finance });
    expect(categories.headers.get('content-range')).toBe('categories 0-0/1');

    const topic = await h.admin<TopicAdminView>('POST', '/topics', { token: sales, body: { titleZh: '航拍中国', titleEn: 'China from above', materialIds: [ids.tea, ids.cityAerial] } });
    expect(topic.status).toBe(201);
    expect(topic.body).toMatchObject({ published: true, materialIds: [ids.tea, ids.cityAerial] });
    const reordered = await h.admin<TopicAdminView>('PUT', `/topics/${topic.body.id}`, { token: sales, body: { materialIds: [ids.cityAerial, ids.bund] } });
    expect(reordered.body.materialIds).toEqual([ids.cityAerial, ids.bund]);
    expect((await h.admin('PUT', `/topics/${topic.body.id}`, { token: sales, body: { materialIds: [999999] } })).status).toBe(422);
    const detail = await h.call<{ infos: { id: number }[] }>('/topic/detail', { body: { id: topic.body.id } });
    expect(detail.body.data.infos.map((c) => c.id)).toEqual([ids.cityAerial, ids.bund]);

    const word = await h.admin<HotWordAdminView>('POST', '/hot-words', { token: sales, body: { wordZh: '日落', wordEn: 'sunset', sort: 1 } });
    expect(word.status).toBe(201);
    expect((await h.call<string[]>('/hotword', { method: 'GET', lang: 'zh-CN' })).body.data).toEqual(['日落']);
    expect((await h.admin('POST', '/hot-words', { token: sales, body: { wordZh: '', wordEn: 'x' } })).status).toBe(422);
    const later = await h.admin<HotWordAdminView>('POST', '/hot-words', { token: sales, body: { wordZh: '雪山', wordEn: 'snow mountains', sort: 1 } });
    // Newest first when sorted by id descending (an id tie-break once turned it back to ascending).
    const newest = await h.admin<HotWordAdminView[]>('GET', '/hot-words?sort=["id","DESC"]&range=[0,9]', { token: admin });
    expect(newest.body.map((w) => w.id)).toEqual([later.body.id, word.body.id]);
    await h.admin('DELETE', `/hot-words/${later.body.id}`, { token: admin });
    const removed = await h.admin<HotWordAdminView>('DELETE', `/hot-words/${word.body.id}`, { token: admin });
    expect(removed.body).toMatchObject({ wordZh: '日落' });
    expect((await h.admin('GET', `/hot-words/${word.body.id}`, { token: admin })).status).toBe(404);
    expect((await h.admin('DELETE', `/topics/${topic.body.id}`, { token: finance })).status).toBe(403);
    expect((await h.admin('DELETE', `/topics/${topic.body.id}`, { token: admin })).status).toBe(200);

    const log = await h.sql<Audit>(`SELECT action, resource FROM catalogue.audit_log WHERE resource <> 'materials' ORDER BY at`);
    expect(log.map((l) => `${l.resource}:${l.action}`)).toEqual([
      'categories:create',
      'categories:update',
      'topics:create',
      'topics:update',
      'hot-words:create',
      'hot-words:create',
      'hot-words:delete',
      'hot-words:delete',
      'topics:delete',
    ]);

    // Deleting a category empties it in search too (its materials' category becomes none).
    const inCategory = async () => (await h.call<MaterialSearchResponse>('/material/search', { body: { categoryId: category.body.id } })).body.data.total;
    expect(await inCategory()).toBe(1);
    expect((await h.admin('DELETE', `/categories/${category.body.id}`, { token: admin })).status).toBe(200);
    expect(await inCategory()).toBe(0);
    expect((await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '茶园' } })).body.data.total).toBe(1);
  });
});
