// Orders section of `npm run bench`: order submission latency, confirmation-to-licence latency
// through the event bus (staff confirmation → every authorization PDF of the order generated and
// listed for the buyer), authorization PDFs generated per second in a burst, then (with
// `licensing`) downloads under an enterprise project and a personal licence's 1080P copy.
//
// The orders read model is filled straight in the server's embedded database (the bench server
// runs without the demo catalogue), with materials that have no stored original: licences do not
// need one.

import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { callJson } from './http.mjs';
import { measureLicensing } from './licensing-bench.mjs';
import { summarize } from './stats.mjs';

/** A 1×1 PNG: the payment voucher. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const LICENCE = {
  licenceType: 'commercial',
  buyerCompany: '上海光影传媒有限公司',
  projectType: 'advertising',
  projectName: '基准测试项目',
  brand: '光影',
  userCompany: '杭州使用方科技有限公司',
  purpose: '品牌广告投放',
  region: 'mainland',
  duration: '1y',
  contact: '王小明',
};
const ITEMS_PER_ORDER = 2;
const FIRST_MATERIAL_ID = 900_000_001;

/**
 * @param {import('./http.mjs').HttpAnswer} answer
 * @param {string} what
 */
function ok(answer, what) {
  if (answer.status !== 200 || (answer.json && 'code' in answer.json && answer.json.code !== 0)) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json?.data ?? answer.json;
}

/**
 * @param {{ baseUrl: string, databaseUrl: string, buyerToken: string, orders: number, progress: (message: string) => void,
 *   licensing?: { dataDir: string, workDir: string, root: string, enterpriseToken: string } }} options
 */
export async function measureOrders({ baseUrl, databaseUrl, buyerToken, orders, progress, licensing }) {
  const materials = orders * ITEMS_PER_ORDER;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await pool.query(
      `INSERT INTO orders.materials (material_id, code, kind, on_sale, title_zh, title_en, source, max_resolution, width, height, duration, thumbnail_key, original_key)
       SELECT id, 'B' || id, CASE WHEN id % 2 = 0 THEN 'video' ELSE 'photo' END, true, '基准素材 ' || id, 'Bench material ' || id, 'own', '4K', 3840, 2160, 10, NULL, NULL
       FROM generate_series($1::bigint, $1::bigint + $2 - 1) AS id ON CONFLICT DO NOTHING`,
      [FIRST_MATERIAL_ID, materials],
    );
  } finally {
    await pool.end();
  }
  const staffLogin = await callJson(`${baseUrl}/admin-api/auth/login`, { method: 'POST', body: { username: 'admin', password: 'admin12345' } });
  const staffToken = ok(staffLogin, 'staff login').token;
  const buyer = { access_token: buyerToken };
  const staff = { authorization: `Bearer ${staffToken}` };

  // 1. Submission: two cart adds, then the timed POST /api/order/create.
  /** @type {number[]} */ const submitMs = [];
  /** @type {string[]} */ const orderIds = [];
  for (let i = 0; i < orders; i += 1) {
    const cartIds = [];
    for (let k = 0; k < ITEMS_PER_ORDER; k += 1) {
      cartIds.push(ok(await callJson(`${baseUrl}/api/cart/add`, { method: 'POST', headers: buyer, body: { materialId: FIRST_MATERIAL_ID + i * ITEMS_PER_ORDER + k } }), 'cart add').cartId);
    }
    const started = performance.now();
    const created = ok(await callJson(`${baseUrl}/api/order/create`, { method: 'POST', headers: buyer, body: { cartIds, licence: LICENCE } }), 'order create');
    submitMs.push(performance.now() - started);
    orderIds.push(created.orderId);
  }
  progress(`orders: ${orders} submitted`);

  const quoteAndPay = async (/** @type {string} */ id) => {
    const detail = ok(await callJson(`${baseUrl}/admin-api/orders/${id}`, { headers: staff }), 'order detail');
    ok(
      await callJson(`${baseUrl}/admin-api/orders/${id}/quote`, {
        method: 'POST',
        headers: staff,
        body: { items: detail.items.map((/** @type {{ itemId: number }} */ item) => ({ itemId: item.itemId, priceFen: 10_000 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() },
      }),
      'quote',
    );
    const form = new FormData();
    form.set('id', id);
    form.set('accountName', '上海光影传媒有限公司');
    form.set('voucher', new Blob([VOUCHER_PNG], { type: 'image/png' }), 'voucher.png');
    const paid = await fetch(`${baseUrl}/api/order/pay`, { method: 'POST', headers: buyer, body: form });
    if (paid.status !== 200) throw new Error(`pay answered ${paid.status}: ${(await paid.text()).slice(0, 300)}`);
  };
  for (const id of orderIds) await quoteAndPay(id);

  /** Polls the buyer's licence list until every file of the order is generated. */
  const waitGenerated = async (/** @type {string} */ id) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const list = ok(await callJson(`${baseUrl}/api/licence/list`, { method: 'POST', headers: buyer, body: { orderId: id } }), 'licence list');
      if (list.length === ITEMS_PER_ORDER && list.every((/** @type {{ status: string }} */ l) => l.status === 'generated')) return;
      if (Date.now() > deadline) throw new Error(`licences of ${id} not generated within 60 s`);
      await sleep(10);
    }
  };

  // 2. Confirmation to licence, one order at a time (the bus idle between them).
  const sequential = orderIds.slice(0, Math.ceil(orders / 2));
  /** @type {number[]} */ const licenceMs = [];
  for (const id of sequential) {
    const started = performance.now();
    ok(await callJson(`${baseUrl}/admin-api/orders/${id}/confirm`, { method: 'POST', headers: staff }), 'confirm');
    await waitGenerated(id);
    licenceMs.push(performance.now() - started);
  }
  progress(`orders: ${sequential.length} confirmation-to-licence runs`);

  // 3. Burst: confirm the rest at once, time until every PDF is there.
  const burst = orderIds.slice(sequential.length);
  const burstStarted = performance.now();
  await Promise.all(burst.map(async (id) => ok(await callJson(`${baseUrl}/admin-api/orders/${id}/confirm`, { method: 'POST', headers: staff }), 'confirm')));
  for (const id of burst) await waitGenerated(id);
  const burstSec = (performance.now() - burstStarted) / 1000;
  const pdfs = burst.length * ITEMS_PER_ORDER;
  progress(`orders: burst of ${pdfs} PDFs in ${burstSec.toFixed(2)} s`);

  // Project downloads and a personal licence's reduced copy (licensing-bench.mjs).
  const licensingResult = licensing
    ? await measureLicensing({
        baseUrl,
        databaseUrl,
        ...licensing,
        downloads: orders,
        buyer,
        progress,
        personalOrder: async (materialIds) => {
          const cartIds = [];
          for (const materialId of materialIds) cartIds.push(ok(await callJson(`${baseUrl}/api/cart/add`, { method: 'POST', headers: buyer, body: { materialId } }), 'cart add').cartId);
          const created = ok(await callJson(`${baseUrl}/api/order/create`, { method: 'POST', headers: buyer, body: { cartIds, licence: { ...LICENCE, licenceType: 'personal', projectType: 'online-video' } } }), 'order create');
          await quoteAndPay(created.orderId);
          return created.orderId;
        },
        confirm: async (id) => void ok(await callJson(`${baseUrl}/admin-api/orders/${id}/confirm`, { method: 'POST', headers: staff }), 'confirm'),
      })
    : null;

  return {
    orders,
    itemsPerOrder: ITEMS_PER_ORDER,
    licensing: licensingResult,
    submitMs: summarize(submitMs),
    confirmToLicenceMs: summarize(licenceMs),
    burst: { orders: burst.length, pdfs, seconds: burstSec, pdfsPerSecond: burstSec > 0 ? pdfs / burstSec : null },
  };
}
