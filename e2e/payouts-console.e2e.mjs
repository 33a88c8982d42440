import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, generateStatementsInConsole, signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/**
 * Contributor payouts in the console: finance generates a quarter's statements (none yet, as
 * nothing has been sold), is refused the quarter still running, is refused a share for an id that
 * is nobody's, sets one for a contributor never set before, and an administrator finds both in the
 * audit log.
 * Screenshots go to SCREENSHOT_DIR when it is set.
 */
describe('payouts console in a real browser', () => {
  const env = useServerAndBrowser({ before, after });
  const shots = process.env.SCREENSHOT_DIR;
  if (shots) mkdirSync(shots, { recursive: true });
  const shoot = async (page, name) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
  };
  /** The gid-3 demo contributor, once signed in on the store (the first test). */
  let contributorId;

  /** The quarter running now in UTC+8, which the server must refuse to close. */
  const current = (() => {
    const shifted = new Date(Date.now() + 8 * 3_600_000);
    return { year: shifted.getUTCFullYear(), quarter: Math.floor(shifted.getUTCMonth() / 3) + 1 };
  })();

  const generate = (page, year, quarter) => generateStatementsInConsole(page, { year, quarter });

  it('lets finance generate a closed quarter, refuses the running one, and sets a contributor share', async () => {
    const { context, page, token } = await staffSignIn(env, 'finance', 'finance12345');
    const api = (path) => fetch(`${env.server.url}/admin-api${path}`, { headers: { authorization: `Bearer ${token}` } });

    await page.locator('a[href="/admin/statements"]').first().click();
    await page.getByTestId('admin-statements-generate').waitFor();
    await shoot(page, 'payouts-01-statements');

    await generate(page, 2025, 1);
    await page.getByText('2025 Q1：已生成 0 份结算单').waitFor();
    await page.getByTestId('admin-statements-generate-dialog').waitFor({ state: 'detached' });
    await shoot(page, 'payouts-02-generated');

    await generate(page, current.year, current.quarter);
    await page.getByTestId('admin-statements-generate-error').getByText(`${current.year} 年第 ${current.quarter} 季度尚未结束，结束后才能生成结算单`).waitFor();
    await shoot(page, 'payouts-03-refused');
    // The dialog stays open on a refusal, so finance can pick another quarter.
    await page.getByTestId('admin-statements-generate-dialog').getByRole('button', { name: '取消' }).click();
    assert.equal((await (await api('/statements')).json()).length, 0);

    // An id that is nobody's (a typo, a buyer's id) is refused with the server's message, and nothing is stored.
    const nobody = randomUUID();
    await page.locator('a[href="/admin/contributor-shares"]').first().click();
    await page.getByTestId('admin-share-open-id').fill(nobody);
    await page.getByTestId('admin-share-open').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/admin/contributor-shares/${nobody}`));
    await page.locator('input[name=sharePercent]').fill('60');
    await page.getByTestId('admin-share-save').click();
    await page.getByText(`没有这位摄影师：${nobody} 未确认过供稿人协议、未上架过素材，也未通过实名认证`).waitFor();
    await shoot(page, 'payouts-04-share-unknown');
    assert.deepEqual(await (await api('/contributor-shares')).json(), []);

    // The gid-3 contributor acknowledges the agreement on the store: payouts learns of them from identity's event.
    const store = await env.browser.newContext();
    const storePage = await store.newPage();
    await signInOnStore(env.server, storePage, '13800000003');
    await Promise.all([storePage.waitForEvent('load'), storePage.getByTestId('notice-ack').click()]);
    const storeToken = await storePage.evaluate(() => localStorage.getItem('token'));
    contributorId = (await (await fetch(`${env.server.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: storeToken }, body: '{}' })).json()).data.id;
    await store.close();

    await page.goto(`${env.server.url}/admin/contributor-shares`);
    await page.getByTestId('admin-share-open-id').fill(`  ${contributorId.toUpperCase()} `);
    await page.getByTestId('admin-share-open').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/admin/contributor-shares/${contributorId}`));
    await page.getByTestId('admin-share-state').getByText('未单独设置').waitFor();
    await shoot(page, 'payouts-04-share-default');
    await page.locator('input[name=sharePercent]').fill('60');
    // The event may still be on its way: saved once payouts has it.
    await eventually(async () => {
      await page.getByTestId('admin-share-save').click();
      return page.waitForURL((url) => url.pathname.endsWith('/admin/contributor-shares'), { timeout: 2_000 }).then(() => true, () => false);
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await page.locator('table tbody tr').filter({ hasText: '60%' }).first().waitFor();
    await shoot(page, 'payouts-05-shares');

    const share = await (await api(`/contributor-shares/${contributorId}`)).json();
    assert.equal(share.sharePercent, 60);
    await context.close();
  });

  it('shows finance’s payouts changes to an administrator in the audit log, and hides payouts from sales', async () => {
    const { context, page, token } = await staffSignIn(env, 'admin', 'admin12345');
    const log = await eventually(async () => {
      const rows = await (await fetch(`${env.server.url}/admin-api/audit-logs?filter=${encodeURIComponent('{"resource":"contributor-shares"}')}`, { headers: { authorization: `Bearer ${token}` } })).json();
      return rows.find((row) => row.resourceId === contributorId);
    });
    assert.equal(log.staffUsername, 'finance');
    assert.equal(log.action, 'update');
    assert.equal(log.after.sharePercent, 60);

    await page.goto(`${env.server.url}/admin/audit-logs`);
    await page.locator('table tbody tr').filter({ hasText: contributorId }).first().waitFor();
    const generated = await (await fetch(`${env.server.url}/admin-api/audit-logs?filter=${encodeURIComponent('{"resource":"statements"}')}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.ok(generated.some((row) => row.action === 'generate' && row.resourceId === '2025Q1' && row.staffUsername === 'finance'));
    await page.locator('table tbody tr').filter({ hasText: contributorId }).first().click();
    await page.getByText('分成比例（%）').first().waitFor();
    await shoot(page, 'payouts-06-audit');
    await context.close();

    const sales = await staffSignIn(env, 'sales', 'sales12345');
    await sales.page.locator('a[href="/admin/orders"]').first().waitFor();
    assert.equal(await sales.page.locator('a[href="/admin/statements"]').count(), 0);
    const refused = await fetch(`${env.server.url}/admin-api/statements`, { headers: { authorization: `Bearer ${sales.token}` } });
    assert.equal(refused.status, 403);
    await sales.context.close();
  });
});
