import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { eventually, freePort, launchBrowser, startServer } from './harness.mjs';

/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the pages, in both languages. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
/** The README's demo judge key. */
const DEMO_JUDGE_KEY = 'JUDG-E2K7-DEMQ-W8N3-PZ5R';

/**
 * What the README promises of the demo contests, in the browser: the contest being reviewed
 * opens on /score with the demo judge key, the 2025 contest's published winners are on
 * /postActivityDetail, and the campaign pages are live with their contest's winners.
 */
describe('contests: the demo as the README describes it', () => {
  const env = { server: undefined, browser: undefined, db: undefined };

  before(async () => {
    const dbPort = await freePort();
    env.server = await startServer({ EMBEDDED_PG_PORT: String(dbPort) });
    env.browser = await launchBrowser();
    env.db = new pg.Client({ host: '127.0.0.1', port: dbPort, user: 'postgres', password: 'marketplace', database: 'marketplace' });
    await env.db.connect();
  });
  after(async () => {
    await env.db?.end();
    await env.browser?.close();
    await env.server?.stop();
  });

  /** A page in Chinese (the store's default) or English, chosen as the language switch keeps it. */
  async function storePage(language) {
    const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    return context.newPage();
  }

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  async function gameList() {
    const response = await fetch(`${env.server.url}/api/home/gameList`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify({ orderBy: 0 }) });
    return (await response.json()).data;
  }

  it('opens the contest being reviewed on /score with the README’s judge key, in both languages', async () => {
    const list = await gameList();
    assert.equal(list.total, 7);
    assert.equal(list.list.filter((contest) => contest.stage === 'review').length, 1);
    for (const language of ['zh-CN', 'en']) {
      const page = await storePage(language);
      await page.goto(`${env.server.url}/score`);
      await page.getByTestId('judge-key').fill(DEMO_JUDGE_KEY);
      await page.getByTestId('judge-sign-in').click();
      await page.getByTestId('judging').waitFor();
      await eventually(async () => (await page.getByTestId('judge-work').count()) === 2, { timeoutMs: 15_000 });
      assert.equal(await page.getByTestId('judge-error').count(), 0);
      await shoot(page, `demo-score-${language}`);
      await page.context().close();
    }
  });

  it('shows the 2025 contest’s published winners with their media', async () => {
    const past = (await gameList()).list.find((contest) => contest.title === '2025 Image Awards');
    assert.equal(past.resultsPublished, true);
    for (const language of ['zh-CN', 'en']) {
      const page = await storePage(language);
      await page.goto(`${env.server.url}/postActivityDetail?id=${past.id}`);
      await eventually(async () => (await page.getByTestId('winner').count()) > 6, { timeoutMs: 15_000 });
      const image = page.getByTestId('winner').locator('img').first();
      await image.evaluate((node) => (node.loading = 'eager'));
      await eventually(() => image.evaluate((node) => node.complete && node.naturalWidth === 1920), { timeoutMs: 15_000 });
      await shoot(page, `demo-past-winners-${language}`);
      await page.context().close();
    }
  });

  it('has every campaign page live with its contest’s winners; a page taken offline says so and leads to the contests, without a Retry that cannot help', async () => {
    for (const language of ['zh-CN', 'en']) {
      const page = await storePage(language);
      for (const path of ['/8k2021', '/8k2022', '/8k2023', '/8k2024', '/canon2022', '/canon2022autumn', '/fcb1year', '/fcb1year/m1', '/fcb1year/m2', '/fcb1year/m3']) {
        await page.goto(`${env.server.url}${path}`);
        await page.locator('[data-testid=campaign] h1').waitFor();
        assert.equal(await page.getByTestId('campaign-missing').count(), 0, path);
      }
      await page.goto(`${env.server.url}/8k2024`);
      await eventually(async () => (await page.getByTestId('winner').count()) > 0, { timeoutMs: 15_000 });
      await shoot(page, `demo-8k2024-${language}`);
      await page.context().close();
    }

    await env.db.query(`UPDATE "contests"."campaigns" SET "published" = false WHERE "slug" = 'canon2022'`);
    for (const [language, message, back] of [['zh-CN', '该活动页面暂未上线', '返回活动列表'], ['en', 'This campaign page is not online yet', 'Back to the contests']]) {
      const page = await storePage(language);
      await page.goto(`${env.server.url}/canon2022`);
      const missing = page.getByTestId('campaign-missing');
      await missing.waitFor();
      assert.match(await missing.textContent(), new RegExp(message));
      assert.equal(await missing.getByRole('button').count(), 0);
      await shoot(page, `demo-campaign-offline-${language}`);
      await missing.getByRole('link', { name: back }).click();
      await page.waitForURL((url) => url.pathname === '/ActivityList');
      await page.context().close();
    }
  });
});
