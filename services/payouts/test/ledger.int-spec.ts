import { randomUUID } from 'node:crypto';
import { ContributorProtocolAnswered, MaterialPublished, OrderClosed, OrderConfirmed, RealNameVerified } from '@mkt/contracts';
import { confirmedOrder, publishedMaterial } from './payouts-fixtures.js';
import { startPayouts, type PayoutsHarness } from './payouts-harness.js';

describe('earnings ledger', () => {
  let h: PayoutsHarness;
  beforeAll(async () => {
    h = await startPayouts();
  });
  afterAll(() => h.close());

  const ledgerOf = (contributorId: string) =>
    h.sql<{ entry_type: string; material_id: string; amount_fen: string; share_percent: number; earning_fen: string }>(
      `SELECT entry_type, material_id, amount_fen, share_percent, earning_fen FROM payouts.ledger WHERE contributor_id = $1 ORDER BY id`,
      [contributorId],
    );

  it('credits the owner their share of each sold item once, however often the sale is announced, and nobody for the platform’s own material', async () => {
    const owner = randomUUID();
    await h.publish(MaterialPublished, '9001', publishedMaterial(9001, owner));
    await h.publish(MaterialPublished, '9002', publishedMaterial(9002, null));
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.materials WHERE material_id IN (9001, 9002)`)).length === 2);
    const order = confirmedOrder('2025-02-10T02:00:00.000Z', [
      { materialId: 9001, priceFen: 99_999 },
      { materialId: 9002, priceFen: 50_000 },
    ]);
    await h.publish(OrderConfirmed, order.orderId, order);
    await h.publish(OrderConfirmed, order.orderId, order);
    await h.eventually(async () => (await ledgerOf(owner)).length > 0);
    // The second announcement is handled too (a new event id), and still credits nothing more.
    await h.eventually(async () => Number((await h.sql<{ n: string }>(`SELECT count(*) AS n FROM payouts.handled_events`))[0]!.n) >= 4);
    // 50% of ¥999.99, rounded down to the fen: the platform keeps the half fen.
    expect(await ledgerOf(owner)).toEqual([{ entry_type: 'sale', material_id: '9001', amount_fen: '99999', share_percent: 50, earning_fen: '49999' }]);
  });

  it('applies the share finance set for the contributor, credits project downloads the configured amount, and reverses a refund', async () => {
    const owner = randomUUID();
    await h.publish(MaterialPublished, '9101', publishedMaterial(9101, owner));
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.materials WHERE material_id = 9101`)).length === 1);
    const finance = await h.staffToken(['finance']);
    expect((await h.admin('PUT', `/contributor-shares/${owner}`, { token: finance, body: { sharePercent: 60 } })).status).toBe(200);
    const sale = confirmedOrder('2025-03-31T15:00:00.000Z', [{ materialId: 9101, priceFen: 100_000 }]);
    const project = confirmedOrder('2025-04-02T03:00:00.000Z', [{ materialId: 9101, priceFen: 0 }], 'project');
    // Two orders are two aggregates, handled side by side: the second is announced once the first
    // is credited, so the ledger's order is the one the assertions read.
    await h.publish(OrderConfirmed, sale.orderId, sale);
    await h.eventually(async () => (await ledgerOf(owner)).length === 1);
    await h.publish(OrderConfirmed, project.orderId, project);
    await h.eventually(async () => (await ledgerOf(owner)).length === 2);
    await h.publish(OrderClosed, sale.orderId, { orderId: sale.orderId, orderNo: sale.orderNo, userId: sale.userId, reason: 'refunded', closedAt: '2025-04-03T01:00:00.000Z' });
    await h.publish(OrderClosed, project.orderId, { orderId: project.orderId, orderNo: project.orderNo, userId: project.userId, reason: 'buyer cancelled', closedAt: '2025-04-03T01:00:00.000Z' });
    await h.eventually(async () => (await ledgerOf(owner)).length === 3);
    expect(await ledgerOf(owner)).toEqual([
      { entry_type: 'sale', material_id: '9101', amount_fen: '100000', share_percent: 60, earning_fen: '60000' },
      { entry_type: 'sale', material_id: '9101', amount_fen: '3000', share_percent: 60, earning_fen: '1800' },
      { entry_type: 'reversal', material_id: '9101', amount_fen: '100000', share_percent: 60, earning_fen: '-60000' },
    ]);
    const audit = await h.sql<{ action: string; resource: string }>(`SELECT action, resource FROM payouts.audit_log WHERE resource_id = $1`, [owner]);
    expect(audit).toEqual([{ action: 'update', resource: 'contributor-shares' }]);
  });

  it('sets a share only for a contributor some event named, and only from a JSON object body', async () => {
    const finance = await h.staffToken(['finance']);
    const put = (id: string, body: unknown, lang: 'en' | 'zh-CN' = 'en') => h.admin('PUT', `/contributor-shares/${id}`, { token: finance, body, lang });
    const nobody = randomUUID();
    const refused = await put(nobody, { sharePercent: 70 });
    expect([refused.status, refused.body]).toMatchObject([404, { code: 7020, success: false, message: `No such contributor: ${nobody} has not answered the contributor agreement, published a material or passed the real-name check` }]);
    expect(((await put(nobody, { sharePercent: 70 }, 'zh-CN')).body as { message: string }).message).toBe(`没有这位摄影师：${nobody} 未确认过供稿人协议、未上架过素材，也未通过实名认证`);
    expect(await h.sql(`SELECT 1 FROM payouts.shares WHERE contributor_id = $1`, [nobody])).toEqual([]);

    // Identity's events name contributors: the agreement answered (gid 2 or 3), a verified real name.
    const signed = randomUUID();
    const verified = randomUUID();
    await h.publish(ContributorProtocolAnswered, signed, { userId: signed, gid: 2, agreed: false, photoFlag: false });
    await h.publish(RealNameVerified, verified, { userId: verified, realName: '林小雨', verifiedAt: '2025-01-01T00:00:00.000Z' });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.contributors WHERE contributor_id IN ($1, $2)`, [signed, verified])).length === 2);
    expect((await put(signed, { sharePercent: 70 })).body).toMatchObject({ id: signed, sharePercent: 70 });
    expect((await put(verified, { sharePercent: 65 })).body).toMatchObject({ id: verified, sharePercent: 65 });

    // A body that is not a JSON object is no change, however it is sent: refused, nothing written.
    const base = `${h.url}/admin-api/contributor-shares/${signed}`;
    for (const [type, body] of [['application/json', 'null'], ['application/xml', '<share><sharePercent>10</sharePercent></share>']]) {
      const reply = await fetch(base, { method: 'PUT', headers: { authorization: `Bearer ${finance}`, 'content-type': type!, 'accept-language': 'en' }, body });
      expect([type, reply.status, (await reply.json()).message]).toEqual([type, 400, 'The request body must be a JSON object (Content-Type: application/json)']);
    }
    expect((await h.admin<{ sharePercent: number }>('GET', `/contributor-shares/${signed}`, { token: finance })).body.sharePercent).toBe(70);
  });
});
