import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/** A 1×1 PNG: the payment voucher. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the cancel dialog and the cancelled orders. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const LICENCE = { licenceType: 'commercial', buyerCompany: '上海光影传媒有限公司', projectType: 'advertising', projectName: '取消测试', userCompany: '上海光影传媒有限公司', purpose: '品牌广告', region: 'mainland', duration: '1y', contact: '王小明' };

describe('the buyer cancels an order that is not yet paid', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** A store call with the buyer's token, answering the envelope's data (or throwing its message). */
  async function storeCall(token, path, body, form) {
    const response = await fetch(`${env.server.url}/api${path}`, {
      method: 'POST',
      headers: form ? { access_token: token } : { access_token: token, 'content-type': 'application/json' },
      body: form ?? JSON.stringify(body),
    });
    const envelope = await response.json();
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  }

  it('cancels with a listed reason on /Order and with free text on /Order2, offers no cancel once paid and shows the refusal of a stale page', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // A new account (created at first sign-in), so the other tests' orders are not in its list.
    await signInOnStore(env.server, page, 'cancel-buyer@example.com');
    const token = await page.evaluate(() => localStorage.getItem('token'));

    // Three unpaid orders of one video each, placed through the API (the checkout is walked in orders.e2e.mjs).
    await page.goto(`${env.server.url}/SearchResult?type=video`);
    const cards = page.getByTestId('material-card');
    await cards.nth(2).waitFor();
    const orderIds = [];
    for (let n = 0; n < 3; n++) {
      const { cartId } = await storeCall(token, '/cart/add', { materialId: Number(await cards.nth(n).getAttribute('data-id')) });
      orderIds.push((await storeCall(token, '/order/create', { cartIds: [cartId], licence: LICENCE })).orderId);
    }
    const [listed, written, paid] = orderIds;
    const detail = (id) => storeCall(token, '/order/detail', { id });

    // /Order: a listed reason. Choosing none is asked for; the page changes without a reload.
    await page.goto(`${env.server.url}/Order?id=${listed}`);
    await page.getByTestId('order-status').getByText('待报价').waitFor();
    await page.evaluate(() => (window.notReloaded = true));
    await page.getByTestId('order-cancel').click();
    const dialog = page.getByTestId('order-cancel-dialog');
    await dialog.getByText('取消原因').waitFor();
    await page.getByTestId('order-cancel-confirm').click();
    await page.getByTestId('order-cancel-error').getByText('请选择取消原因').waitFor();
    await page.getByTestId('order-cancel-reason-mistake').check();
    await shoot(page, 'order-cancel-dialog-zh');
    await page.getByTestId('order-cancel-confirm').click();
    await page.getByTestId('order-status').getByText('已关闭').waitFor();
    await page.getByTestId('order-closed-reason').getByText('关闭原因：下错单了').waitFor();
    assert.equal(await page.getByTestId('order-cancel').count(), 0, 'a closed order offers no cancel');
    assert.equal(await page.evaluate(() => window.notReloaded), true, 'the page was not reloaded');
    await shoot(page, 'order-cancelled-zh');
    assert.deepEqual(await detail(listed).then((o) => [o.status, o.closedReason]), ['closed', '下错单了']);

    // /Order2 in English in a phone-wide window: the buyer's own words. (The order pages have no
    // mobile layout of their own; phones get them at desktop width, narrow windows must still fit.)
    const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await mobile.goto(env.server.url);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    await mobile.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      localStorage.setItem('lang', 'en');
    }, stored);
    await mobile.goto(`${env.server.url}/Order2?id=${written}`);
    await mobile.getByTestId('order-status').getByText('Waiting for a quote').waitFor();
    await mobile.getByTestId('order-cancel').click();
    await mobile.getByTestId('order-cancel-reason-other').click();
    await mobile.getByTestId('order-cancel-confirm').click();
    await mobile.getByTestId('order-cancel-error').getByText('Please fill in your reason').waitFor();
    await mobile.getByTestId('order-cancel-other').fill('The client moved the campaign to next year');
    await shoot(mobile, 'order-cancel-dialog-en-mobile');
    const box = await mobile.getByTestId('order-cancel-dialog').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the dialog fits the narrow window (${box.x}+${box.width} px)`);
    await mobile.getByTestId('order-cancel-confirm').click();
    await mobile.getByTestId('order-status').getByText('Closed').waitFor();
    await mobile.getByTestId('order-closed-reason').getByText('Closed: The client moved the campaign to next year').waitFor();
    await shoot(mobile, 'order-cancelled-en-mobile');
    await phone.close();
    assert.deepEqual(await detail(written).then((o) => [o.status, o.closedReason]), ['closed', 'The client moved the campaign to next year']);

    // The third is quoted: still cancellable on /OrderList, the cancelled ones are not.
    const sales = await staffSignIn(env, 'sales', 'sales12345');
    const staffOrder = await (await fetch(`${env.server.url}/admin-api/orders/${paid}`, { headers: { authorization: `Bearer ${sales.token}` } })).json();
    const quoted = await fetch(`${env.server.url}/admin-api/orders/${paid}/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sales.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: staffOrder.items.map((item) => ({ itemId: item.itemId, priceFen: 9900 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    assert.equal(quoted.status, 200);
    await sales.context.close();
    await page.goto(`${env.server.url}/OrderList`);
    const rows = page.getByTestId('order-row');
    await rows.nth(2).waitFor();
    const row = (id) => rows.filter({ has: page.locator(`a[href$="${id}"]`) });
    await row(paid).getByTestId('order-status').getByText('待付款').waitFor();
    await row(paid).getByTestId('order-cancel').waitFor();
    for (const id of [listed, written]) assert.equal(await row(id).getByTestId('order-cancel').count(), 0, 'a cancelled order offers no cancel');

    // The buyer pays in another tab; this page still offers cancel, and the server refuses it.
    const form = new FormData();
    form.set('id', paid);
    form.set('accountName', '上海光影传媒有限公司');
    form.set('voucher', new Blob([VOUCHER_PNG], { type: 'image/png' }), 'voucher.png');
    assert.equal((await storeCall(token, '/order/pay', undefined, form)).status, 'paid');
    await row(paid).getByTestId('order-cancel').click();
    await page.getByTestId('order-cancel-reason-price').check();
    await page.getByTestId('order-cancel-confirm').click();
    // The refusal names the state and the action in the buyer's language, not by their codes.
    await page.getByTestId('order-cancel-error').getByText('提交失败：订单当前状态为“待确认付款”，不能取消').waitFor();
    await shoot(page, 'order-cancel-refused-zh');
    // Leaving the dialog shows the order as it now is: paid, without cancel.
    await page.keyboard.press('Escape');
    await row(paid).getByTestId('order-status').getByText('待确认付款').waitFor();
    assert.equal(await row(paid).getByTestId('order-cancel').count(), 0, 'a paid order offers no cancel');
    assert.equal((await detail(paid)).status, 'paid');
    await page.goto(`${env.server.url}/Order?id=${paid}`);
    await page.getByTestId('order-status').getByText('待确认付款').waitFor();
    assert.equal(await page.getByTestId('order-cancel').count(), 0, 'the paid order page offers no cancel');
    await context.close();
  });
});
