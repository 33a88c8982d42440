import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the pages, in both languages. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const DEMO_JUDGE_KEY = 'JUDG-E2K7-DEMQ-W8N3-PZ5R';

/**
 * What people read instead of codes (issue 37 item 21): the console's statuses, kinds and
 * contributors in words and names, the store's footage type in the page's language, a shop order's
 * title in /OrderList, one <main> on /UserCenter, and a judge's click on a video playing it.
 */
describe('labels and names instead of codes, in the console and the store', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** A store call; answers `data`, throws on a refusal. */
  async function store(token, path, body = {}) {
    const response = await fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) }, body: JSON.stringify(body) });
    const reply = await response.json();
    if (reply.code !== 0) throw new Error(`${path}: ${response.status} ${reply.code} ${reply.message}`);
    return reply.data;
  }
  async function admin(token, method, path, body) {
    const response = await fetch(`${env.server.url}/admin-api${path}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  const filter = (value) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
  /** @type {Map<string, Promise<string>>} */
  const tokens = new Map();
  /** A store session per account, signed in once (sign-in codes are limited to one a minute). */
  function storeToken(account) {
    if (!tokens.has(account)) tokens.set(account, signIn(account));
    return tokens.get(account);
  }
  async function signIn(account) {
    const earlier = await env.server.mailboxCode(account);
    await store(null, '/user/code/send', { account });
    const code = await eventually(async () => {
      const latest = await env.server.mailboxCode(account);
      return latest !== earlier ? latest : undefined;
    });
    return (await store(null, '/user/login', { account, code })).token;
  }
  async function storePage(language, viewport = { width: 1400, height: 900 }) {
    const context = await env.browser.newContext({ viewport });
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    return context.newPage();
  }

  it('names the review’s kind, status and contributor (nickname, masked phone, a link to the user) in the Chinese and English console', async () => {
    const token = await storeToken('13800000003');
    await store(token, '/user/protocol/agree');
    const contributorId = (await store(token, '/session')).id;
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3d5a80' } }).jpeg({ quality: 80 }).toBuffer();
    const fileName = 'harbour-labels.jpg';
    const plan = await store(token, '/upload/token/photo', { fileName, fileSize: photo.length, width: 4000, height: 3000 });
    const { parts } = await store(token, '/upload/ali/sts', { filePath: plan.filePath, partNumbers: Array.from({ length: plan.partCount }, (_, i) => i + 1) });
    for (const { partNumber, url } of parts) {
      const body = photo.subarray((partNumber - 1) * plan.partSize, partNumber * plan.partSize);
      const put = await fetch(url.startsWith('/') ? `${env.server.url}${url}` : url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } });
      assert.equal(put.status, 200);
    }
    const uploaded = await store(token, '/upload/photo/success', { fileName, filePath: plan.filePath, fileSize: photo.length, platform: 'web', width: 4000, height: 3000 });
    await eventually(async () => (await store(token, '/upload/material/detail', { id: uploaded.id })).status === 'waiting', { timeoutMs: 60_000, intervalMs: 250 });

    // The reviewer (no contact-details access) reads words and the contributor's masked account.
    const reviewer = await staffSignIn(env, 'reviewer', 'reviewer12345');
    const page = reviewer.page;
    await page.goto(`${env.server.url}/admin/reviews`);
    const row = page.locator('tbody tr').filter({ hasText: fileName });
    await row.getByTestId('review-list-contributor').waitFor();
    const rowText = await row.innerText();
    assert.match(rowText, /图片/);
    assert.match(rowText, /待审核/);
    assert.doesNotMatch(rowText, /\bphoto\b|\bwaiting\b/);
    assert.equal(await row.getByTestId('review-list-contributor').innerText(), '摄影师小林 (gid 3) · 138****0003');
    assert.doesNotMatch(rowText, new RegExp(contributorId));
    await shoot(page, 'labels-01-console-reviews-zh');

    await page.goto(`${env.server.url}/admin/reviews/${uploaded.id}/show`);
    const contributor = page.getByTestId('review-contributor');
    await contributor.waitFor();
    assert.equal(await contributor.innerText(), '摄影师小林 (gid 3) · 138****0003');
    const show = await page.locator('body').innerText();
    assert.match(show, /类型\s*图片/);
    assert.match(show, /状态\s*待审核/);
    await shoot(page, 'labels-02-console-review-zh');
    // The name is a link to the user's page.
    await contributor.click();
    await page.waitForURL((url) => url.pathname.endsWith(`/admin/users/${contributorId}/show`));

    // Approved: the review says so in words, and the material names its contributor.
    await admin(reviewer.token, 'PUT', `/reviews/${uploaded.id}`, { decision: 'approve', titleZh: '港湾标签', titleEn: 'Harbour labels' });
    const material = await eventually(async () => {
      const rows = await admin(reviewer.token, 'GET', `/materials?${filter({ q: 'Harbour labels', kind: 'photo' })}`);
      return rows.find((one) => one.contributorId === contributorId && one.status === 'published');
    }, { timeoutMs: 30_000, intervalMs: 250 });
    await page.goto(`${env.server.url}/admin/reviews/${uploaded.id}/show`);
    await page.getByTestId('review-contributor').waitFor();
    assert.match(await page.locator('body').innerText(), /状态\s*已上架/);
    await page.goto(`${env.server.url}/admin/materials/${material.id}/show`);
    assert.equal(await page.getByTestId('material-contributor').innerText(), '摄影师小林 (gid 3) · 138****0003');
    await shoot(page, 'labels-03-console-material-zh');

    // The same in English.
    await page.evaluate(() => localStorage.setItem('admin_locale', 'en'));
    await page.goto(`${env.server.url}/admin/reviews/${uploaded.id}/show`);
    await page.getByTestId('review-contributor').waitFor();
    const english = await page.locator('body').innerText();
    assert.match(english, /Type\s*Photo/);
    assert.match(english, /Status\s*Published/);
    await shoot(page, 'labels-04-console-review-en');
    await reviewer.context.close();
  });

  it('shows the reviewer a photo sent again, changed, as the contributor’s own near-duplicate, in both languages', async () => {
    const token = await storeToken('13800000003');
    // Agreed to in the test before, when that one ran.
    await store(token, '/user/protocol/agree').catch((error) => {
      if (!/ 2202 /.test(error.message)) throw error;
    });
    const send = async (fileName, photo) => {
      const { width, height } = await sharp(photo).metadata();
      const plan = await store(token, '/upload/token/photo', { fileName, fileSize: photo.length, width, height });
      const { parts } = await store(token, '/upload/ali/sts', { filePath: plan.filePath, partNumbers: Array.from({ length: plan.partCount }, (_, i) => i + 1) });
      for (const { partNumber, url } of parts) {
        const body = photo.subarray((partNumber - 1) * plan.partSize, partNumber * plan.partSize);
        await fetch(url.startsWith('/') ? `${env.server.url}${url}` : url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } });
      }
      const uploaded = await store(token, '/upload/photo/success', { fileName, filePath: plan.filePath, fileSize: photo.length, platform: 'web', width, height });
      await eventually(async () => (await store(token, '/upload/material/detail', { id: uploaded.id })).status === 'waiting', { timeoutMs: 60_000, intervalMs: 250 });
      return uploaded;
    };
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="100%" height="100%" fill="#2b2d42"/>' +
      '<circle cx="2600" cy="1100" r="650" fill="#ef233c"/><rect x="500" y="1700" width="1800" height="900" fill="#edf2f4"/><rect x="3000" y="2100" width="600" height="500" fill="#8d99ae"/></svg>';
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
    const first = await send('red-moon.jpg', photo);
    // The same picture, re-encoded and a little smaller, under another name.
    const again = await send('red-moon-final.jpg', await sharp(photo).resize(3800).jpeg({ quality: 60 }).toBuffer());

    const reviewer = await staffSignIn(env, 'reviewer', 'reviewer12345');
    const page = reviewer.page;
    for (const [locale, relation, owner] of [['zh-CN', '同一素材', '同一供稿人此前已上传'], ['en', 'The same footage', 'Sent before by the same contributor']]) {
      await page.evaluate((value) => localStorage.setItem('admin_locale', value), locale);
      await page.goto(`${env.server.url}/admin/reviews/${again.id}/show`);
      const duplicates = page.getByTestId('review-duplicates');
      await duplicates.waitFor();
      assert.match(await duplicates.innerText(), new RegExp(`#${first.id} · red-moon\\.jpg`));
      assert.equal(await duplicates.getByTestId('review-duplicate-relation').innerText(), relation);
      assert.equal(await duplicates.getByTestId('review-duplicate-owner').innerText(), owner);
      await shoot(page, `labels-06-console-duplicate-${locale}`);
    }
    await reviewer.context.close();
  });

  it('shows the footage type in the page’s language on a video’s detail page', async () => {
    const staff = await staffSignIn(env, 'admin', 'admin12345');
    const [video] = await admin(staff.token, 'GET', `/materials?${filter({ kind: 'video', status: 'published' })}`);
    await staff.context.close();
    for (const [language, label, value] of [['zh-CN', '素材类型', '已调色'], ['en', 'Footage type', 'Graded']]) {
      const page = await storePage(language);
      await page.goto(`${env.server.url}/Detail?id=${video.id}&mdp=6`);
      await page.getByTestId('detail-specs').waitFor();
      const specs = await page.getByTestId('detail-specs').evaluate((dl) => Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.trim()])));
      assert.equal(specs[label], value);
      await shoot(page, `labels-05-detail-${language}`);
      await page.context().close();
    }
  });

  it('titles a shop order in /OrderList with the product, and /UserCenter has one <main>', async () => {
    const sales = await admin(null, 'POST', '/auth/login', { username: 'sales', password: 'sales12345' });
    const product = await admin(sales.token, 'POST', '/shop-products', { nameZh: '标签视频包 · 3 条', nameEn: 'Label video pack · 3 clips', descriptionZh: '30 天内任选 3 条视频。', descriptionEn: 'Any 3 clips within 30 days.', priceFen: 9000, videoCount: 3, photoCount: 0, validDays: 30, licenceType: 'commercial' });
    // The language is switched below as the store's toggle keeps it (no init script setting it back).
    const page = await (await env.browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await signInOnStore(env.server, page, '13800000001');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await store(token, '/shop/order/create', { productId: product.id, licensee: '演示买家' });
    for (const [language, name] of [['zh-CN', '标签视频包 · 3 条'], ['en', 'Label video pack · 3 clips']]) {
      await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
      await page.goto(`${env.server.url}/OrderList`);
      await page.getByTestId('order-row').first().waitFor();
      const summaries = await page.getByTestId('order-summary').allInnerTexts();
      assert.ok(summaries.includes(name), `${name} in ${JSON.stringify(summaries)}`);
      assert.ok(summaries.every((summary) => summary.trim() !== ''), `no empty title in ${JSON.stringify(summaries)}`);
      await shoot(page, `labels-06-order-list-${language}`);

      await page.goto(`${env.server.url}/UserCenter?tab=profile`);
      await page.getByTestId('user-center-content').waitFor();
      assert.equal(await page.locator('main').count(), 1);
      assert.equal(await page.getByRole('main').count(), 1);
      assert.equal(await page.getByRole('region', { name: language === 'en' ? 'Profile' : '个人资料' }).count(), 1);
    }
    await shoot(page, 'labels-07-user-center-en');
    await page.context().close();
  });

  it('plays a judge’s video on /score when it is clicked', async () => {
    for (const language of ['zh-CN', 'en']) {
      const page = await storePage(language);
      await page.goto(`${env.server.url}/score`);
      await page.getByTestId('judge-key').fill(DEMO_JUDGE_KEY);
      await page.getByTestId('judge-sign-in').click();
      await page.getByTestId('judging').waitFor();
      const video = page.getByTestId('judge-work').locator('video').first();
      await video.waitFor({ timeout: 15_000 });
      assert.equal(await video.evaluate((node) => node.paused), true);
      // A click on the picture, away from any button.
      await video.click({ position: { x: 40, y: 40 } });
      await eventually(() => video.evaluate((node) => !node.paused && node.currentTime > 0.2), { timeoutMs: 15_000, intervalMs: 200 });
      await shoot(page, `labels-08-score-playing-${language}`);
      await page.context().close();
    }
  });
});
