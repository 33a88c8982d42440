import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openUserMenu, signInOnStore, useServerAndBrowser } from './harness.mjs';

/**
 * The store's /Bill page: a contributor who has sold nothing yet opens it from the user menu and
 * sees zero earnings and no statements, in Chinese and in English, and finds it from the
 * material centre too; a buyer has no menu entry and is refused on the page itself.
 * Screenshots go to SCREENSHOT_DIR when it is set.
 */
describe('contributor billing page in a real browser', () => {
  const env = useServerAndBrowser({ before, after });
  const shots = process.env.SCREENSHOT_DIR;
  if (shots) mkdirSync(shots, { recursive: true });
  const shoot = async (page, name) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
  };

  const signIn = (page, account) => signInOnStore(env.server, page, account);


  const text = async (page, testId) => (await page.getByTestId(testId).innerText()).trim();

  async function expectNothingEarnedYet(page) {
    await page.getByTestId('bill-total').waitFor();
    assert.equal(await text(page, 'bill-total'), '¥0.00');
    assert.equal(await text(page, 'bill-remitted'), '¥0.00');
    assert.equal(await text(page, 'bill-unstated'), '¥0.00');
    await page.getByTestId('bill-statements-empty').waitFor();
    assert.equal(await page.getByTestId('bill-statement').count(), 0);
  }

  it('shows a new contributor zero earnings and no statements, in Chinese and English', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, '13800000003');
    // gid 3 first acknowledges that photo rights are included; the page reloads.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('notice-ack').click()]);
    await openUserMenu(page);
    assert.equal(await text(page, 'menu-bill'), '结算账单');
    await page.getByTestId('menu-bill').click();
    await page.waitForURL((url) => url.pathname === '/Bill');
    await page.getByRole('heading', { level: 1, name: '结算账单' }).waitFor();
    await expectNothingEarnedYet(page);
    assert.match(await text(page, 'bill-statements-empty'), /暂无结算单/);
    assert.match(await text(page, 'bill-quarters-empty'), /暂无销售收益/);
    assert.match(await text(page, 'bill-best-empty'), /暂无售出的素材/);
    // A white route (spec: /Bill (W)).
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await shoot(page, 'bill-empty-zh');

    await page.getByTestId('lang-toggle').click();
    await page.getByRole('heading', { level: 1, name: 'Billing and statements' }).waitFor();
    await page.getByTestId('bill-statements-empty').getByText('No statements yet').waitFor();
    await expectNothingEarnedYet(page);
    assert.match(await text(page, 'bill-quarters-empty'), /No sales yet/);
    await page.getByText('Not yet in a statement').waitFor();
    await shoot(page, 'bill-empty-en');

    // The material centre links here too.
    await page.goto(`${env.server.url}/MaterialCenter`);
    await page.getByTestId('center-bill').click();
    await page.waitForURL((url) => url.pathname === '/Bill');
    await page.getByTestId('bill-statements-empty').waitFor();
    await context.close();
  });

  it('refuses a buyer, without a menu entry, with the message on the page', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, '13800000001');
    // The sign-in page moves on after the menu appears; a click before that move is undone by it.
    await page.waitForURL((url) => url.pathname !== '/Login');
    await openUserMenu(page);
    assert.equal(await page.getByTestId('menu-bill').count(), 0);

    await page.goto(`${env.server.url}/Bill`);
    await page.getByTestId('bill-refused').waitFor();
    assert.match(await text(page, 'bill-refused'), /结算账单仅对签约供稿人开放/);
    assert.equal(await page.getByTestId('bill-total').count(), 0);
    assert.equal(await page.getByTestId('bill-statements').count(), 0);
    await shoot(page, 'bill-refused-zh');

    // The server says no as well, whatever the page shows.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/bill/earnings', { method: 'POST', headers: { 'content-type': 'application/json', access_token: localStorage.getItem('token') ?? '' }, body: '{}' });
      return response.status;
    });
    assert.equal(status, 403);

    await page.getByTestId('lang-toggle').click();
    await page.getByTestId('bill-refused').getByText('Billing and statements are for contracted contributors only').waitFor();
    await shoot(page, 'bill-refused-en');
    await context.close();
  });
});
