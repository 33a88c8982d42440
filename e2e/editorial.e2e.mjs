import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, staffSignIn, useServerAndBrowser } from './harness.mjs';

/** Set E2E_SCREENSHOTS=<dir> to keep screenshots of the editorial pages in both languages, desktop and phone. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('editorial pages in a real browser', () => {
  const env = useServerAndBrowser({ before, after });

  async function storeCall(path, body) {
    const response = await fetch(`${env.server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  /** The demo entries are written after the demo catalogue's first wave: wait for them. */
  async function demoCases() {
    return eventually(
      async () => {
        const { body } = await storeCall('/editorial/list', { kind: 'case', pageSize: 48 });
        return body.data?.total > 0 ? body.data : null;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  }

  async function open(lang, viewport) {
    const context = await env.browser.newContext({ viewport });
    await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
    return { context, page: await context.newPage() };
  }

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  it('shows the same brand cases at /CaseList and /ContentList, opens one and follows a related card to /Detail', async () => {
    const cases = await demoCases();
    const { context, page } = await open('zh-CN', DESKTOP);
    await page.goto(`${env.server.url}/CaseList`);
    await page.getByTestId('editorial-card').first().waitFor();
    const listed = await page.getByTestId('editorial-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-id')));
    assert.deepEqual(listed, cases.list.map((entry) => String(entry.id)));
    await shoot(page, 'caselist-zh-desktop');

    await page.goto(`${env.server.url}/ContentList`);
    await page.getByTestId('editorial-card').first().waitFor();
    assert.deepEqual(await page.getByTestId('editorial-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-id'))), listed);
    assert.equal(await page.getByTestId('editorial-list').getAttribute('data-kind'), 'case');

    await page.getByTestId('editorial-card').first().click();
    await page.waitForURL(new RegExp(`/Case\\?id=${listed[0]}$`));
    await page.getByTestId('case-title').waitFor();
    const { body } = await storeCall('/editorial/detail', { id: Number(listed[0]) });
    const entry = body.data;
    assert.ok(entry.brand, 'a case names its brand');
    assert.match(await page.getByTestId('case-brand').innerText(), new RegExp(entry.brand === 'Far Hills Outdoor' ? '远山户外' : '.'));
    const cards = page.getByTestId('material-card');
    await cards.first().waitFor();
    assert.equal(await cards.count(), entry.related.length);
    assert.ok(entry.related.length >= 3, `related ${entry.related.length}`);
    assert.deepEqual(await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-id'))), entry.related.map((card) => String(card.id)));
    if (entry.featured?.kind === 'video') {
      const video = page.getByTestId('case-featured').locator('video');
      await eventually(() => video.evaluate((el) => el.readyState >= 2 && el.videoWidth > 0 && !el.paused), { timeoutMs: 15_000 });
    }
    await shoot(page, 'case-zh-desktop');

    const firstVideo = entry.related.find((card) => card.kind === 'video' && card.from !== 'external');
    assert.ok(firstVideo, 'a related video');
    const index = entry.related.indexOf(firstVideo);
    await cards.nth(index).locator('a').first().click();
    await page.waitForURL(new RegExp(`/Detail\\?id=${firstVideo.id}`));
    await page.getByTestId('detail-title').waitFor();
    await context.close();
  });

  it('lists original content apart and explains a missing or unknown entry with a way on', async () => {
    await demoCases();
    const { context, page } = await open('en', DESKTOP);
    await page.goto(`${env.server.url}/OriginList`);
    await page.getByTestId('editorial-card').first().waitFor();
    assert.equal(await page.getByTestId('editorial-list').getAttribute('data-kind'), 'original');
    assert.match(await page.locator('h1').innerText(), /Original content/);
    await shoot(page, 'originlist-en-desktop');
    await page.getByTestId('editorial-card').first().click();
    await page.getByTestId('case-title').waitFor();
    await shoot(page, 'original-en-desktop');

    await page.goto(`${env.server.url}/Case`);
    await page.getByTestId('case-missing').waitFor();
    assert.match(await page.getByTestId('case-missing').innerText(), /No page was chosen/);
    await shoot(page, 'case-missing-en');
    await page.getByRole('link', { name: 'All brand cases' }).click();
    await page.waitForURL(/\/CaseList$/);
    await page.getByTestId('editorial-card').first().waitFor();

    await page.goto(`${env.server.url}/Case?id=999999`);
    await page.getByTestId('case-missing').waitFor();
    assert.match(await page.getByTestId('case-missing').innerText(), /does not exist or is no longer online/);
    await context.close();
  });

  it('reads well on a phone in both languages', async () => {
    const cases = await demoCases();
    for (const lang of ['zh-CN', 'en']) {
      const { context, page } = await open(lang, PHONE);
      await page.goto(`${env.server.url}/CaseList`);
      await page.getByTestId('editorial-card').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling on /CaseList (${overflow}px)`);
      await shoot(page, `caselist-${lang}-phone`);
      await page.goto(`${env.server.url}/Case?id=${cases.list[0].id}`);
      await page.getByTestId('material-card').first().waitFor();
      await shoot(page, `case-${lang}-phone`);
      await context.close();
    }
  });

  it('lets sales edit an entry in the console and the store follows', async () => {
    const cases = await demoCases();
    const { context, page, token } = await staffSignIn(env, 'sales', 'sales12345');
    await page.setViewportSize(DESKTOP);
    await page.locator('a[href="/admin/editorial-entries"]').first().click();
    await page.locator('a[href^="/admin/editorial-entries/"]').first().waitFor();
    await shoot(page, 'console-list-zh');
    const id = cases.list[0].id;
    await page.goto(`${env.server.url}/admin/editorial-entries/${id}`);
    await page.getByTestId('topic-material-order').waitFor();
    await shoot(page, 'console-edit-zh');
    await page.locator('input[name=titleEn]').fill('Far Hills Outdoor: edited in the console');
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/editorial-entries'));
    const saved = await (await fetch(`${env.server.url}/admin-api/editorial-entries/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(saved.titleEn, 'Far Hills Outdoor: edited in the console');
    const { body } = await storeCall('/editorial/detail', { id });
    assert.equal(body.data.title, 'Far Hills Outdoor: edited in the console');
    await context.close();
  });
});
