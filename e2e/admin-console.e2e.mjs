import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { staffSignIn, useServerAndBrowser } from './harness.mjs';

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
    const { context, page, token } = await staffSignIn(env, 'admin', 'admin12345');
    assert.ok(token, 'console keeps the staff token');

    await page.goto(`${env.server.url}/admin/users`);
    // The list shows phone numbers masked, to every role.
    await page.getByText('138****0002').first().waitFor();
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

    // The full number is one audited click away on the user's page.
    await page.goto(`${env.server.url}/admin/users/${user.id}/show`);
    await page.getByTestId('admin-user-phone').getByText('138****0002').waitFor();
    await page.getByTestId('admin-user-reveal').click();
    await page.getByTestId('admin-user-phone').getByText('13800000002').waitFor();
    await page.getByTestId('admin-user-revealed').waitFor();
    const reveals = await (await fetch(`${env.server.url}/admin-api/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resourceId: user.id, action: 'reveal' }))}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(reveals.length, 1);
    await context.close();
  });

  it('lets sales open an enterprise project and make a customer its enterprise administrator', async () => {
    const { context, page, token } = await staffSignIn(env, 'sales', 'sales12345');

    await page.locator('a[href="/admin/projects"]').first().click();
    await page.getByText('PRJ-2026-01').first().waitFor();
    await page.locator('a[href="/admin/projects/create"]').click();
    const fields = { id: 'PRJ-E2E-01', name: '春季新品发布会', companyName: '云帆科技有限公司', customerId: 'ENT-E2E', videoBranches: '5', photoBranches: '10', purpose: '发布会暖场视频' };
    for (const [name, value] of Object.entries(fields)) await page.locator(`input[name=${name}]`).fill(value);
    for (const [source, value] of [['status', '1'], ['projectType', 'corporate'], ['region', 'mainland'], ['duration', '1y']]) {
      await page.locator(`.ra-input-${source} [role=combobox]`).click();
      await page.locator(`li[data-value="${value}"]`).click();
      await page.locator('[role=listbox]').waitFor({ state: 'detached' });
    }
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/projects/PRJ-E2E-01/show'));
    await page.getByTestId('admin-project-status').getByText('进行中').waitFor();

    // A customer of that company joins the project as its enterprise administrator.
    const [user] = await (await fetch(`${env.server.url}/admin-api/users?filter=${encodeURIComponent('{"q":"13800000001"}')}`, { headers: { authorization: `Bearer ${token}` } })).json();
    await page.goto(`${env.server.url}/admin/users/${user.id}`);
    await page.locator('input[name=customerId]').fill('ENT-E2E');
    await page.locator('input[name=customerStatus]').fill('1');
    await page.locator('input[name=customerType]').fill('1');
    await page.locator('input[name=projectId]').fill('PRJ-E2E');
    await page.getByRole('option', { name: /PRJ-E2E-01/ }).click();
    await page.locator('input[name=enterpriseAdmin]').setChecked(true);
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname.endsWith(`/admin/users/${user.id}/show`));
    await page.getByTestId('admin-project-link').getByText('PRJ-E2E-01').waitFor();
    const saved = await (await fetch(`${env.server.url}/admin-api/users/${user.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(saved.projectId, 'PRJ-E2E-01');
    assert.equal(saved.enterpriseAdmin, true);
    await context.close();
  });

  it('hides staff management from a sales account and the server refuses it', async () => {
    const { context, page, token } = await staffSignIn(env, 'sales', 'sales12345');
    const staff = await fetch(`${env.server.url}/admin-api/staff`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(staff.status, 403);
    assert.equal(await page.locator('a[href="/admin/staff"]').count(), 0);
    await context.close();
  });
});
