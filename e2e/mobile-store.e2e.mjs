import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, signInOnStore, useServerAndBrowser } from './harness.mjs';

// The demo music is generated before the server says it is ready (the music journey needs it).
process.env.DEMO_MUSIC_WAIT = 'true';

/** A 1×1 PNG: the payment voucher. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** Set SCREENSHOT_DIR=<dir> to keep the phone screenshots in both languages. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/**
 * The store on a phone (375 x 812), journey by journey: every page it opens is laid out for the
 * phone (device-width viewport, no sideways scroll) and every primary action is a 44 px target
 * that a tap works.
 */
describe('the store on a phone', () => {
  // Previews are streamed as HLS by the catalogue's job: on here, where the detail page plays them.
  const env = useServerAndBrowser({ before, after }, { env: { PREVIEW_STREAMS: 'on' } });

  async function checkPage(page, name) {
    await page.waitForLoadState('load');
    // Late content (lists, pictures) settles before the width is read.
    await page.waitForTimeout(400);
    assert.match(await page.locator('meta[name=viewport]').getAttribute('content'), /width=device-width/, `${name}: laid out for the phone`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name}: no sideways scroll (${overflow} px too wide)`);
    // Nor anything cut off at the edge by a container that clips (what scrolls sideways on purpose, a row of tabs, is fine).
    const cut = await page.evaluate(() => {
      const scrollsSideways = (element) => {
        for (let node = element.parentElement; node; node = node.parentElement) if (/(auto|scroll)/.test(getComputedStyle(node).overflowX)) return true;
        return false;
      };
      return [...document.querySelectorAll('#main a, #main button, #main input, #main h1, #main h2, #main p')]
        .filter((element) => element.offsetParent !== null && element.getBoundingClientRect().width > 0)
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !scrollsSideways(element))
        .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
    });
    assert.deepEqual(cut, [], `${name}: cut off at the edge`);
    if (SCREENSHOTS) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `phone-${name}.png`), fullPage: true });
    }
  }

  async function tap(page, testId) {
    const target = page.getByTestId(testId).first();
    await target.waitFor();
    // Measured once laid out: a dialog still easing in is a fraction of a pixel smaller.
    let box = await target.boundingBox();
    for (let read = 0; read < 20; read++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await target.boundingBox();
      if (again && box && again.height === box.height && again.width === box.width) break;
      box = again;
    }
    assert.ok(box && Math.round(box.height) >= 44 && Math.round(box.width) >= 44, `${testId} is a 44 px target (${box?.width} x ${box?.height})`);
    await target.tap();
  }

  it('finds a clip, favourites it, puts it in the cart, places the order and pays the voucher', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13900000411');

    await page.goto(`${env.server.url}/SearchResult?type=video`);
    await page.getByTestId('material-card').first().waitFor();
    await checkPage(page, 'search-zh');
    await page.getByTestId('material-card').first().locator('a').first().tap();
    await page.waitForURL((url) => url.pathname === '/Detail');
    await page.getByTestId('detail-title').waitFor();
    await checkPage(page, 'detail-zh');
    await tap(page, 'detail-favourite');
    await eventually(async () => (await page.getByTestId('detail-favourite').getAttribute('aria-pressed')) === 'true');
    await tap(page, 'detail-add-to-cart');
    await page.getByText('已加入购物车').first().waitFor();

    await page.goto(`${env.server.url}/Cart?targetType=0`);
    await page.getByTestId('cart-item').first().waitFor();
    await checkPage(page, 'cart-zh');
    await tap(page, 'cart-checkout');
    await page.waitForURL(/\/Putorder/);
    await page.getByTestId('putorder-item').first().waitFor();
    await checkPage(page, 'putorder-zh');
    // The licence form in three steps, each checked before the next.
    await page.getByTestId('putorder-steps').waitFor();
    assert.equal(await page.getByTestId('putorder-contact').count(), 0);
    await tap(page, 'putorder-next');
    await page.getByText('请选择项目类型').waitFor();
    await page.getByTestId('putorder-projectType').selectOption('advertising');
    await page.getByTestId('putorder-projectName').fill('外滩夜景宣传片');
    await page.getByTestId('putorder-purpose').fill('品牌广告投放');
    await tap(page, 'putorder-next');
    await page.getByTestId('putorder-buyerCompany').fill('上海光影传媒有限公司');
    await page.getByTestId('putorder-userCompany').fill('杭州使用方科技有限公司');
    await checkPage(page, 'putorder-step2-zh');
    await tap(page, 'putorder-next');
    await page.getByTestId('putorder-contact').fill('王小明');
    // Back keeps what was typed.
    await tap(page, 'putorder-back');
    assert.equal(await page.getByTestId('putorder-buyerCompany').inputValue(), '上海光影传媒有限公司');
    await tap(page, 'putorder-next');
    assert.equal(await page.getByTestId('putorder-contact').inputValue(), '王小明');
    // The tap that reached the last step did not send the form.
    assert.equal(await page.getByTestId('putorder-confirm-dialog').isVisible(), false);
    await tap(page, 'putorder-submit');
    await tap(page, 'putorder-confirm');
    await page.waitForURL(/\/OrderSuccess/);
    await checkPage(page, 'order-success-zh');
    const orderId = new URL(page.url()).searchParams.get('id');

    // Staff quote it (the console is a desktop tool).
    const staff = await (await fetch(`${env.server.url}/admin-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'sales', password: 'sales12345' }) })).json();
    const order = await (await fetch(`${env.server.url}/admin-api/orders/${orderId}`, { headers: { authorization: `Bearer ${staff.token}` } })).json();
    const quoted = await fetch(`${env.server.url}/admin-api/orders/${orderId}/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: order.items.map((item) => ({ itemId: item.itemId, priceFen: 19_900 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    assert.equal(quoted.status, 200);

    await page.goto(`${env.server.url}/Order?id=${orderId}`);
    await page.getByTestId('order-total').getByText('¥199.00').waitFor();
    await checkPage(page, 'order-quoted-zh');
    await page.getByTestId('pay-account-name').fill('上海光影传媒有限公司');
    await page.getByTestId('pay-voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
    await tap(page, 'pay-submit');
    await page.getByTestId('order-status').getByText('待确认付款').waitFor();
    await page.getByTestId('lang-toggle').tap();
    await page.getByTestId('order-status').getByText('Waiting for payment confirmation').waitFor();
    await checkPage(page, 'order-paid-en');
    await page.goto(`${env.server.url}/OrderList`);
    await page.getByTestId('order-row').first().waitFor();
    await checkPage(page, 'order-list-en');
    await context.close();
  });

  it('streams a clip preview, natively and through the HLS library where the browser has no HLS of its own', async () => {
    // A demo clip whose stream the job has made (it streams the demo catalogue after start).
    const api = (path, body) => fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const { data: found } = await api('/material/search', { type: 'video', pageNo: 1, pageSize: 24 });
    const streamed = await eventually(
      async () => {
        for (const card of found.infos) {
          const { data } = await api('/material/detail', { id: card.id });
          if (data.previewStream) return data;
        }
        return null;
      },
      { timeoutMs: 120_000, intervalMs: 2_000 },
    );
    assert.equal(streamed.previewStream, `/api/media/renditions/streams/${streamed.id}/master.m3u8`);

    for (const way of ['native', 'library']) {
      const context = await env.browser.newContext(PHONE);
      // A browser without HLS of its own (Firefox, older Chrome): the library on Media Source Extensions plays the stream.
      if (way === 'library') await context.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type) {
          return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
        };
      });
      const page = await context.newPage();
      const fetched = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`${env.server.url}/Detail?id=${streamed.id}`);
      const player = page.getByTestId('detail-player');
      await eventually(async () => (await player.getAttribute('data-playback')) === way);
      // Not awaited: the frames moving on is the test, not the promise of play().
      await player.evaluate((video) => {
        video.muted = true;
        void video.play().catch(() => undefined);
      });
      await eventually(async () => (await player.evaluate((video) => video.currentTime)) > 0.5, { timeoutMs: 20_000 });
      const segments = fetched.filter((path) => path.startsWith(`/api/media/renditions/streams/${streamed.id}/`) && path.endsWith('.ts'));
      assert.ok(segments.length > 0, `${way}: segments of the stream were fetched`);
      assert.ok(!fetched.some((path) => path.endsWith('preview-480.mp4')), `${way}: the MP4 was not fetched`);
      if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `phone-detail-stream-${way}.png`) });
      await context.close();
    }
  });

  it('plays a track, keeps the player to one line, buys its licence from the drawer and reaches the order', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13900000412');
    await page.goto(`${env.server.url}/Music`);
    const block = page.getByTestId('music-block').first();
    await block.waitFor();
    await checkPage(page, 'music-zh');
    await tap(page, 'music-play');
    const player = page.getByTestId('music-player');
    await player.waitFor();
    // One line at the bottom; expanded on demand.
    const bar = await player.boundingBox();
    assert.ok(bar.height <= 80, `the player is one line (${bar.height} px)`);
    assert.equal(Math.round(bar.y + bar.height), 812);
    const cutOff = () => player.locator('button, a').evaluateAll((elements) => elements.filter((element) => element.offsetParent !== null && element.getBoundingClientRect().right > window.innerWidth + 0.5).length);
    assert.equal(await cutOff(), 0, 'every control of the bar is on the screen');
    assert.equal(await player.getByTestId('player-previous').isVisible(), false);
    await checkPage(page, 'music-playing-zh');
    // Expanded: the rest of the controls, on a second line.
    await tap(page, 'player-expand');
    await player.getByTestId('player-previous').waitFor();
    assert.equal(await cutOff(), 0, 'every control of the expanded bar is on the screen');
    await tap(page, 'player-expand');

    await page.goto(`${env.server.url}/DetailMusic?id=${await block.getAttribute('data-music-id')}&mdp=6`);
    await page.getByTestId('music-detail').waitFor();
    await checkPage(page, 'music-detail-zh');
    await tap(page, 'music-buy');
    const drawer = page.getByTestId('buy-licence');
    await drawer.waitFor();
    for (const level of ['scene', 'channel', 'period', 'area']) await page.getByTestId(`cascade-${level}`).locator('button').first().tap();
    await page.getByTestId('cascade-price').locator('strong').waitFor();
    await drawer.locator('input[name="projectName"]').fill('春季广告');
    await drawer.locator('input[name="brand"]').fill('Acme');
    await drawer.locator('input[name="companyName"]').fill('Acme 有限公司');
    await drawer.locator('input[name="agreed"]').check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the drawer fits (${overflow} px too wide)`);
    await tap(page, 'cascade-submit');
    await page.waitForURL(/\/OrderMusic\?id=[0-9a-f-]{36}$/);
    await page.getByTestId('order-music-no').waitFor();
    await checkPage(page, 'order-music-zh');
    await page.getByTestId('lang-toggle').tap();
    await page.getByText('The order is in My orders now', { exact: false }).waitFor();
    await checkPage(page, 'order-music-en');
    await context.close();
  });

  it('shows a contributor their materials, a material, and their earnings and statements', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13800000003');
    await page.waitForURL((url) => url.pathname !== '/Login');
    // The notice gid 3 contributors acknowledge once.
    const notice = page.getByTestId('notice-ack');
    await notice.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await notice.isVisible()) await tap(page, 'notice-ack');
    // The sign-in page may still be moving on to the home page; a navigation it interrupts is made again.
    await eventually(
      async () => {
        await page.goto(`${env.server.url}/MaterialCenter`).catch(() => undefined);
        return page.getByTestId('center-bill').waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    await checkPage(page, 'material-center-zh');
    const work = page.getByTestId('center-item-title').first();
    if ((await work.count()) > 0) {
      await work.tap();
      await page.waitForURL((url) => url.pathname === '/WorkDetail');
      await checkPage(page, 'work-detail-zh');
      await page.goBack();
    }
    await tap(page, 'center-bill');
    await page.waitForURL((url) => url.pathname === '/Bill');
    await page.getByTestId('bill-total').waitFor();
    await checkPage(page, 'bill-zh');
    await page.getByTestId('lang-toggle').tap();
    await page.getByRole('heading', { level: 1, name: 'Billing and statements' }).waitFor();
    await checkPage(page, 'bill-en');
    await context.close();
  });

  it('opens every page of the store at the device width without sideways scroll, details from their lists', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13900000413');
    await page.waitForURL((url) => url.pathname !== '/Login');
    const name = (path) => `every-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home'}`;
    // Every page is opened and every problem reported at once, not the first alone.
    const problems = [];
    const open = async (path) => {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('#main').waitFor();
      await checkPage(page, name(path)).catch((error) => problems.push(error.message));
    };
    const pages = [
      '/', '/About', '/working', '/test', '/404', '/no-such-page', '/MaterialList', '/Questions', '/SearchResult?type=video', '/ImgSearchResult?type=pic', '/ImageSearch',
      '/Music', '/PlayList', '/P5Shop', '/TopicList', '/Cart', '/Collect', '/Boards', '/Board?id=999999', '/SharedBoard?token=nothing', '/PurchaseRequests',
      '/Putorder', '/OrderList', '/OrderMaterialList', '/OrderSuccess', '/OrderMusic', '/LicenceVerify', '/Bill', '/DownloadList', '/UserCenter', '/MaterialCenter',
      '/join', '/mailconfirm', '/Vip', '/vip', '/VipOrder', '/Shop', '/ActivityList', '/postActivityList', '/OriginList', '/CaseList', '/ContentList', '/score',
      '/8k2021', '/8k2022', '/8k2023', '/8k2024', '/canon2022', '/canon2022autumn', '/howToGetHighQualityVideo', '/howToGetMoreSaleChance', '/howToUseUploadTool',
      '/fcb1year', '/fcb1year/m1', '/fcb1year/m2', '/fcb1year/m3',
    ];
    for (const path of pages) await open(path);
    // The pages that show one thing, reached from their lists as a person would.
    const firstLink = async (list, prefix) => {
      await page.goto(`${env.server.url}${list}`);
      const link = page.locator(`a[href^="${prefix}"]`).first();
      await link.waitFor();
      return link.getAttribute('href');
    };
    for (const [list, prefix] of [
      ['/SearchResult?type=video', '/Detail?'], ['/ImgSearchResult?type=pic', '/DetailPic?'], ['/Music', '/DetailMusic?'], ['/PlayList', '/PlayListDetail?'],
      ['/TopicList', '/Topic?'], ['/Shop', '/ProductDetail?'], ['/ActivityList', '/ActivityDetail?'], ['/postActivityList', '/postActivityDetail?'], ['/CaseList', '/Case?'],
    ]) {
      await open(await firstLink(list, prefix));
    }
    await page.getByTestId('lang-toggle').tap();
    for (const path of ['/', '/Vip', '/ActivityList', '/Collect']) await open(path);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('lets a judge score a work on /score', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/score`);
    await page.getByTestId('judge-key').fill('JUDG-E2K7-DEMQ-W8N3-PZ5R');
    await tap(page, 'judge-sign-in');
    await page.getByTestId('judging').waitFor();
    // The demo's entries render in the background on a first start.
    await eventually(async () => {
      if ((await page.getByTestId('judge-work').count()) > 0) return true;
      await page.reload();
      await page.getByTestId('judging').waitFor();
      return false;
    }, { timeoutMs: 60_000, intervalMs: 1_000 });
    const work = page.getByTestId('judge-work').first();
    await checkPage(page, 'score-zh');
    await work.getByTestId('judge-score').fill('9');
    await tap(page, 'judge-save');
    await work.getByTestId('judge-score-message').getByText('已保存').waitFor();
    await eventually(async () => /\b9\b/.test(await work.getByTestId('judge-my-score').textContent()));
    await page.getByTestId('lang-toggle').tap();
    // The confirmation follows the language too.
    await work.getByTestId('judge-score-message').getByText('Saved').waitFor();
    await checkPage(page, 'score-en');
    await context.close();
  });
});
