import { randomUUID } from 'node:crypto';
import { OrderConfirmed, type InputOf, type MaterialSearchResponse } from '@mkt/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@mkt/platform';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';

/** A confirmed order counts as sales of its materials, once, and the next search by sales follows. */
describe('catalogue: sales from confirmed orders', () => {
  let h: CatalogueHarness;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    h = await startCatalogue();
    const entries = Object.entries(FIXTURE);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => (ids[name] = created[i]!.id));
  });
  afterAll(async () => {
    await h?.close();
  });

  const order = (items: number[]): InputOf<typeof OrderConfirmed> => ({
    orderId: randomUUID(),
    orderNo: 'ORD1',
    userId: randomUUID(),
    kind: 'material',
    projectId: null,
    confirmedAt: new Date().toISOString(),
    paidAt: null,
    totalFen: 0,
    terms: null,
    items: items.map((materialId, index) => ({
      itemId: index + 1, materialId, kind: 'video' as const, code: 'LV1', titleZh: '素材', titleEn: 'Clip',
      thumbnailKey: null, originalKey: null, priceFen: 0, musicLicence: null,
    })),
  });

  it('counts each item once, however often the event is delivered, and re-sorts the next search', async () => {
    const bySales = async () => (await h.call<MaterialSearchResponse>('/material/search', { body: { keyword: '夜景', sort: 'sales' } })).body.data.infos.map((c) => c.id);
    expect(await bySales()).toEqual([ids.bund, ids.cityAerial]);
    const event = {
      id: randomUUID(),
      name: OrderConfirmed.name,
      version: OrderConfirmed.version,
      aggregateId: 'order-1',
      occurredAt: new Date().toISOString(),
      payload: order([...Array.from({ length: 201 }, () => ids.cityAerial!), 999_999]),
    };
    const transport = h.server.app.get<EventTransport>(EVENT_TRANSPORT);
    await transport.publish([event]);
    await transport.publish([event]);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await bySales())[0] !== ids.cityAerial) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await bySales()).toEqual([ids.cityAerial, ids.bund]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [row] = await h.sql<{ sales_count: number }>(`SELECT sales_count FROM catalogue.materials WHERE id = $1`, [ids.cityAerial]);
    expect(row!.sales_count).toBe(300 + 201);
  });
});
