import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/**
 * The contributor's real-name check and bank info, across /Bill and the console: the real name is
 * submitted with both ID-card photos, rejected with a reason, submitted again and verified; bank
 * info is refused for another name, accepted in the verified name after a confirmation step,
 * verified by finance (who reveals the numbers), and then refused for a year with the date.
 * Screenshots go to SCREENSHOT_DIR when it is set.
 */
describe('real-name check and bank info in a real browser', () => {
  const env = useServerAndBrowser({ before, after });
  const shots = process.env.SCREENSHOT_DIR;
  if (shots) mkdirSync(shots, { recursive: true });
  const shoot = async (page, name) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  };
  const photo = (background) => sharp({ create: { width: 856, height: 540, channels: 3, background } }).jpeg().toBuffer();
  const REAL_NAME = '林小雨';
  const ID_NUMBER = '11010519491231002X';

  /** UTC+8 calendar date a year after now, as the lock message names it (the day of the verification). */
  const nextYearChinaDate = () => {
    const shifted = new Date(Date.now() + 8 * 3_600_000);
    shifted.setUTCFullYear(shifted.getUTCFullYear() + 1);
    return shifted.toISOString().slice(0, 10);
  };

  async function choosePhotos(page, portrait, emblem) {
    await page.getByTestId('bill-photo-portrait-input').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await page.getByTestId('bill-photo-emblem-input').setInputFiles({ name: 'emblem.jpg', mimeType: 'image/jpeg', buffer: emblem });
    await page.locator('[data-testid=bill-photo-portrait][data-state=stored]').waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=bill-photo-emblem][data-state=stored]').waitFor({ timeout: 20_000 });
  }

  async function openReview(staffPage, resource, text) {
    await staffPage.goto(`${env.server.url}/admin/${resource}`);
    await staffPage.getByText(text).first().click();
  }

  it('takes a real name through rejection to verification, then bank info through refusal, confirmation, review and the yearly lock', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13800000003');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('notice-ack').click()]);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const store = async (path, body) => (await fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body: JSON.stringify(body) })).json();

    // The account tab, reached from the tab bar of /Bill.
    await page.goto(`${env.server.url}/Bill`);
    await page.getByTestId('bill-tab-account').click();
    await page.waitForURL((url) => url.search === '?tab=account');
    await page.locator('[data-testid=bill-real-name][data-status=none]').waitFor();
    await page.locator('[data-testid=bill-bank][data-status=none]').waitFor();

    // Everything is checked before sending: a missing photo, a wrong ID number, a file that is not a photo.
    await page.getByTestId('bill-real-name-input').fill(REAL_NAME);
    await page.getByTestId('bill-real-name-id').fill('110105194912310021');
    await page.getByTestId('bill-real-name-submit').click();
    await page.getByTestId('bill-real-name-form').getByText('格式不正确').waitFor();
    await page.getByTestId('bill-photo-portrait-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await page.getByTestId('bill-photo-portrait').getByText('只能上传 JPG 或 PNG 图片').waitFor();
    await page.getByTestId('bill-real-name-id').fill('110105 19491231 002x');
    await choosePhotos(page, await photo('#c8d7e8'), await photo('#e8d7c8'));
    await shoot(page, 'account-01-real-name-form');
    await page.getByTestId('bill-real-name-submit').click();
    await page.locator('[data-testid=bill-real-name][data-status=verifying]').waitFor();
    assert.equal((await page.getByTestId('bill-real-name-name').innerText()).trim(), REAL_NAME);
    assert.equal(await page.getByTestId('bill-real-name-form').count(), 0);

    // Finance rejects it with a reason in the console.
    const finance = await staffSignIn(env, 'finance', 'finance12345');
    await openReview(finance.page, 'real-name-reviews', REAL_NAME);
    await finance.page.getByTestId('admin-real-name-name').waitFor();
    // The reviewer sees both photos, served from the private bucket through signed links.
    for (const side of ['portrait', 'emblem']) {
      const image = finance.page.getByTestId(`admin-real-name-photo-${side}`);
      await image.waitFor();
      await eventually(() => image.evaluate((img) => img.complete && img.naturalWidth === 856));
    }
    await shoot(finance.page, 'account-02-console-real-name');
    await finance.page.getByTestId('admin-real-name-reject').click();
    await finance.page.getByTestId('admin-real-name-reject-reason').fill('人像面照片模糊，请重新拍摄');
    await finance.page.getByTestId('admin-real-name-reject-submit').click();
    await finance.page.getByTestId('admin-real-name-reject-dialog').waitFor({ state: 'detached' });

    // The contributor reads the reason and submits again with a new photo.
    await page.reload();
    await page.locator('[data-testid=bill-real-name][data-status=rejected]').waitFor();
    assert.match(await page.getByTestId('bill-real-name-reason').innerText(), /人像面照片模糊，请重新拍摄/);
    assert.equal(await page.getByTestId('bill-real-name-input').inputValue(), REAL_NAME);
    await shoot(page, 'account-02-rejected');
    await page.getByTestId('bill-real-name-id').fill(ID_NUMBER);
    await choosePhotos(page, await photo('#b0c4de'), await photo('#e8d7c8'));
    await page.getByTestId('bill-real-name-submit').click();
    await page.locator('[data-testid=bill-real-name][data-status=verifying]').waitFor();

    // Finance verifies the second submission.
    await finance.page.goto(`${env.server.url}/admin/real-name-reviews`);
    await finance.page.locator('[data-testid=admin-real-name-status]').first().waitFor();
    await openReview(finance.page, 'real-name-reviews', REAL_NAME);
    await finance.page.getByTestId('admin-real-name-verify').click();
    await finance.page.locator('.ra-confirm').click();
    await finance.page.waitForURL((url) => url.pathname.endsWith('/admin/real-name-reviews'));

    // Payouts learns the verified name from identity's event.
    await eventually(async () => (await store('/bill/bank/detail', {})).data?.contract?.realName === REAL_NAME, { timeoutMs: 20_000, intervalMs: 300 });
    await page.reload();
    await page.locator('[data-testid=bill-real-name][data-status=verified]').waitFor();

    // Bank info: another name is refused before sending, and by the server too.
    await page.getByTestId('bill-bank-edit').click();
    assert.equal(await page.getByTestId('bill-bank-accountName').inputValue(), REAL_NAME);
    await page.getByTestId('bill-bank-accountName').fill('林小雨的公司');
    await page.getByTestId('bill-bank-cardNumber').fill('6222 0202 0011 2233 445');
    await page.getByTestId('bill-bank-bankName').fill('工商银行');
    await page.getByTestId('bill-bank-reservedPhone').fill('138 0013 8000');
    await page.getByTestId('bill-bank-idNumber').fill(ID_NUMBER);
    await page.getByTestId('bill-bank-taxNumber').fill(ID_NUMBER);
    await page.getByTestId('bill-bank-save').click();
    assert.equal(await page.getByTestId('bill-bank-accountName-problem').innerText(), `须与合同一致：${REAL_NAME}`);
    assert.equal(await page.getByTestId('bill-bank-bankName-problem').innerText(), '至少 8 个字');
    assert.equal(await page.getByTestId('bill-bank-confirm').count(), 0);
    const form = { settlementType: 'personal', accountName: '王芳', cardNumber: '6222020200112233445', bankName: '中国工商银行北京朝阳门支行', reservedPhone: '13800138000', idNumber: ID_NUMBER, taxNumber: ID_NUMBER };
    const refused = await store('/bill/bank/submit', form);
    assert.deepEqual([refused.code, refused.message], [7013, `开户名须与合同一致：${REAL_NAME}`]);
    await shoot(page, 'account-03-bank-refused');

    // In the verified name it goes through the confirmation step.
    await page.getByTestId('bill-bank-accountName').fill(REAL_NAME);
    await page.getByTestId('bill-bank-bankName').fill('中国工商银行北京朝阳门支行');
    await page.getByTestId('bill-bank-save').click();
    await page.getByTestId('bill-bank-confirm').waitFor();
    assert.match(await page.getByTestId('bill-bank-confirm').innerText(), /6222 0202 0011 2233 445/);
    await shoot(page, 'account-04-bank-confirm');
    await page.getByTestId('bill-bank-confirm-submit').click();
    await page.locator('[data-testid=bill-bank][data-status=verifying]').waitFor();
    assert.equal((await page.getByTestId('bill-bank-card').innerText()).trim(), '6222***********3445');

    // Finance reveals the numbers (recorded) and verifies.
    await openReview(finance.page, 'bank-infos', REAL_NAME);
    assert.equal((await finance.page.getByTestId('admin-bank-card').innerText()).trim(), '6222***********3445');
    await finance.page.getByTestId('admin-bank-reveal').click();
    await finance.page.getByTestId('admin-bank-revealed').waitFor();
    assert.equal((await finance.page.getByTestId('admin-bank-card').innerText()).trim(), '6222020200112233445');
    await finance.page.getByTestId('admin-bank-verify').click();
    await finance.page.locator('[data-testid=admin-bank-status][data-status=verified]').waitFor();
    await shoot(finance.page, 'account-05-console-bank-verified');

    // Verified, and locked for a year: no form, the date on the page, and the server refuses.
    await page.reload();
    await page.locator('[data-testid=bill-bank][data-status=verified]').waitFor();
    const unlock = nextYearChinaDate();
    assert.equal(await page.getByTestId('bill-bank-locked').innerText(), `银行信息修改成功后一年内不能再修改，${unlock} 之后可以修改`);
    assert.equal(await page.getByTestId('bill-bank-edit').count(), 0);
    const locked = await store('/bill/bank/submit', { ...form, accountName: REAL_NAME });
    assert.deepEqual([locked.code, locked.message], [7011, `银行信息修改成功后一年内不能再修改，${unlock} 之后可以修改`]);
    await shoot(page, 'account-06-bank-locked');

    // The same tab in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByTestId('bill-bank-locked').getByText(`it can be changed after ${unlock}`).waitFor();
    await page.getByTestId('bill-real-name-status').getByText('Verified').waitFor();
    await shoot(page, 'account-07-english');

    // Every review and the reveal are in the console's audit log.
    const admin = await staffSignIn(env, 'admin', 'admin12345');
    const actionsOn = async (resource) => {
      const rows = await (await fetch(`${env.server.url}/admin-api/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource }))}`, { headers: { authorization: `Bearer ${admin.token}` } })).json();
      return rows.map((row) => `${resource}:${row.action}`);
    };
    // Payouts' entries reach identity's log through an event.
    const audit = await eventually(async () => {
      const actions = [...(await actionsOn('real-name-reviews')), ...(await actionsOn('bank-infos'))];
      return actions.includes('bank-infos:verify') ? actions : undefined;
    }, { timeoutMs: 20_000, intervalMs: 300 });
    for (const expected of ['real-name-reviews:reject', 'real-name-reviews:verify', 'bank-infos:reveal', 'bank-infos:verify']) assert.ok(audit.includes(expected), `${expected} in ${audit}`);
    await admin.context.close();
    await finance.context.close();
    await context.close();
  });

  it('says at Save why bank info waits for the real-name review, sends nothing, and saves once the name is verified', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, '13800000002');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await fetch(`${env.server.url}/api/user/protocol/agree`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body: '{}' });
    const NAME = '周明远';
    const ID = '110101199003074477';

    // The real name is submitted and waits for review.
    await page.goto(`${env.server.url}/Bill?tab=account`);
    await page.locator('[data-testid=bill-real-name][data-status=none]').waitFor();
    await page.getByTestId('bill-real-name-input').fill(NAME);
    await page.getByTestId('bill-real-name-id').fill(ID);
    await choosePhotos(page, await photo('#c8d7e8'), await photo('#e8d7c8'));
    await page.getByTestId('bill-real-name-submit').click();
    await page.locator('[data-testid=bill-real-name][data-status=verifying]').waitFor();

    // The bank form filled in full: Save says why it waits, next to the button, and sends nothing.
    const sent = [];
    page.on('request', (request) => {
      if (request.url().includes('/bill/bank/submit')) sent.push(request.url());
    });
    await page.getByTestId('bill-bank-edit').click();
    await page.getByTestId('bill-bank-accountName').fill(NAME);
    await page.getByTestId('bill-bank-cardNumber').fill('6222 0202 0011 2233 445');
    await page.getByTestId('bill-bank-bankName').fill('中国工商银行北京朝阳门支行');
    await page.getByTestId('bill-bank-reservedPhone').fill('138 0013 8000');
    await page.getByTestId('bill-bank-idNumber').fill(ID);
    await page.getByTestId('bill-bank-taxNumber').fill(ID);
    await page.getByTestId('bill-bank-save').click();
    const why = page.locator('[data-testid=bill-bank-blocked][role=alert]');
    await why.waitFor();
    assert.equal(await why.innerText(), '实名认证正在审核中，审核通过后才能保存银行信息（开户名须与认证的真实姓名一致）。');
    const save = page.getByTestId('bill-bank-save');
    assert.equal(await save.getAttribute('aria-describedby'), await why.getAttribute('id'));
    // Beside the button: directly above its row, not at the top of the form.
    const [whyBox, saveBox] = [await why.boundingBox(), await save.boundingBox()];
    assert.ok(saveBox.y - (whyBox.y + whyBox.height) < 40, `the reason ends ${saveBox.y - (whyBox.y + whyBox.height)} px above Save`);
    assert.equal(await page.getByTestId('bill-bank-confirm').count(), 0);
    assert.deepEqual(sent, []);
    await why.scrollIntoViewIfNeeded();
    await shoot(page, 'account-08-bank-waits-for-real-name');

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByTestId('bill-bank-edit').click();
    await page.getByTestId('bill-bank-save').click();
    assert.match(await page.locator('[data-testid=bill-bank-blocked][role=alert]').innerText(), /^Your real-name check is being reviewed; bank info can be saved once it is verified/);
    await shoot(page, 'account-09-bank-waits-english');
    assert.deepEqual(sent, []);

    // Once finance verifies the name, the same form is saved and goes to review.
    const finance = await staffSignIn(env, 'finance', 'finance12345');
    await openReview(finance.page, 'real-name-reviews', NAME);
    await finance.page.getByTestId('admin-real-name-verify').click();
    await finance.page.locator('.ra-confirm').click();
    await finance.page.waitForURL((url) => url.pathname.endsWith('/admin/real-name-reviews'));
    const store = async (path) => (await fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body: '{}' })).json();
    await eventually(async () => (await store('/bill/bank/detail')).data?.contract?.realName === NAME, { timeoutMs: 20_000, intervalMs: 300 });
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await page.locator('[data-testid=bill-real-name][data-status=verified]').waitFor();
    await page.getByTestId('bill-bank-edit').click();
    assert.equal(await page.getByTestId('bill-bank-accountName').inputValue(), NAME);
    await page.getByTestId('bill-bank-cardNumber').fill('6222 0202 0011 2233 445');
    await page.getByTestId('bill-bank-bankName').fill('中国工商银行北京朝阳门支行');
    await page.getByTestId('bill-bank-reservedPhone').fill('138 0013 8000');
    await page.getByTestId('bill-bank-idNumber').fill(ID);
    await page.getByTestId('bill-bank-taxNumber').fill(ID);
    assert.equal(await page.getByTestId('bill-bank-blocked').count(), 0);
    await page.getByTestId('bill-bank-save').click();
    await page.getByTestId('bill-bank-confirm-submit').click();
    await page.locator('[data-testid=bill-bank][data-status=verifying]').waitFor();
    assert.equal(sent.length, 1);
    await finance.context.close();
    await context.close();
  });
});
