import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, signInOnStore, useServerAndBrowser } from './harness.mjs';

// A smaller demo library keeps the start quick, and ready waits for it; the harness passes the
// environment on to the server.
process.env.DEMO_MUSIC_SIZE ??= '9';
process.env.DEMO_MUSIC_WAIT = 'true';

/** A 1×1 PNG: the payment voucher the buyer uploads. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe('music in a real browser', () => {
  const env = useServerAndBrowser({ before, after });

  const player = (page) => page.getByTestId('music-player');
  const playingId = async (page) => Number(await player(page).getAttribute('data-music-id'));
  const audioTime = (page) => page.evaluate(() => document.querySelector('[data-testid="music-audio"]')?.currentTime ?? -1);
  const isPlaying = (page) => page.evaluate(() => {
    const audio = document.querySelector('[data-testid="music-audio"]');
    return Boolean(audio && !audio.paused && audio.__marker === 'first');
  });

  /** Clicks an in-app link (client-side navigation) and waits for the URL. */
  async function follow(page, selector, url) {
    await page.locator(selector).first().click();
    await page.waitForURL(url);
  }

  const signIn = (page, account) => signInOnStore(env.server, page, account);

  it('keeps playing while a visitor moves through five pages, and survives a reload', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/Music`);
    await page.getByTestId('music-block').first().waitFor();
    const firstId = Number(await page.getByTestId('music-block').first().getAttribute('data-music-id'));
    await page.getByTestId('music-play').first().click();
    await eventually(async () => (await player(page).getAttribute('data-status')) === '1');
    assert.equal(await playingId(page), firstId);
    // Mark the element: the same one must keep playing on every page (nothing re-created).
    await page.evaluate(() => (document.querySelector('[data-testid="music-audio"]').__marker = 'first'));
    await eventually(async () => (await audioTime(page)) > 0.3);

    const steps = [
      ['a[href="/PlayList"]', /\/PlayList$/],
      ['[data-testid="sheet-card"] a', /\/PlayListDetail\?id=\d+/],
      ['[data-testid="music-block"] a[href^="/DetailMusic"]', /\/DetailMusic\?id=\d+&mdp=6/],
      ['header a[href="/"]', /\/$/],
      ['header a[href="/Music"]', /\/Music$/],
    ];
    for (const [selector, url] of steps) {
      const before = await audioTime(page);
      await follow(page, selector, url);
      await eventually(async () => (await audioTime(page)) > before + 0.2, { timeoutMs: 8000 });
      assert.ok(await isPlaying(page), `still playing on ${page.url()}`);
      assert.equal(await playingId(page), firstId);
    }

    // Cover or title in the player opens the detail with mdp=17.
    await page.getByTestId('player-title').click();
    await page.waitForURL(new RegExp(`/DetailMusic\\?id=${firstId}&mdp=17`));
    await page.getByTestId('music-detail').waitFor();

    const saved = await audioTime(page);
    await page.reload();
    await player(page).waitFor();
    assert.equal(await playingId(page), firstId, 'the playing track survives a reload');
    assert.equal(await player(page).getAttribute('data-status'), '0', 'paused after a reload until the listener presses play');
    await eventually(async () => Math.abs((await audioTime(page)) - saved) < 3, { timeoutMs: 8000 });
    await context.close();
  });

  it('walks a sheet with next, goes back with previous, repeats one and shows the history', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/PlayList`);
    await follow(page, '[data-testid="sheet-card"] a', /\/PlayListDetail\?id=\d+/);
    await page.getByTestId('music-block').nth(1).waitFor();
    const order = await page.getByTestId('music-block').evaluateAll((blocks) => blocks.map((b) => Number(b.getAttribute('data-music-id'))));
    await page.getByTestId('sheet-play-all').click();
    await eventually(async () => (await playingId(page)) === order[0]);

    await page.getByTestId('player-next').click();
    await eventually(async () => (await playingId(page)) === order[1]);
    // Previous walks the history, newest first: the track just started is index 0, never gone below.
    await page.getByTestId('player-previous').click();
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await playingId(page), order[1]);

    // Repeat-one: the end of the track starts the same track again.
    await page.getByTestId('player-repeat').click();
    assert.equal(await page.getByTestId('player-repeat').getAttribute('aria-pressed'), 'true');
    await eventually(async () => (await page.evaluate(() => document.querySelector('[data-testid="music-audio"]').readyState)) >= 1);
    await page.evaluate(() => {
      const audio = document.querySelector('[data-testid="music-audio"]');
      audio.currentTime = audio.duration - 0.4;
    });
    await eventually(async () => (await audioTime(page)) < 2 && (await player(page).getAttribute('data-status')) === '1', { timeoutMs: 8000 });
    assert.equal(await playingId(page), order[1]);
    await eventually(async () => (await audioTime(page)) > 0.3);
    assert.equal(await page.evaluate(() => document.querySelector('[data-testid="music-audio"]').paused), false, 'the repeated track plays');

    // Without repeat-one the end moves on through the sheet.
    await page.getByTestId('player-repeat').click();
    await page.evaluate(() => {
      const audio = document.querySelector('[data-testid="music-audio"]');
      audio.currentTime = audio.duration - 0.4;
    });
    await eventually(async () => (await playingId(page)) !== order[1], { timeoutMs: 8000 });

    await page.getByTestId('player-expand').click();
    const history = page.getByTestId('player-history').locator('li');
    await eventually(async () => (await history.count()) >= 2);
    await page.getByTestId('player-clear-history').click();
    await eventually(async () => (await page.getByTestId('player-history').innerText()).includes('暂无播放记录'));
    await context.close();
  });

  it('asks visitors to log in, and lets a signed-in buyer license a track through the cascade', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/Music`);
    await page.getByTestId('music-buy').first().click();
    await eventually(async () => (await page.getByTestId('toast').innerText()).includes('请先登录后使用该功能'));

    await signIn(page, '13800000001');
    await page.goto(`${env.server.url}/Music`);
    const block = page.getByTestId('music-block').first();
    await block.waitFor();
    // The detail's "from" price is the cheapest licence of the cascade (online video, social
    // media, 1 month, mainland China: ¥150), not the track's own price.
    const trackId = await block.getAttribute('data-music-id');
    await page.goto(`${env.server.url}/DetailMusic?id=${trackId}`);
    assert.equal(await page.getByTestId('music-price-from').innerText(), '授权价格 ¥150.00 起');
    await page.goto(`${env.server.url}/Music`);
    await block.waitFor();
    await block.getByTestId('music-buy').click();
    const drawer = page.getByTestId('buy-licence');
    await drawer.waitFor();
    const price = page.getByTestId('cascade-price');
    for (const level of ['scene', 'channel', 'period']) {
      await page.getByTestId(`cascade-${level}`).locator('button').first().click();
      assert.equal(await price.locator('strong').count(), 0, `no price before all four (after ${level})`);
    }
    await page.getByTestId('cascade-area').locator('button').nth(1).click();
    await eventually(async () => (await price.locator('strong').count()) === 1);
    const shown = await price.locator('strong').innerText();

    // Changing an earlier answer clears the later ones and hides the price again.
    await page.getByTestId('cascade-channel').locator('button').nth(1).click();
    assert.equal(await page.getByTestId('cascade-period').locator('button[aria-pressed="true"]').count(), 0);
    assert.equal(await price.locator('strong').count(), 0);
    await page.getByTestId('cascade-channel').locator('button').first().click();
    await page.getByTestId('cascade-period').locator('button').first().click();
    await page.getByTestId('cascade-area').locator('button').nth(1).click();
    assert.equal(await price.locator('strong').innerText(), shown);

    await page.getByTestId('cascade-submit').click();
    assert.equal(await page.getByTestId('cascade-error').innerText(), '请填写项目名称');
    await drawer.locator('input[name="projectName"]').fill('春季广告');
    await drawer.locator('input[name="brand"]').fill('Acme');
    await drawer.locator('input[name="companyName"]').fill('Acme 有限公司');
    await page.getByTestId('cascade-submit').click();
    assert.equal(await page.getByTestId('cascade-error').innerText(), '请阅读并同意协议');
    await drawer.locator('input[name="agreed"]').check();
    await page.getByTestId('cascade-submit').click();
    await page.waitForURL(/\/OrderMusic\?id=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('id');
    // A readable number in the scheme of every other order, and one money format on every page.
    const orderNo = await page.getByTestId('order-music-no').innerText();
    assert.match(orderNo, /^LS\d{18}$/);
    assert.match(shown, /^¥\d{1,3}(,\d{3})*\.\d{2}$/);
    assert.equal(await page.getByTestId('order-music-total').innerText(), shown);

    // The page says what happens next: the order is in the order list at once, waiting for payment.
    assert.equal(await page.getByTestId('order-music-next').innerText(), '订单已在“我的订单”中，状态为“待付款”：上传付款凭证后等待客服确认。');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/order-music-zh.png` });
    await page.getByTestId('lang-toggle').click();
    await eventually(async () => (await page.getByTestId('order-music-next').innerText()) === 'The order is in My orders now, marked “Waiting for payment”: upload the payment voucher, then staff confirm it.');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/order-music-en.png` });
    await page.getByTestId('lang-toggle').click();
    await page.getByTestId('order-music-list').getByText('我的订单').waitFor();
    await page.getByTestId('order-music-list').click();
    await page.waitForURL((url) => url.pathname === '/OrderList');
    await eventually(async () => {
      const row = page.getByTestId('order-row').filter({ hasText: orderNo });
      if ((await row.count()) === 0) await page.reload();
      return (await row.count()) === 1 && (await row.getByTestId('order-status').innerText()) === '待付款';
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await page.goBack();
    await page.waitForURL(/\/OrderMusic\?id=/);

    // The order joins the voucher flow: the buyer pays, finance confirms in the console, and the
    // buyer downloads the track's original and its authorization file.
    await page.getByRole('link', { name: '查看订单' }).click();
    await page.waitForURL(/\/Order\?id=/);
    await eventually(async () => {
      await page.reload();
      await page.getByTestId('order-no').waitFor({ timeout: 5_000 }).catch(() => undefined);
      return (await page.getByTestId('order-no').count()) === 1;
    }, { timeoutMs: 30_000, intervalMs: 500 });
    assert.equal(await page.getByTestId('order-no').innerText(), orderNo);
    assert.equal(await page.getByTestId('order-total').innerText(), shown);
    await page.getByTestId('pay-account-name').fill('Acme 有限公司');
    await page.getByTestId('pay-voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('order-status').getByText('待确认付款').waitFor();
    const staff = await env.browser.newContext();
    const console_ = await staff.newPage();
    await console_.goto(`${env.server.url}/admin/`);
    await console_.locator('input[name=username]').fill('finance');
    await console_.locator('input[name=password]').fill('finance12345');
    await console_.locator('button[type=submit]').click();
    await console_.waitForURL((url) => !url.pathname.includes('/login'));
    await console_.goto(`${env.server.url}/admin/orders/${orderId}/show`);
    await console_.getByTestId('admin-order-confirm').click();
    // Confirming a payment cannot be undone: the console asks once more.
    await console_.locator('.ra-confirm').click();
    await console_.getByTestId('admin-order-status').getByText('已完成').waitFor();
    await staff.close();
    await eventually(async () => {
      await page.reload();
      await page.getByTestId('order-licence').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
      return (await page.getByTestId('order-licence-open').count()) === 1;
    }, { timeoutMs: 60_000, intervalMs: 1000 });
    const downloads = mkdtempSync(join(tmpdir(), 'music-e2e-'));
    const save = async (click, name) => {
      const [download] = await Promise.all([page.waitForEvent('download'), click()]);
      await download.saveAs(join(downloads, name));
      return join(downloads, name);
    };
    const original = await save(() => page.getByTestId('order-download').first().click(), 'original');
    assert.ok(readFileSync(original).length > 1000, 'the original track has audio bytes');
    const pdf = await save(() => page.getByTestId('order-licence-open').first().click(), 'licence.pdf');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const expected of ['春季广告', 'Acme 有限公司']) assert.ok(text.includes(expected), `licence text has ${expected}`);

    // The licensee form is remembered for the next order.
    await page.goto(`${env.server.url}/Music`);
    await page.getByTestId('music-buy').first().click();
    await page.getByTestId('buy-licence').waitFor();
    assert.equal(await page.getByTestId('buy-licence').locator('input[name="brand"]').inputValue(), 'Acme');
    await context.close();
    rmSync(downloads, { recursive: true, force: true });
  });
});
