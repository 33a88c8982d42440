import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { useServerAndBrowser } from './harness.mjs';

describe('admin console in a real browser', () => {
  const env = useServerAndBrowser({ before, after });

  it('refuses a wrong password with the server message', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('wrong-password');
    await page.locator('button[type=submit]').click();
    await page.getByText('用户名或密码错误').first().waitFor();
    await context.close();
  });

  it('lets an admin sign in, edit a contributor, and find the change in the audit log', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('admin12345');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    assert.ok(token, 'console keeps the staff token');

    await page.goto(`${env.server.url}/admin/users`);
    await page.getByText('13800000002').first().waitFor();
    const [user] = await (
      await fetch(`${env.server.url}/admin-api/users?filter=${encodeURIComponent('{"q":"13800000002"}')}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();

    await page.goto(`${env.server.url}/admin/users/${user.id}`);
    await page.locator('input[name=nickname]').fill('摄影师老周 · 已编辑');
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname.endsWith(`/admin/users/${user.id}/show`));

    await page.goto(`${env.server.url}/admin/audit-logs`);
    await page.locator('table tbody tr').first().getByText('昵称').waitFor();
    const log = await (await fetch(`${env.server.url}/admin-api/audit-logs`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(log[0].resource, 'users');
    assert.equal(log[0].resourceId, user.id);
    assert.equal(log[0].staffUsername, 'admin');
    assert.equal(log[0].after.nickname, '摄影师老周 · 已编辑');
    await context.close();
  });

  it('hides staff management from a sales account and the server refuses it', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/`);
    await page.locator('input[name=username]').fill('sales');
    await page.locator('input[name=password]').fill('sales12345');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const staff = await fetch(`${env.server.url}/admin-api/staff`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(staff.status, 403);
    assert.equal(await page.locator('a[href="/admin/staff"]').count(), 0);
    await context.close();
  });
});
