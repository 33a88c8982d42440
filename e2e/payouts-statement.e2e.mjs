import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, generateStatementsInConsole, signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/** A 1×1 PNG: the buyer's payment voucher. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const CONTRIBUTOR = '13800000003';
const BUYER = '13800000001';
const REAL_NAME = '林小雨';
const ID_NUMBER = '11010519491231002X';
/** Sold at ¥2,400.00: the default 50% share is ¥1,200.00, of which ¥80.00 is withheld (20% above ¥800). */
const PRICE_FEN = 240_000;

/**
 * A contributor's quarterly statement end to end: their photo sells (the order is confirmed in the
 * console); the server runs with its payouts clock 100 days ahead, so the running quarter counts
 * as closed; finance generates that quarter in the console (a second run creates nothing); the
 * contributor finds the statement with the sale's line on /Bill and confirms it; finance remits it
 * in the console and downloads the bank list; the contributor sees it remitted and downloads the
 * PDF. The upload, review, order and bank-account steps are API calls (their screens have their
 * own tests). Screenshots go to SCREENSHOT_DIR when it is set.
 */
describe('a contributor’s quarterly statement from sale to remittance, in a real browser', () => {
  // The payouts clock runs 100 days ahead; the demo catalogue is not used here, so a small one starts faster.
  const env = useServerAndBrowser({ before, after }, { env: { PAYOUT_CLOCK_SHIFT_DAYS: '100', DEMO_CATALOGUE_SIZE: '2', DEMO_MUSIC_SIZE: '3' } });
  const downloads = mkdtempSync(join(tmpdir(), 'statement-e2e-'));
  after(() => rmSync(downloads, { recursive: true, force: true }));
  const shots = process.env.SCREENSHOT_DIR;
  if (shots) mkdirSync(shots, { recursive: true });
  const shoot = async (page, name) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
  };

  /** Shared by the steps below, which run in order (the browser's contexts close with it). */
  const state = {};

  const absolute = (url) => (url.startsWith('/') ? `${env.server.url}${url}` : url);

  /** A store call (POST below /api with the access_token header); answers `data`, throws on a refusal. */
  async function store(token, path, body = {}) {
    const response = await fetch(`${env.server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) },
      body: JSON.stringify(body),
    });
    const reply = await response.json();
    if (reply.code !== 0) throw new Error(`${path}: ${response.status} ${reply.code} ${reply.message}`);
    return reply.data;
  }

  /** A console call (below /admin-api with the staff token); answers the JSON body, throws on an error status. */
  async function admin(token, method, path, body) {
    const response = await fetch(`${env.server.url}/admin-api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  const filter = (value) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
  const staffToken = async (username, password) => (await admin(null, 'POST', '/auth/login', { username, password })).token;

  async function storeToken(account) {
    const earlier = await env.server.mailboxCode(account);
    await store(null, '/user/code/send', { account });
    const code = await eventually(async () => {
      const latest = await env.server.mailboxCode(account);
      return latest !== earlier ? latest : undefined;
    });
    return (await store(null, '/user/login', { account, code })).token;
  }

  async function saveDownload(page, click, name) {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const path = join(downloads, name);
    await download.saveAs(path);
    return path;
  }

  it('sells a photo the contributor uploaded; finance confirms the order in the console', async () => {
    // The contributor signs in on the store (and stays there for the later steps).
    const context = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, CONTRIBUTOR);
    // gid 3 first acknowledges that photo rights are included; the page reloads.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('notice-ack').click()]);
    await page.getByTestId('user-menu').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const contributorId = (await store(token, '/session')).id;
    state.contributor = { context, page, token, id: contributorId };

    // A real 12-megapixel JPEG through the upload calls: session, signed part links, PUTs, success.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="100%" height="100%" fill="#264653"/>' +
      '<circle cx="2900" cy="900" r="520" fill="#e9c46a"/><rect x="400" y="1900" width="3200" height="700" fill="#2a9d8f"/></svg>';
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    const fileName = 'Quay-at-dawn.jpg';
    const plan = await store(token, '/upload/token/photo', { fileName, fileSize: photo.length, width: 4000, height: 3000 });
    const partNumbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
    const { parts } = await store(token, '/upload/ali/sts', { filePath: plan.filePath, partNumbers });
    for (const { partNumber, url } of parts) {
      const body = photo.subarray((partNumber - 1) * plan.partSize, partNumber * plan.partSize);
      const put = await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } });
      assert.equal(put.status, 200, `part ${partNumber} stored`);
    }
    const uploaded = await store(token, '/upload/photo/success', { fileName, filePath: plan.filePath, fileSize: photo.length, platform: 'web', width: 4000, height: 3000 });
    await eventually(async () => {
      const { status, reason } = await store(token, '/upload/material/detail', { id: uploaded.id });
      assert.notEqual(status, 'failed', `processing failed: ${reason}`);
      return status === 'waiting';
    }, { timeoutMs: 60_000, intervalMs: 250 });

    // A reviewer approves it; the catalogue publishes it as the contributor's material.
    const reviewer = await staffToken('reviewer', 'reviewer12345');
    await admin(reviewer, 'PUT', `/reviews/${uploaded.id}`, { decision: 'approve', titleZh: '晨光码头', titleEn: 'Quay at dawn' });
    const material = await eventually(async () => {
      const rows = await admin(reviewer, 'GET', `/materials?${filter({ q: 'Quay at dawn', kind: 'photo' })}`);
      return rows.find((row) => row.contributorId === contributorId && row.status === 'published');
    }, { timeoutMs: 30_000, intervalMs: 250 });
    state.material = material;

    // A buyer orders it (cart, order with its licence form) and sales quote it.
    const buyer = await storeToken(BUYER);
    // Orders learns of the new material through the event bus.
    const { cartId } = await eventually(() => store(buyer, '/cart/add', { materialId: material.id }).catch(() => undefined), { timeoutMs: 30_000, intervalMs: 250 });
    const licence = {
      licenceType: 'commercial', buyerCompany: '上海光影传媒有限公司', projectType: 'advertising', projectName: '码头晨景宣传片', brand: '光影',
      userCompany: '杭州使用方科技有限公司', purpose: '品牌广告投放', region: 'mainland', duration: '1y', contact: '王小明', phone: BUYER,
    };
    const { orderId, orderNo } = await store(buyer, '/order/create', { cartIds: [cartId], licence });
    state.order = { id: orderId, no: orderNo };
    const sales = await staffToken('sales', 'sales12345');
    const order = await admin(sales, 'GET', `/orders/${orderId}`);
    await admin(sales, 'POST', `/orders/${orderId}/quote`, { items: order.items.map((item) => ({ itemId: item.itemId, priceFen: PRICE_FEN })), validUntil: new Date(Date.now() + 86_400_000).toISOString() });

    // The buyer pays: account name and voucher (multipart).
    const form = new FormData();
    form.append('id', orderId);
    form.append('accountName', '上海光影传媒有限公司');
    form.append('voucher', new Blob([VOUCHER_PNG], { type: 'image/png' }), 'voucher.png');
    const paid = await (await fetch(`${env.server.url}/api/order/pay`, { method: 'POST', headers: { access_token: buyer }, body: form })).json();
    assert.equal(paid.code, 0, `paid: ${paid.message}`);

    // The contributor's sales analytics before the sale: no sales yet, the chart flat.
    const analyticsUrl = `${env.server.url}/MaterialCenter?view=analytics`;
    /** The analytics view with the chart on sales: the sales card's figure and the chart's values. */
    const salesFigures = async () => {
      await page.goto(analyticsUrl);
      await page.getByTestId('analytics-chart').waitFor();
      await page.getByTestId('analytics-metric').selectOption('sales');
      await page.waitForFunction(() => document.querySelector('[data-testid="analytics-chart"] canvas'));
      return {
        sales: (await page.getByTestId('analytics-totals-sales').locator('dd').innerText()).trim(),
        chart: (await page.getByTestId('analytics-chart').getAttribute('data-values')).split(',').map(Number),
      };
    };
    const before = await salesFigures();
    assert.equal(before.sales, '0');
    assert.ok(before.chart.length === 30 && before.chart.every((value) => value === 0), `a flat chart before the sale: ${before.chart}`);
    await shoot(page, 'analytics-01-before-sale-zh');

    // Finance confirms the payment in the console: the sale.
    const finance = await staffSignIn(env, 'finance', 'finance12345');
    state.finance = finance;
    await finance.page.goto(`${env.server.url}/admin/orders/${orderId}/show`);
    await finance.page.getByTestId('admin-order-status').getByText('待确认', { exact: true }).waitFor();
    await finance.page.getByTestId('admin-order-confirm').click();
    // Confirming a payment cannot be undone: the console asks once more.
    await finance.page.locator('.ra-confirm').click();
    await finance.page.getByTestId('admin-order-status').getByText('已完成').waitFor();
    await shoot(finance.page, 'statement-01-order-confirmed');

    // Payouts credits the contributor's share from order.confirmed; it is in no statement yet.
    const earnings = await eventually(async () => {
      const data = await store(token, '/bill/earnings');
      return data.unstatedFen > 0 ? data : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    assert.equal(earnings.unstatedFen, PRICE_FEN / 2);

    // The sale reaches the contributor's analytics (payouts' credited share, through the bus): the chart moves.
    const after = await eventually(async () => {
      const figures = await salesFigures();
      return figures.sales === '1' ? figures : undefined;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    assert.equal(after.chart.at(-1), 1, `today's point shows the sale: ${after.chart}`);
    assert.equal(after.chart.reduce((sum, value) => sum + value, 0), 1);
    assert.equal((await page.getByTestId('analytics-totals-earningsFen').locator('dd').innerText()).trim(), '¥1,200.00');
    await page.getByTestId(`analytics-row-${material.id}`).waitFor();
    await shoot(page, 'analytics-02-after-sale-zh');
    // In English, and on a 375 px phone with nothing wider than the screen.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await salesFigures();
    await page.getByText('Sales analytics', { exact: true }).first().waitFor();
    await shoot(page, 'analytics-03-after-sale-en');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId(`analytics-row-${material.id}`).getByRole('button').click();
    await page.getByTestId('analytics-single-chart').waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scrolling at 375 px');
    await shoot(page, 'analytics-04-phone-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.setViewportSize({ width: 1440, height: 900 });
    // The quarter of the sale: still running in real time (UTC+8), closed on the payouts clock.
    const shifted = new Date(Date.now() + 8 * 3_600_000);
    state.quarter = { year: shifted.getUTCFullYear(), quarter: Math.floor(shifted.getUTCMonth() / 3) + 1 };
  });

  /** The steps build on each other: after a failed one the rest stop at once. */
  const needs = (...keys) => keys.forEach((key) => assert.ok(state[key], `an earlier step did not leave ${key}`));

  it('verifies the contributor’s real name and bank account, through the API', async () => {
    needs('contributor', 'finance');
    const { token, id: contributorId } = state.contributor;
    const finance = state.finance.token;
    // The real-name check: both sides of the ID card through signed links, then the submission.
    const idPhoto = await sharp({ create: { width: 80, height: 50, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
    const photoIds = {};
    for (const side of ['portrait', 'emblem']) {
      const link = await store(token, '/realname/photo/link', { side, contentType: 'image/jpeg', size: idPhoto.length });
      const put = await fetch(absolute(link.url), { method: 'PUT', body: new Uint8Array(idPhoto), headers: { 'content-type': 'image/jpeg' } });
      assert.equal(put.status, 200, `${side} photo stored`);
      await store(token, '/realname/photo/complete', { photoId: link.photoId });
      photoIds[side] = link.photoId;
    }
    await store(token, '/realname/submit', { name: REAL_NAME, idNumber: ID_NUMBER, portraitPhotoId: photoIds.portrait, emblemPhotoId: photoIds.emblem });
    const [submission] = await admin(finance, 'GET', `/real-name-reviews?${filter({ userId: contributorId })}`);
    await admin(finance, 'POST', `/real-name-reviews/${submission.id}/verify`);

    // Payouts learns the verified name (realname.verified); the bank account must carry it.
    await eventually(async () => (await store(token, '/bill/bank/detail')).contract.realName === REAL_NAME, { timeoutMs: 30_000, intervalMs: 250 });
    await store(token, '/bill/bank/submit', {
      settlementType: 'personal', accountName: REAL_NAME, cardNumber: '6222020200112233445', bankName: '中国工商银行北京朝阳门支行',
      reservedPhone: '13800138000', idNumber: ID_NUMBER, taxNumber: ID_NUMBER,
    });
    const [bankInfo] = await admin(finance, 'GET', `/bank-infos?${filter({ contributorId })}`);
    await admin(finance, 'POST', `/bank-infos/${bankInfo.id}/verify`);
    assert.equal((await store(token, '/bill/bank/detail')).status, 'verified');
    state.bankVerified = true;
  });

  async function generate(page, quarter) {
    await generateStatementsInConsole(page, quarter);
    await page.getByTestId('admin-statements-generate-dialog').waitFor({ state: 'detached' });
  }

  it('closes the quarter: finance generates its statements in the console, and a second run creates none', async () => {
    needs('quarter', 'bankVerified');
    const { page, token } = state.finance;
    const { year, quarter } = state.quarter;
    await page.goto(`${env.server.url}/admin/statements`);
    await page.getByTestId('admin-statements-generate').waitFor();
    await generate(page, state.quarter);
    await page.getByText(`${year} Q${quarter}：已生成 1 份结算单`).waitFor();
    const rows = page.locator('table tbody tr');
    await rows.filter({ hasText: '摄影师小林' }).getByTestId('admin-statement-status').getByText('待确认').waitFor();
    await shoot(page, 'statement-02-generated');

    await generate(page, state.quarter);
    await page.getByText(`${year} Q${quarter}：已生成 0 份结算单`).waitFor();
    const statements = await admin(token, 'GET', '/statements');
    assert.equal(statements.length, 1);
    assert.deepEqual(
      { contributorId: statements[0].contributorId, year: statements[0].year, quarter: statements[0].quarter, status: statements[0].status, lineCount: statements[0].lineCount },
      { contributorId: state.contributor.id, year, quarter, status: 'toBeConfirmed', lineCount: 1 },
    );
    assert.deepEqual([statements[0].grossFen, statements[0].taxFen, statements[0].netFen], [120_000, 8_000, 112_000]);
    state.statementId = statements[0].id;
  });

  it('shows the contributor the statement with the sale’s line on /Bill; they confirm it', async () => {
    needs('statementId');
    const { page } = state.contributor;
    const { year, quarter } = state.quarter;
    await page.goto(`${env.server.url}/Bill`);
    const statement = page.getByTestId('bill-statement');
    await statement.waitFor();
    assert.equal(await statement.count(), 1);
    assert.equal(await statement.getAttribute('data-period'), `${year}Q${quarter}`);
    assert.equal((await statement.getByTestId('bill-statement-status').innerText()).trim(), '待确认');
    assert.equal((await statement.getByTestId('bill-statement-gross').innerText()).trim(), '¥1,200.00');
    assert.equal((await statement.getByTestId('bill-statement-tax').innerText()).trim(), '¥80.00');
    assert.equal((await statement.getByTestId('bill-statement-net').innerText()).trim(), '¥1,120.00');

    await statement.getByTestId('bill-statement-toggle').click();
    const line = statement.getByTestId('bill-lines').getByTestId('bill-line');
    await line.first().waitFor();
    assert.equal(await line.count(), 1);
    const text = await line.innerText();
    for (const expected of [state.order.no, state.material.code, '晨光码头', '¥2,400.00', '50%']) assert.ok(text.includes(expected), `the line shows ${expected}: ${text}`);
    assert.equal((await line.getByTestId('bill-line-earning').innerText()).trim(), '¥1,200.00');
    await shoot(page, 'statement-03-bill-to-confirm');

    await statement.getByTestId('bill-statement-confirm').click();
    // A confirmation step: a confirmed statement can no longer be rejected.
    await page.getByTestId('bill-confirm-dialog').getByText('¥1,120.00').waitFor();
    await page.getByTestId('bill-confirm-submit').click();
    await statement.getByTestId('bill-statement-status').getByText('已生成').waitFor();
    assert.equal(await statement.getByTestId('bill-statement-confirm').count(), 0);
    await shoot(page, 'statement-04-bill-confirmed');
    state.confirmed = true;
  });

  it('lets finance remit the confirmed statement in the console and download the bank list', async () => {
    needs('confirmed');
    const { page } = state.finance;
    await page.reload();
    const row = page.locator('table tbody tr').filter({ hasText: '摄影师小林' });
    await row.getByTestId('admin-statement-status').getByText('已确认待汇款').waitFor();
    await row.locator('input[type=checkbox]').check();
    await page.getByTestId('admin-statements-remit').click();
    // The dialog names the batch's net total.
    await page.getByTestId('admin-statements-remit-dialog').getByText('实发合计 ¥1,120.00）', { exact: false }).waitFor();
    await shoot(page, 'statement-05-remit-dialog');
    await page.getByTestId('admin-statements-remit-submit').click();
    const result = page.getByTestId('admin-statements-remit-result');
    await result.waitFor();
    await page.getByTestId('admin-statements-remit-dialog').waitFor({ state: 'detached' });
    const batch = (await result.getByTestId('admin-statements-remit-batch').innerText()).trim();
    assert.match(batch, /^R\d{14}-[0-9a-f]{8}$/);
    await shoot(page, 'statement-06-remitted');
    const csvPath = await saveDownload(page, () => result.getByTestId('admin-remittance-download').click(), 'remittance.csv');
    const csv = readFileSync(csvPath, 'utf8');
    for (const expected of [state.statementId, REAL_NAME, '中国工商银行北京朝阳门支行', '6222020200112233445', '1200.00', '80.00', '1120.00']) assert.ok(csv.includes(expected), `the bank list has ${expected}`);
    await result.getByRole('button', { name: '关闭' }).click();
    await row.getByTestId('admin-statement-status').getByText('已汇款').waitFor();
    assert.ok((await row.innerText()).includes(batch), 'the row names the batch');
    state.remitted = true;
  });

  it('shows the contributor the statement remitted and its PDF; the job run again changes nothing', async () => {
    needs('remitted');
    const { page, token } = state.contributor;
    await page.reload();
    const statement = page.getByTestId('bill-statement');
    await statement.getByTestId('bill-statement-status').getByText('已汇款').waitFor();
    assert.equal(await statement.getAttribute('data-status'), 'remitted');
    assert.equal((await page.getByTestId('bill-remitted').innerText()).trim(), '¥1,120.00');
    assert.equal((await page.getByTestId('bill-unstated').innerText()).trim(), '¥0.00');
    // The chart of earnings per material and quarter (a lazily loaded chunk) has drawn something.
    await page.getByTestId('bill-earnings-chart').waitFor();
    await eventually(() =>
      page.getByTestId('bill-earnings-chart').evaluate((canvas) => {
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        return data.some((value) => value !== 0);
      }),
    );
    await shoot(page, 'statement-07-bill-remitted');

    const pdfPath = await saveDownload(page, () => statement.getByTestId('bill-statement-pdf').click(), 'statement.pdf');
    const pdf = readFileSync(pdfPath);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const expected of [state.order.no, state.material.code, '已汇款']) assert.ok(text.includes(expected), `the PDF has ${expected}`);

    // The job for the same quarter once more: nothing new, the remitted statement as it was.
    const finance = state.finance.token;
    assert.deepEqual(await admin(finance, 'POST', '/statements/generate', state.quarter), { created: 0 });
    const statements = await admin(finance, 'GET', '/statements');
    assert.deepEqual(statements.map((s) => [s.id, s.status, s.netFen]), [[state.statementId, 'remitted', 112_000]]);
    const { infos } = await store(token, '/bill/statement/list');
    assert.deepEqual(infos.map((s) => [s.id, s.status]), [[state.statementId, 'remitted']]);
    await state.contributor.context.close();
    await state.finance.context.close();
  });
});
