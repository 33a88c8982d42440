import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PreferenceCounts } from '@mkt/contracts';
import { CatalogueModule, MaterialWriter } from '@mkt/catalogue';
import { OrdersAnnounceCarts1765810000001 } from '../../../services/orders/src/migrations/1765810000001-orders-announce-carts.js';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { LICENCE } from '../../../services/orders/test/purchase-world.js';

/**
 * The header's cart counts across services, as the single process runs them: the cart lives in
 * orders, /home/preference is the catalogue's, and cart.changed carries every change between them.
 */
describe('home preference counts the cart kept by orders', () => {
  let h: OrdersHarness;
  const ids: number[] = [];

  beforeAll(async () => {
    h = await startOrders({ extraModules: [CatalogueModule] });
    const material = (kind: 'video' | 'photo', titleEn: string) => ({
      kind,
      status: 'published' as const,
      titleZh: titleEn,
      titleEn,
      keywordsZh: [],
      keywordsEn: [],
      thumbnailKey: `renditions/fixture/${titleEn}/thumb.jpg`,
      originalKey: `originals/fixture/${titleEn}/original`,
      ...(kind === 'video' ? { duration: 12 } : {}),
    });
    const created = await h.server.app.get(MaterialWriter).createMany([material('video', 'harbour'), material('video', 'bridge'), material('photo', 'tower')]);
    ids.push(...created.map((row) => row.id));
  });
  afterAll(() => h?.close());

  const counts = async (token: string) => (await h.call<PreferenceCounts>('/home/preference', { token })).body.data;
  const until = (token: string, expected: Partial<PreferenceCounts>) =>
    h.eventually(async () => {
      const now = await counts(token);
      return Object.entries(expected).every(([key, value]) => now[key as keyof PreferenceCounts] === value) ? now : null;
    });

  it('counts videos and photos in the cart as they are added, removed and ordered, and only while on sale', async () => {
    const buyer = await h.userToken();
    const other = await h.userToken();
    const [harbour, bridge, tower] = ids as [number, number, number];
    // Orders learns the materials from material.published before it sells them.
    const cartIds: Record<number, number> = {};
    for (const materialId of [harbour, bridge, tower]) {
      const added = await h.eventually(async () => {
        const reply = await h.call<{ cartId: number }>('/cart/add', { token: buyer, body: { materialId } });
        return reply.status === 200 ? reply.body.data : null;
      });
      cartIds[materialId] = added.cartId;
    }
    // Adding one again keeps one line.
    await h.call('/cart/add', { token: buyer, body: { materialId: harbour } });
    expect(await until(buyer, { videoShopping: 2, photoShopping: 1 })).toMatchObject({ videoBookmark: 0, videoShopping: 2, photoShopping: 1 });
    expect(await counts(other)).toMatchObject({ videoShopping: 0, photoShopping: 0 });

    expect((await h.call('/cart/remove', { token: buyer, body: { cartId: cartIds[bridge] } })).status).toBe(200);
    await until(buyer, { videoShopping: 1, photoShopping: 1 });
    // Another user's cart id removes nothing.
    expect((await h.call('/cart/remove', { token: other, body: { cartId: cartIds[tower] } })).status).toBe(404);

    // The lines taken into an order leave the cart.
    const order = await h.call<{ orderId: string }>('/order/create', { token: buyer, body: { cartIds: [cartIds[tower]], licence: LICENCE } });
    expect(order.status).toBe(200);
    await until(buyer, { videoShopping: 1, photoShopping: 0 });

    // A material taken off sale stops counting, as the cart list stops listing it; back on sale, it counts again.
    const admin = await h.staffToken(['admin']);
    expect((await h.admin('PUT', `/materials/${harbour}`, { token: admin, body: { status: 'unpublished' } })).status).toBe(200);
    await until(buyer, { videoShopping: 0 });
    expect((await h.admin('PUT', `/materials/${harbour}`, { token: admin, body: { status: 'published' } })).status).toBe(200);
    await until(buyer, { videoShopping: 1 });
    // The cart list says the same once orders has heard material.published again (the catalogue,
    // which answers /home/preference, knows it first).
    const cartCounts = await h.eventually(async () => {
      const cart = await h.call<{ counts: { video: number; photo: number } }>('/cart/list', { token: buyer, body: { category: 0 } });
      return cart.body.data.counts.video === 1 ? cart.body.data.counts : null;
    });
    expect(cartCounts).toEqual({ video: 1, photo: 0 });
  });

  it('counts carts filled before cart.changed existed, announced once by a migration', async () => {
    const [harbour, , tower] = ids as [number, number, number];
    const buyer = await h.userToken('5d0f8a2e-4b7c-4f1e-9a3d-2c6b8e1f0a11');
    // Lines written as the cart wrote them before it announced anything.
    await h.sql(`INSERT INTO orders.cart_items (user_id, material_id, category) VALUES ($1, $2, 0), ($1, $3, 1)`, ['5d0f8a2e-4b7c-4f1e-9a3d-2c6b8e1f0a11', harbour, tower]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await counts(buyer)).toMatchObject({ videoShopping: 0, photoShopping: 0 });
    const runner = h.server.app.get<DataSource>(getDataSourceToken('orders')).createQueryRunner();
    try {
      await new OrdersAnnounceCarts1765810000001().up(runner);
    } finally {
      await runner.release();
    }
    await until(buyer, { videoShopping: 1, photoShopping: 1 });
  });
});
