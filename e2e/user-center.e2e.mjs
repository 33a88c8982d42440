import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, openUserMenu, signInOnStore, useServerAndBrowser } from './harness.mjs';

/** Set SCREENSHOT_DIR=<dir> to keep screenshots of each tab and of the confirmation page. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const PHONE = '13900000911';
const EMAIL = 'user-centre@example.com';

describe('the user centre', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** The confirmation link of the newest mail to `to`, on this server. */
  async function mailedLink(to) {
    const link = await eventually(async () => {
      const response = await fetch(`${env.server.url}/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { messages } = await response.json();
      return messages[0]?.text.match(/https?:\/\/\S*\/mailconfirm\?token=[A-Za-z0-9_-]+/)?.[0];
    });
    const url = new URL(link);
    return `${env.server.url}${url.pathname}${url.search}`;
  }

  it('sets a nickname and picture, binds an e-mail through the mailed link, refuses the link twice and signs out everywhere', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, PHONE);
    const token = await page.evaluate(() => localStorage.getItem('token'));

    // The user menu's entry leads here.
    await openUserMenu(page);
    await page.getByTestId('menu-user-center').click();
    await page.getByTestId('user-center-page').waitFor();
    assert.equal(new URL(page.url()).pathname, '/UserCenter');

    // Profile: nickname and picture, both shown in the header's menu at once.
    await page.getByTestId('uc-nickname').fill('  光影 Lumen  ');
    await page.getByTestId('uc-nickname-save').click();
    await eventually(async () => (await page.getByTestId('user-menu-nickname').textContent()) === '光影 Lumen');
    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 40, g: 120, b: 210 } } }).png().toBuffer();
    await page.getByTestId('uc-avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByTestId('uc-avatar-upload').click();
    const menuAvatar = page.getByTestId('user-menu-avatar');
    await menuAvatar.waitFor();
    await eventually(() => menuAvatar.evaluate((img) => img.complete && img.naturalWidth === 256));
    // A file that is not a picture is refused before anything is sent.
    await page.getByTestId('uc-avatar-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByTestId('uc-avatar-error').waitFor();
    await shoot(page, 'profile');

    // Account: the phone masked, then an e-mail bound through the mailed link.
    await page.getByTestId('user-center-tab-account').click();
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'account');
    assert.equal(await page.getByTestId('uc-phone').textContent(), '139****0911');
    await page.getByTestId('uc-email-input').fill(EMAIL);
    await page.getByTestId('uc-email-send').click();
    await page.getByTestId('uc-email-sent').waitFor();
    await shoot(page, 'account-sent');
    const link = await mailedLink(EMAIL);
    await page.goto(link);
    await page.getByTestId('mail-confirm-confirmed').waitFor();
    await shoot(page, 'mailconfirm-confirmed');
    await page.getByTestId('mail-confirm-next').click();
    await eventually(async () => /^u\*+e@example\.com$/.test(await page.getByTestId('uc-email').textContent()));

    // The same link a second time.
    await page.goto(link);
    await page.getByTestId('mail-confirm-used').waitFor();
    await shoot(page, 'mailconfirm-used');

    for (const tab of ['vip', 'points', 'invoices']) {
      await page.goto(`${env.server.url}/UserCenter?tab=${tab}`);
      await page.getByTestId(`uc-${tab}`).waitFor();
      await shoot(page, tab);
    }

    // Security: every session ends, this one too, and the browser lands on the home page signed out.
    const otherDevice = await signInFromAnotherDevice();
    await page.getByTestId('user-center-tab-security').click();
    await page.getByTestId('uc-sign-out-all').click();
    await shoot(page, 'security-confirm');
    await page.getByTestId('uc-sign-out-all-confirm').click();
    await page.getByTestId('sign-in-link').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    for (const old of [token, otherDevice]) {
      const response = await fetch(`${env.server.url}/api/session`, { method: 'POST', headers: { access_token: old, 'content-type': 'application/json' }, body: '{}' });
      assert.equal(response.status, 401);
    }

    // A visitor is asked to sign in and comes back here afterwards.
    await page.goto(`${env.server.url}/UserCenter?tab=vip`);
    await page.getByTestId('orders-sign-in').waitFor();
    await shoot(page, 'visitor');
    await context.close();
  });

  it('fits a 375 px phone in both languages: no sideways scroll, every tab reachable', async () => {
    const signedIn = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signInOnStore(env.server, await signedIn.newPage(), '13900000912');
    const state = await signedIn.storageState();
    await signedIn.close();
    for (const lang of ['zh-CN', 'en']) {
      const context = await env.browser.newContext({ viewport: { width: 375, height: 760 }, storageState: state });
      const page = await context.newPage();
      await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
      await page.goto(`${env.server.url}/UserCenter?tab=profile`);
      await page.getByTestId('user-center-nickname').waitFor();
      for (const tab of ['account', 'security', 'vip', 'invoices', 'profile']) {
        await page.getByTestId(`user-center-tab-${tab}`).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === tab);
        const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        assert.ok(scroll <= inner, `${lang} ${tab}: no sideways scroll (${scroll} > ${inner})`);
      }
      await shoot(page, `phone-${lang}`);
      await context.close();
    }
  });

  /** Another device signs the same account in with the newly bound e-mail address, through the API. */
  async function signInFromAnotherDevice() {
    const call = (path, body) =>
      fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const sent = await call('/user/code/send', { account: EMAIL });
    assert.equal(sent.code, 0, sent.message);
    const code = await eventually(() => env.server.mailboxCode(EMAIL));
    const login = await call('/user/login', { account: EMAIL, code });
    assert.equal(login.code, 0, login.message);
    assert.equal(login.data.user.phone, PHONE);
    return login.data.token;
  }
});
