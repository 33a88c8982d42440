import { startIdentity, type Harness } from './identity-harness.js';

type Envelope<T = unknown> = { code: number; success: boolean; message: string; data: T };
const body = <T>(reply: { body: unknown }) => reply.body as Envelope<T>;

describe('identity: contributor agreement and enterprise SKUs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lets a gid-2 contributor agree, which enables photo upload and is announced', async () => {
    const token = await h.signIn('13800000002');
    const before = body<{ gid: number; photoFlag: boolean; protocolAgreed: null }>(await h.call('/session', { token })).data;
    expect(before).toMatchObject({ gid: 2, signFlag: true, photoFlag: false, protocolAgreed: null });
    const agreed = await h.call('/user/protocol/agree', { token });
    expect(body(agreed)).toMatchObject({ code: 0, data: { photoFlag: true, protocolAgreed: true } });
    const events = await h.sql<{ payload: { agreed: boolean } }>(
      `SELECT payload FROM identity.outbox WHERE name = 'contributor.protocol.answered'`,
    );
    expect(events.map((e) => e.payload.agreed)).toEqual([true]);
    const again = await h.call('/user/protocol/reject', { token });
    expect(again.status).toBe(409);
    expect(body(again).code).toBe(2202);
    expect(body<{ photoFlag: boolean }>(await h.call('/session', { token })).data.photoFlag).toBe(true);
  });

  it('records a gid-2 refusal without enabling photos', async () => {
    await h.sql(`UPDATE identity.users SET protocol_agreed = NULL, photo_flag = false WHERE phone = '13800000002'`);
    const token = await h.signIn('13800000002');
    const rejected = await h.call('/user/protocol/reject', { token });
    expect(body(rejected)).toMatchObject({ code: 0, data: { photoFlag: false, protocolAgreed: false } });
  });

  it('lets gid 3 acknowledge but not refuse, and refuses buyers both', async () => {
    const gid3 = await h.signIn('13800000003');
    expect(body(await h.call('/user/protocol/reject', { token: gid3 })).code).toBe(2201);
    expect(body(await h.call('/user/protocol/agree', { token: gid3 }))).toMatchObject({ code: 0, data: { protocolAgreed: true } });
    const buyer = await h.signIn('13800000001');
    const refused = await h.call('/user/protocol/agree', { token: buyer, lang: 'zh-CN' });
    expect(refused.status).toBe(409);
    expect(body(refused)).toMatchObject({ code: 2201, message: '当前账号无需确认供稿人协议' });
    expect(body(await h.call('/user/protocol/agree')).code).toBe(1001);
  });

  it('gives the SKU list to enterprise customers only', async () => {
    const enterprise = await h.signIn('13800000004');
    const skus = body<{ id: string; priceFen: number }[]>(await h.call('/customer/skuList', { token: enterprise, body: {} }));
    expect(skus.code).toBe(0);
    expect(skus.data.map((s) => s.id)).toEqual(['SKU-M-WEB-1Y', 'SKU-P-L-PERM', 'SKU-V-4K-YEAR']);
    expect(skus.data.every((s) => Number.isInteger(s.priceFen))).toBe(true);
    const buyer = await h.signIn('13800000001');
    const refused = await h.call('/customer/skuList', { token: buyer, body: {} });
    expect(refused.status).toBe(403);
    expect(body(refused).code).toBe(1003);
  });
});
