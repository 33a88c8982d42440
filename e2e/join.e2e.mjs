import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/** Set SCREENSHOT_DIR=<dir> to keep screenshots of /join in both languages and widths, and of the console review. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const PHONE = '13900000921';
const TOO_FEW_ZH = '请上传至少 20 张代表作品（仅限 jpg 或 png，每张不超过 5MB）';

/** Real JPEG and PNG bytes, each picture its own colour. */
async function images(count, from = 0) {
  const files = [];
  for (let i = from; i < from + count; i += 1) {
    const image = sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: (i * 53) % 256, g: (i * 97) % 256, b: 140 } } });
    const png = i % 3 === 0;
    files.push({ name: `work-${i + 1}.${png ? 'png' : 'jpg'}`, mimeType: png ? 'image/png' : 'image/jpeg', buffer: await (png ? image.png() : image.jpeg()).toBuffer() });
  }
  return files;
}

describe('signing as a photographer (/join)', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  const noSidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('asks a visitor to sign in, on a phone without sideways scrolling, in both languages', async () => {
    for (const lang of ['zh-CN', 'en']) {
      const context = await env.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
      await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
      const page = await context.newPage();
      await page.goto(`${env.server.url}/join`);
      await page.getByTestId('join-page').waitFor();
      await page.getByTestId('orders-sign-in').waitFor();
      assert.ok(await noSidewaysScroll(page));
      await shoot(page, `join-visitor-375-${lang}`);
      await context.close();
    }
  });

  it('refuses 19 images with the rule, takes 20, and once approved in the console the applicant gets the upload entry', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, PHONE);
    // The footer's link leads here.
    await page.locator('footer a[href="/join"]').first().click();
    await page.getByTestId('join-form').waitFor();
    assert.equal(new URL(page.url()).pathname, '/join');
    assert.equal(await page.getByTestId('header-upload').count(), 0);

    // Sending the empty form marks every required field.
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-real-name-problem').waitFor();
    await page.getByTestId('join-problem-platforms').waitFor();
    await page.getByTestId('join-theme-problem').waitFor();
    await shoot(page, 'join-empty-errors-1280-zh-CN');

    await page.getByTestId('join-platform-url-0').fill('https://www.xinpianchang.com/u10086');
    await page.getByTestId('join-video-0').fill('https://pan.baidu.com/s/1abc');
    await page.getByTestId('join-real-name').fill('李光影');
    await page.getByTestId('join-id-number').fill('11010519491231002X');
    await page.getByTestId('join-wechat').fill('lumen_photo');
    await page.getByTestId('join-address').fill('浙江省杭州市西湖区文三路 1 号');
    await page.getByTestId('join-quantity').fill('300');
    await page.getByTestId('join-creation-aerial').check();
    await page.getByTestId('join-creation-timelapse').check();
    await page.getByTestId('join-theme-landscape').check();
    await page.getByTestId('join-intro').fill('航拍十年，擅长城市夜景与自然风光。');

    // A cloud-drive link is refused before anything is sent.
    await page.getByTestId('join-submit').click();
    assert.match(await page.getByTestId('join-problem-videoLinks').textContent(), /网盘/);
    await page.getByTestId('join-video-0').fill('https://www.bilibili.com/video/BV1xx411c7mD');

    // A file that is not a jpg or png is refused at once; then 19 real images upload with progress.
    await page.getByTestId('join-images-input').setInputFiles([{ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await page.locator('[data-testid=join-image][data-state=failed]').waitFor();
    await page.locator('[data-testid=join-image][data-state=failed] button').click();
    const pictures = await images(20);
    await page.getByTestId('join-images-input').setInputFiles(pictures.slice(0, 19));
    await eventually(async () => (await page.getByTestId('join-images-count').getAttribute('data-done')) === '19', { timeoutMs: 60_000, intervalMs: 250 });
    await page.getByTestId('join-submit').click();
    assert.equal(await page.getByTestId('join-problem-images').textContent(), TOO_FEW_ZH);
    assert.equal(await page.getByTestId('join-history').count(), 0);
    await shoot(page, 'join-19-images-1280-zh-CN');

    // The server applies the same rule: 19 stored images are refused with the same message.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const ids = await page.evaluate(async (accessToken) => {
      const ids = [];
      for (let i = 0; i < 19; i += 1) {
        const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 64 });
        const context = canvas.getContext('2d');
        context.fillStyle = `rgb(${i * 12}, 80, 160)`;
        context.fillRect(0, 0, 64, 64);
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
        const call = async (path, body) => (await fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: accessToken, 'accept-language': 'zh-CN' }, body: JSON.stringify(body) })).json();
        const link = await call('/signing/file/link', { kind: 'image', contentType: 'image/png', size: blob.size });
        await fetch(link.data.url, { method: 'PUT', body: blob });
        ids.push((await call('/signing/file/complete', { fileId: link.data.fileId })).data.fileId);
      }
      return ids;
    }, token);
    const refused = await (
      await fetch(`${env.server.url}/api/signing/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token, 'accept-language': 'zh-CN' },
        body: JSON.stringify({ platforms: [{ platform: 'bilibili', url: 'https://space.bilibili.com/1' }], videoLinks: [], realName: '李光影', idNumber: '11010519491231002X', address: '杭州', wechatId: 'lumen_photo', quantity: 300, creationForms: ['aerial'], themes: ['city'], imageIds: ids }),
      })
    ).json();
    assert.equal(refused.code, 2710);
    assert.equal(refused.message, TOO_FEW_ZH);

    // The twentieth image, then the application goes.
    await page.getByTestId('join-images-input').setInputFiles(pictures.slice(19));
    await eventually(async () => (await page.getByTestId('join-images-count').getAttribute('data-done')) === '20', { timeoutMs: 30_000, intervalMs: 250 });
    await shoot(page, 'join-form-1280-zh-CN');
    await page.getByTestId('join-submit').click();
    const application = page.locator('[data-testid=join-application][data-status=pending]');
    await application.waitFor();
    await page.getByTestId('join-blocked-pending').waitFor();
    assert.equal(await page.getByTestId('join-form').count(), 0);
    const applicationId = (await application.getByTestId('join-application-id').textContent()).trim();
    assert.match(applicationId, /^[0-9a-f-]{36}$/);
    assert.match(await application.getByTestId('join-application-time').textContent(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await shoot(page, 'join-pending-1280-zh-CN');

    // The status view in English and on a phone.
    const phone = await env.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await phone.addInitScript((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('lang', 'en');
    }, token);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${env.server.url}/join`);
    await phonePage.getByTestId('join-blocked-pending').waitFor();
    assert.ok(await noSidewaysScroll(phonePage));
    await shoot(phonePage, 'join-pending-375-en');

    // A reviewer opens it in the console: 20 images side by side, then approves video uploads only.
    const staff = await staffSignIn(env, 'reviewer', 'reviewer12345');
    await staff.page.setViewportSize({ width: 1400, height: 1000 });
    await staff.page.goto(`${env.server.url}/admin/signing-applications/${applicationId}/show`);
    await staff.page.getByTestId('admin-signing-name').waitFor();
    await eventually(async () => (await staff.page.getByTestId('admin-signing-image').count()) === 20);
    await eventually(() => staff.page.getByTestId('admin-signing-image').first().evaluate((img) => img.complete && img.naturalWidth > 0));
    await shoot(staff.page, 'console-signing-show');
    await staff.page.getByTestId('admin-signing-approve').click();
    await staff.page.getByTestId('admin-signing-approve-dialog').waitFor();
    await staff.page.getByTestId('admin-signing-photo-flag').uncheck();
    await shoot(staff.page, 'console-signing-approve');
    await staff.page.getByTestId('admin-signing-approve-submit').click();
    await staff.page.waitForURL((url) => url.pathname === '/admin/signing-applications');
    await staff.context.close();

    // Next time the applicant comes: the contributor notice, then the upload entry.
    await page.reload();
    await page.getByTestId('contributor-notice').waitFor();
    // Acknowledging reloads the page (the session's rights change); wait for that load, or the next
    // navigation races it and is aborted.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('notice-ack').click()]);
    await page.getByTestId('header-upload').waitFor();
    const rights = await (await fetch(`${env.server.url}/api/session`, { method: 'POST', headers: { access_token: token } })).json();
    assert.deepEqual([rights.data.gid, rights.data.signFlag, rights.data.videoFlag, rights.data.photoFlag], [3, true, true, false]);
    await page.goto(`${env.server.url}/join`);
    await page.getByTestId('join-blocked-approved').waitFor();
    await page.locator('[data-testid=join-application][data-status=approved]').waitFor();
    await shoot(page, 'join-approved-1280-zh-CN');
    await phone.close();
    await context.close();
  });

  it('shows a form that fits a phone in English, with the rule messages', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13900000922');
    await page.goto(`${env.server.url}/join`);
    await page.getByTestId('join-form').waitFor();
    await page.getByTestId('join-images-input').setInputFiles(await images(3, 40));
    await eventually(async () => (await page.getByTestId('join-images-count').getAttribute('data-done')) === '3', { timeoutMs: 30_000, intervalMs: 250 });
    await page.getByTestId('join-submit').click();
    assert.equal(await page.getByTestId('join-problem-images').textContent(), 'Please upload at least 20 representative images (jpg or png only, each 5MB or less)');
    assert.ok(await noSidewaysScroll(page));
    await shoot(page, 'join-form-375-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await context.close();

    const desktop = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await desktop.addInitScript(() => localStorage.setItem('lang', 'en'));
    const desktopPage = await desktop.newPage();
    await signInOnStore(env.server, desktopPage, '13900000923');
    await desktopPage.goto(`${env.server.url}/join`);
    await desktopPage.getByTestId('join-form').waitFor();
    await shoot(desktopPage, 'join-form-1280-en');
    await desktop.close();

    const chinesePhone = await env.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const chinesePage = await chinesePhone.newPage();
    await signInOnStore(env.server, chinesePage, '13900000924');
    await chinesePage.goto(`${env.server.url}/join`);
    await chinesePage.getByTestId('join-form').waitFor();
    await chinesePage.getByTestId('join-submit').click();
    await chinesePage.getByTestId('join-real-name-problem').waitFor();
    assert.ok(await noSidewaysScroll(chinesePage));
    await shoot(chinesePage, 'join-form-375-zh-CN');
    await chinesePhone.close();
  });
});
