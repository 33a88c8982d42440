import type { EditorialDetailResponse, EditorialEntryAdminView, EditorialListResponse } from '@mkt/contracts';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';

type Audit = { action: string; resource: string; resource_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

describe('catalogue: editorial entries (store calls and console resource)', () => {
  let h: CatalogueHarness;
  const ids: Record<string, number> = {};
  let admin: string;
  let sales: string;
  let finance: string;
  let reviewer: string;

  const entry = (overrides: Record<string, unknown> = {}) => ({
    kind: 'case',
    titleZh: '远山户外：城市与海',
    titleEn: 'Far Hills Outdoor: city and sea',
    bodyZh: '第一段。\n\n第二段\n继续。',
    bodyEn: 'First paragraph.\n\nSecond paragraph\ncontinued.',
    brandZh: '远山户外',
    brandEn: 'Far Hills Outdoor',
    coverKey: 'renditions/fixture/bund/thumb.jpg',
    ...overrides,
  });
  const create = (body: unknown, token = sales) => h.admin<EditorialEntryAdminView & { message?: string }>('POST', '/editorial-entries', { token, body });

  beforeAll(async () => {
    h = await startCatalogue();
    const entries = Object.entries(FIXTURE);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => (ids[name] = created[i]!.id));
    admin = await h.staffToken(['admin']);
    sales = await h.staffToken(['sales']);
    finance = await h.staffToken(['finance']);
    reviewer = await h.staffToken(['reviewer']);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows only published entries, by kind, with paging, and their related materials in order', async () => {
    const draft = await create(entry({ relatedMaterialIds: [ids.waves, ids.bund, ids.forbiddenCity], featuredMaterialId: ids.bund }));
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ kind: 'case', published: false, relatedMaterialIds: [ids.waves, ids.bund, ids.forbiddenCity], featuredMaterialId: ids.bund });
    expect(draft.body.coverUrl).toContain('fixture/bund/thumb.jpg');

    // Not published yet: not listed, and its page is not found in the caller's language.
    expect((await h.call<EditorialListResponse>('/editorial/list', { body: { kind: 'case' } })).body.data.total).toBe(0);
    const hidden = await h.call('/editorial/detail', { body: { id: draft.body.id }, lang: 'zh-CN' });
    expect([hidden.status, hidden.body.message]).toEqual([404, '内容不存在或已下线']);
    const hiddenEn = await h.call('/editorial/detail', { body: { id: draft.body.id } });
    expect([hiddenEn.status, hiddenEn.body.message]).toEqual([404, 'This page does not exist or is no longer online']);

    const published = await h.admin<EditorialEntryAdminView>('PUT', `/editorial-entries/${draft.body.id}`, { token: sales, body: { published: true } });
    expect(published.body.published).toBe(true);
    const detail = await h.call<EditorialDetailResponse>('/editorial/detail', { body: { id: draft.body.id } });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ title: 'Far Hills Outdoor: city and sea', brand: 'Far Hills Outdoor', paragraphs: ['First paragraph.', 'Second paragraph continued.'] });
    expect(detail.body.data.featured).toMatchObject({ id: ids.bund, kind: 'video', code: expect.any(String) });
    expect(detail.body.data.featured?.url480).toBeTruthy();
    expect(detail.body.data.related.map((card) => card.id)).toEqual([ids.waves, ids.bund, ids.forbiddenCity]);
    const zh = await h.call<EditorialDetailResponse>('/editorial/detail', { body: { id: draft.body.id }, lang: 'zh-CN' });
    expect(zh.body.data).toMatchObject({ title: '远山户外：城市与海', brand: '远山户外', summary: '第一段。' });
    expect(zh.body.data.related[0]!.title).toMatch(/^海浪拍打礁石/);

    // Reordered: the store follows the console's order.
    await h.admin('PUT', `/editorial-entries/${draft.body.id}`, { token: sales, body: { relatedMaterialIds: [ids.forbiddenCity, ids.waves] } });
    const reordered = await h.call<EditorialDetailResponse>('/editorial/detail', { body: { id: draft.body.id } });
    expect(reordered.body.data.related.map((card) => card.id)).toEqual([ids.forbiddenCity, ids.waves]);

    // Paging over the kind; an original entry is listed apart.
    for (let i = 0; i < 4; i++) expect((await create(entry({ titleEn: `Case ${i}`, sort: 10 + i, published: true }))).status).toBe(201);
    expect((await create(entry({ kind: 'original', titleEn: 'Original', brandZh: '', brandEn: '', published: true }))).status).toBe(201);
    const first = await h.call<EditorialListResponse>('/editorial/list', { body: { kind: 'case', pageNo: 1, pageSize: 2 } });
    expect(first.body.data.total).toBe(5);
    expect(first.body.data.list.map((e) => e.title)).toEqual(['Far Hills Outdoor: city and sea', 'Case 0']);
    const third = await h.call<EditorialListResponse>('/editorial/list', { body: { kind: 'case', pageNo: '3', pageSize: 2 } });
    expect(third.body.data.list.map((e) => e.title)).toEqual(['Case 3']);
    const originals = await h.call<EditorialListResponse>('/editorial/list', { body: { kind: 'original' } });
    expect(originals.body.data.list.map((e) => [e.title, e.kind, e.brand])).toEqual([['Original', 'original', '']]);

    // Unpublished again: gone from the list and the page.
    await h.admin('PUT', `/editorial-entries/${draft.body.id}`, { token: admin, body: { published: false } });
    expect((await h.call('/editorial/detail', { body: { id: draft.body.id } })).status).toBe(404);
    expect((await h.call<EditorialListResponse>('/editorial/list', { body: { kind: 'case' } })).body.data.total).toBe(4);

    // A related material unpublished later drops out of the page instead of breaking it.
    const live = await create(entry({ published: true, relatedMaterialIds: [ids.train, ids.tea] }));
    await h.sql(`UPDATE catalogue.materials SET status = 'unpublished' WHERE id = $1`, [ids.train]);
    const dropped = await h.call<EditorialDetailResponse>('/editorial/detail', { body: { id: live.body.id } });
    expect(dropped.body.data.related.map((card) => card.id)).toEqual([ids.tea]);
  });

  it('refuses bad input with a 4xx and a message, never a 500', async () => {
    const nul = await create(entry({ titleZh: '远山\u0000户外' }));
    expect(nul.status).toBe(422);
    const unknown = await create(entry({ relatedMaterialIds: [ids.bund, 99999999] }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('99999999');
    const draftMaterial = await create(entry({ featuredMaterialId: ids.draft }));
    expect([draftMaterial.status, draftMaterial.body.message]).toEqual([422, `featuredMaterialId: these materials do not exist or are not published: ${ids.draft}`]);
    expect((await create(entry({ relatedMaterialIds: [2 ** 64] }))).status).toBe(422);
    expect((await create(entry({ relatedMaterialIds: ['1e3'] }))).status).toBe(422);
    expect((await create(entry({ relatedMaterialIds: Array.from({ length: 25 }, (_, i) => i + 1) }))).status).toBe(422);
    expect((await create(entry({ kind: 'blog' }))).status).toBe(422);
    expect((await create(entry({ titleEn: 'x'.repeat(121) }))).status).toBe(422);
    expect((await create(entry({ titleEn: '   ' }))).status).toBe(422);
    expect((await create(entry({ published: 'yes' }))).status).toBe(422);
    expect((await create(entry({ bodyEn: 42 }))).status).toBe(422);
    expect((await h.admin('GET', '/editorial-entries/99999999999999999999', { token: finance })).status).toBeLessThan(500);
    expect((await h.admin('GET', '/editorial-entries/2147483647', { token: finance })).status).toBe(404);

    for (const body of [{ id: '1e3' }, { id: 2 ** 31 }, { id: null }, {}]) {
      const reply = await h.call('/editorial/detail', { body });
      expect([reply.status, reply.body.code]).toEqual([422, 1400]);
    }
    for (const body of [{ kind: 'blog' }, { kind: 'case', pageSize: 1000 }, { kind: 'case', pageNo: 0 }, {}]) {
      expect((await h.call('/editorial/list', { body })).status).toBe(422);
    }
    const nulStore = await h.call('/editorial/list', { body: { kind: 'case\u0000' } });
    expect(nulStore.status).toBe(422);
    expect((await h.call('/editorial/detail', { body: { id: 2147483647 } })).status).toBe(404);
  });

  it('lets every staff role read and only admin and sales write; every write is audited', async () => {
    expect((await create(entry(), reviewer)).status).toBe(403);
    expect((await create(entry(), finance)).status).toBe(403);
    expect((await h.admin('GET', '/editorial-entries', {})).status).toBe(401);
    const made = await create(entry({ kind: 'original' }), admin);
    expect(made.status).toBe(201);
    const list = await h.admin<EditorialEntryAdminView[]>('GET', `/editorial-entries?filter=${encodeURIComponent(JSON.stringify({ kind: 'original' }))}&sort=["id","DESC"]&range=[0,0]`, { token: reviewer });
    expect(list.status).toBe(200);
    expect(list.body[0]!.id).toBe(made.body.id);
    expect(list.headers.get('content-range')).toMatch(/^editorial-entries 0-0\/\d+$/);
    expect((await h.admin('PUT', `/editorial-entries/${made.body.id}`, { token: finance, body: { sort: 3 } })).status).toBe(403);
    expect((await h.admin('PUT', `/editorial-entries/${made.body.id}`, { token: sales, body: { published: true } })).status).toBe(200);
    expect((await h.admin('PUT', `/editorial-entries/${made.body.id}`, { token: sales, body: { sort: 3 } })).status).toBe(200);
    expect((await h.admin('DELETE', `/editorial-entries/${made.body.id}`, { token: reviewer })).status).toBe(403);
    expect((await h.admin('DELETE', `/editorial-entries/${made.body.id}`, { token: admin })).status).toBe(200);
    expect((await h.admin('GET', `/editorial-entries/${made.body.id}`, { token: admin })).status).toBe(404);
    const log = await h.sql<Audit>(`SELECT action, before, after FROM catalogue.audit_log WHERE resource = 'editorial-entries' AND resource_id = $1 ORDER BY at`, [String(made.body.id)]);
    expect(log.map((row) => row.action)).toEqual(['create', 'publish', 'update', 'delete']);
    expect(log[2]!.before).toMatchObject({ sort: 0 });
    expect(log[2]!.after).toMatchObject({ sort: 3 });
  });

  it('is documented in the generated OpenAPI document with its request schemas', async () => {
    type Operation = { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const doc = (await (await fetch(`${h.url}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    expect(Object.keys(doc.paths['/admin-api/editorial-entries']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/admin-api/editorial-entries/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    const create = doc.paths['/admin-api/editorial-entries']!.post!;
    expect(create.tags).toEqual(['admin: editorial entries']);
    expect(create.requestBody!.content['application/json']!.schema.properties).toHaveProperty('relatedMaterialIds');
    const list = doc.paths['/api/editorial/list']!.post!;
    expect(list.tags).toEqual(['store: editorial']);
    expect(list.requestBody!.content['application/json']!.schema.properties).toHaveProperty('kind');
    expect(doc.paths['/api/editorial/detail']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('id');
  });
});
