import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, signInOnStore, useServerAndBrowser } from './harness.mjs';

/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the pages, in both languages. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/**
 * /VipOrder is the VIP order's own screen (issue 37 item 7): the plan chosen on /Vip, placed after
 * a confirmation, the order's state, payment by voucher and the confirmation once finance confirms
 * it; and the cart's and the download list's links open a video's detail as the second entry, mdp 7.
 */
describe('the VIP order screen and the second detail entry', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }
  async function staffToken(username, password) {
    const response = await fetch(`${env.server.url}/admin-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    return (await response.json()).token;
  }

  it('takes a buyer from /Vip through the plan, the order, the voucher and the confirmation', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13800000001');

    // /Vip leads to the VIP order screen with the plan; nothing is ordered until it is confirmed.
    await page.goto(`${env.server.url}/Vip`);
    await page.getByTestId('vip-buy').click();
    await page.waitForURL((url) => url.pathname === '/VipOrder' && url.search === '');
    await page.getByTestId('vip-order-plan').waitFor();
    assert.equal(await page.getByTestId('vip-card').count(), 0, 'not the /Vip page');
    assert.equal((await page.getByTestId('vip-order-price').innerText()).trim(), '¥999.00');
    assert.match(await page.getByTestId('vip-order-plan').innerText(), /365 天/);
    await shoot(page, 'vip-order-01-plan-zh');
    await page.getByTestId('vip-order-place').click();
    await page.getByTestId('vip-order-confirm').waitFor();
    assert.match(await page.getByTestId('vip-order-confirm').innerText(), /¥999\.00/);
    await page.getByTestId('vip-order-confirm-submit').click();
    await page.waitForURL((url) => url.pathname === '/VipOrder' && url.searchParams.has('id'));
    const orderId = new URL(page.url()).searchParams.get('id');

    // Awaiting payment: what to do, and the voucher form on the same screen.
    await page.locator('[data-testid=vip-order-state][data-status=quoted]').waitFor();
    assert.equal(await page.getByTestId('order-status').innerText(), '待付款');
    assert.equal(await page.getByTestId('vip-order-next').innerText(), '请通过银行转账支付 ¥999.00，并在下方上传付款凭证。');
    await shoot(page, 'vip-order-02-quoted-zh');
    await page.getByTestId('pay-account-name').fill('演示买家');
    await page.getByTestId('pay-voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
    await page.getByTestId('pay-submit').click();
    await page.locator('[data-testid=vip-order-state][data-status=paid]').waitFor();
    assert.equal(await page.getByTestId('vip-order-next').innerText(), '付款凭证已提交，财务确认收款后会员立即生效。');
    assert.equal(await page.getByTestId('pay-submit').count(), 0);

    // /OrderList names the order and opens this screen.
    await page.goto(`${env.server.url}/OrderList`);
    const row = page.getByTestId('order-row').filter({ hasText: 'VIP 会员 365 天' });
    await row.getByRole('link', { name: '查看' }).click();
    await page.waitForURL((url) => url.pathname === '/VipOrder' && url.searchParams.get('id') === orderId);

    // Finance confirms the payment: the screen confirms the membership and its end date.
    const finance = await staffToken('finance', 'finance12345');
    const confirmed = await fetch(`${env.server.url}/admin-api/orders/${orderId}/confirm`, { method: 'POST', headers: { authorization: `Bearer ${finance}` } });
    assert.equal(confirmed.status, 200);
    await page.reload();
    await page.locator('[data-testid=vip-order-state][data-status=confirmed]').waitFor();
    await page.getByTestId('vip-order-confirmation').waitFor();
    const until = new Date(Date.now() + 8 * 3_600_000 + 365 * 86_400_000).toISOString().slice(0, 10);
    assert.match(await page.getByTestId('vip-order-confirmation').innerText(), new RegExp(`VIP 会员有效期至 ${until}`));
    await shoot(page, 'vip-order-03-confirmed-zh');

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByTestId('vip-order-confirmation').getByText(`your VIP membership runs until ${until}`, { exact: false }).waitFor();
    assert.equal(await page.getByTestId('order-status').innerText(), 'Completed');
    await shoot(page, 'vip-order-04-confirmed-en');
    await page.goto(`${env.server.url}/VipOrder`);
    await page.getByTestId('vip-order-active').waitFor();
    assert.match(await page.getByTestId('vip-order-active').innerText(), new RegExp(`runs until ${until}`));
    await shoot(page, 'vip-order-05-renew-en');
    await context.close();
  });

  it('opens a video from the cart as the second detail entry (mdp 7), counted with ruleId 7', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A new buyer: the demo buyer asked for a code a moment ago and waits for the resend countdown.
    await signInOnStore(env.server, page, '13900000077');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const admin = await staffToken('admin', 'admin12345');
    const [video] = await (await fetch(`${env.server.url}/admin-api/materials?filter=${encodeURIComponent(JSON.stringify({ kind: 'video', status: 'published' }))}`, { headers: { authorization: `Bearer ${admin}` } })).json();
    const added = await (await fetch(`${env.server.url}/api/cart/add`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body: JSON.stringify({ materialId: video.id }) })).json();
    assert.equal(added.code, 0, added.message);

    const clicks = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/material/click')) clicks.push(JSON.parse(request.postData() ?? '{}'));
    });
    await page.goto(`${env.server.url}/Cart`);
    const link = page.getByTestId('cart-item-title').first();
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/Detail?id=${video.id}&mdp=7`);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/Detail' && url.searchParams.get('mdp') === '7');
    await eventually(() => clicks.some((click) => click.ruleId === 7));
    await context.close();
  });
});
