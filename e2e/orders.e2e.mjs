import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, openUserMenu, signInOnStore, staffSignIn, useServerAndBrowser } from './harness.mjs';

/** A 1×1 PNG: the payment voucher the buyer uploads. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** Set E2E_SCREENSHOTS=<dir> to keep screenshots of the order pages in both languages. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe('cart to licence in a real browser, across store and console', () => {
  const env = useServerAndBrowser({ before, after });
  const downloads = mkdtempSync(join(tmpdir(), 'orders-e2e-'));
  after(() => rmSync(downloads, { recursive: true, force: true }));

  const signIn = (page, account) => signInOnStore(env.server, page, account);

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  async function saveDownload(page, click, name) {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const path = join(downloads, name);
    await download.saveAs(path);
    return path;
  }

  it('buyer orders a video and a photo, staff quote and confirm, buyer downloads the original and the licence and gets an invoice', async () => {
    const buyerContext = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    const buyer = await buyerContext.newPage();

    // Visitors are told to sign in.
    await buyer.goto(`${env.server.url}/Cart`);
    await buyer.getByTestId('orders-sign-in').getByText('请登录后使用该功能').waitFor();

    await signIn(buyer, '13800000001');

    // A video from its detail page, a photo from its card.
    await buyer.goto(`${env.server.url}/SearchResult?type=video`);
    const videoId = await buyer.getByTestId('material-card').first().getAttribute('data-id');
    await buyer.goto(`${env.server.url}/Detail?id=${videoId}`);
    await buyer.getByTestId('detail-add-to-cart').click();
    await buyer.getByText('已加入购物车').first().waitFor();
    await buyer.goto(`${env.server.url}/ImgSearchResult?type=pic`);
    await buyer.getByTestId('material-card').first().hover();
    await buyer.getByTestId('card-add-to-cart').first().click({ force: true });
    await eventually(async () => (await buyer.getByTestId('cart-badge').getAttribute('data-count')) === '2');

    // The header dropdown previews the cart by tab.
    await buyer.getByTestId('cart-menu').hover();
    await buyer.getByTestId('cart-dropdown-item').first().waitFor();
    await buyer.getByTestId('cart-dropdown-tab-1').click();
    await eventually(async () => (await buyer.getByTestId('cart-dropdown-item').count()) === 1);

    await buyer.goto(`${env.server.url}/Cart?targetType=0`);
    await buyer.getByTestId('cart-item').first().waitFor();
    await buyer.getByText('工作日 12 小时内').first().waitFor();
    await shoot(buyer, 'cart-zh');
    await buyer.getByTestId('cart-checkout').click();
    await buyer.waitForURL(/\/Putorder/);
    await eventually(async () => (await buyer.getByTestId('putorder-item').count()) === 2);

    // Required fields are checked before the confirm dialog.
    await buyer.getByTestId('putorder-submit').click();
    await buyer.getByText('请填写购买方公司').waitFor();
    // The project type has no default: it is chosen.
    await buyer.getByText('请选择项目类型').waitFor();
    await buyer.getByTestId('putorder-projectType').selectOption('advertising');
    await buyer.getByTestId('putorder-buyerCompany').fill('上海光影传媒有限公司');
    await buyer.getByTestId('putorder-userCompany').fill('杭州使用方科技有限公司');
    await buyer.getByTestId('putorder-projectName').fill('外滩夜景宣传片');
    await buyer.getByTestId('putorder-brand').fill('光影');
    await buyer.getByTestId('putorder-purpose').fill('品牌广告投放');
    await buyer.getByTestId('putorder-contact').fill('王小明');
    await buyer.getByTestId('putorder-phone').fill('13800000001');
    await shoot(buyer, 'putorder-zh');
    await buyer.getByTestId('putorder-submit').click();
    await buyer.getByTestId('putorder-confirm').click();
    await buyer.waitForURL(/\/OrderSuccess/);
    const orderId = new URL(buyer.url()).searchParams.get('id');
    assert.ok(orderId);

    // Sales quote in the console: prices in yuan, stored as fen.
    const sales = await staffSignIn(env, 'sales', 'sales12345');
    await sales.page.goto(`${env.server.url}/admin/orders/${orderId}/show`);
    const prices = sales.page.getByTestId('admin-quote-price');
    await prices.first().waitFor();
    await prices.nth(0).fill('1200.50');
    await prices.nth(1).fill('300');
    await sales.page.getByTestId('admin-quote-total').getByText('¥1,500.50').waitFor();
    await shoot(sales.page, 'admin-quote-zh');
    await sales.page.getByTestId('admin-quote-submit').click();
    await sales.page.getByTestId('admin-order-status').getByText('待付款').waitFor();
    await sales.context.close();

    // The buyer pays: account name and voucher image.
    await buyer.goto(`${env.server.url}/Order?id=${orderId}`);
    // The detail shows the licence as the buyer entered it, optional fields included.
    assert.equal(await buyer.getByTestId('order-licence-brand').innerText(), '光影');
    assert.equal(await buyer.getByTestId('order-licence-phone').innerText(), '13800000001');
    await buyer.getByTestId('order-total').getByText('¥1,500.50').waitFor();
    await buyer.getByTestId('pay-submit').click();
    await buyer.getByTestId('pay-error').getByText('请填写付款账户名并上传付款凭证').waitFor();
    await buyer.getByTestId('pay-account-name').fill('上海光影传媒有限公司');
    await buyer.getByTestId('pay-voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
    await buyer.getByTestId('pay-submit').click();
    await buyer.getByTestId('order-status').getByText('待确认付款').waitFor();

    // Finance sees the voucher image and confirms.
    const finance = await staffSignIn(env, 'finance', 'finance12345');
    await finance.page.goto(`${env.server.url}/admin/orders/${orderId}/show`);
    const image = finance.page.getByTestId('admin-voucher-image');
    await image.waitFor();
    await eventually(() => image.evaluate((img) => img.complete && img.naturalWidth === 1));
    await shoot(finance.page, 'admin-voucher-zh');
    await finance.page.getByTestId('admin-order-confirm').click();
    // Confirming a payment cannot be undone: the console asks once more.
    await finance.page.locator('.ra-confirm').click();
    await finance.page.getByTestId('admin-order-status').getByText('已完成').waitFor();

    // The buyer downloads the original and the authorization file.
    await buyer.reload();
    await buyer.getByTestId('order-status').getByText('已完成').waitFor();
    // The files are generated through the event bus: reload until both are listed as generated.
    await eventually(async () => {
      await buyer.reload();
      await buyer.getByTestId('order-licence').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
      return (await buyer.getByTestId('order-licence-open').count()) === 2;
    }, { timeoutMs: 60_000, intervalMs: 1000 });
    await shoot(buyer, 'order-confirmed-zh');
    const original = await saveDownload(buyer, () => buyer.getByTestId('order-download').first().click(), 'original');
    assert.ok(readFileSync(original).length > 0, 'the original has bytes');
    const pdfPath = await saveDownload(buyer, () => buyer.getByTestId('order-licence-open').first().click(), 'licence.pdf');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const expected of ['素材授权书', '上海光影传媒有限公司', '杭州使用方科技有限公司', '外滩夜景宣传片', '商业授权 / Commercial']) assert.ok(text.includes(expected), `licence text has ${expected}`);

    // Anyone can check the licence's code.
    const code = /验证码 \/ Verification code\s+([0-9A-Z]{12})/.exec(text)?.[1];
    assert.ok(code, 'the licence prints its verification code');
    await buyer.goto(`${env.server.url}/LicenceVerify?code=${code}`);
    await buyer.getByTestId('verify-result').getByText('这是一份真实有效的授权书').waitFor();

    // Purchased materials and their authorization files.
    await buyer.goto(`${env.server.url}/OrderMaterialList?view=licences`);
    await eventually(async () => (await buyer.getByTestId('licence-row').count()) === 2);
    await shoot(buyer, 'order-material-list-zh');

    // Invoice: the buyer applies, finance processes and uploads it, the buyer downloads it.
    await buyer.goto(`${env.server.url}/Order?id=${orderId}`);
    const fields = { companyName: '上海光影传媒有限公司', taxNumber: '91310000MA1FL0000X', bank: '招商银行上海分行', account: '6225880000000000', address: '上海市黄浦区中山东一路 1 号', phone: '021-60000000', recipient: '王小明', recipientAddress: '上海市黄浦区中山东一路 1 号', recipientPhone: '13800000001' };
    for (const [field, value] of Object.entries(fields)) await buyer.getByTestId(`invoice-${field}`).fill(value);
    await buyer.getByTestId('invoice-region').selectOption('hong-kong');
    await buyer.getByTestId('invoice-submit').click();
    await buyer.getByTestId('invoice-error').getByText('提交失败：港澳台及海外订单暂不支持开具发票').waitFor();
    await buyer.getByTestId('invoice-region').selectOption('mainland');
    await buyer.getByTestId('invoice-submit').click();
    await buyer.getByTestId('invoice-status').getByText('已申请').waitFor();

    const [invoice] = await (await fetch(`${env.server.url}/admin-api/invoices`, { headers: { authorization: `Bearer ${finance.token}` } })).json();
    await finance.page.goto(`${env.server.url}/admin/invoices/${invoice.id}/show`);
    await finance.page.getByTestId('admin-invoice-process').click();
    await finance.page.getByTestId('admin-invoice-status').getByText('开票中').waitFor();
    await finance.page.getByTestId('admin-invoice-file').setInputFiles(pdfPath);
    await finance.page.getByTestId('admin-invoice-upload').click();
    await finance.page.getByTestId('admin-invoice-status').getByText('可下载').waitFor();
    await finance.context.close();

    await buyer.reload();
    await buyer.getByTestId('invoice-status').getByText('可下载').waitFor();
    const invoicePath = await saveDownload(buyer, () => buyer.getByTestId('invoice-download').click(), 'invoice.pdf');
    assert.equal(readFileSync(invoicePath).subarray(0, 5).toString(), '%PDF-');

    // The same pages in English.
    await buyer.evaluate(() => localStorage.setItem('lang', 'en'));
    await buyer.goto(`${env.server.url}/Order?id=${orderId}`);
    await buyer.getByTestId('order-status').getByText('Completed').waitFor();
    await shoot(buyer, 'order-confirmed-en');
    await buyer.goto(`${env.server.url}/OrderMaterialList?view=licences`);
    await buyer.getByTestId('licence-row').first().waitFor();
    await shoot(buyer, 'order-material-list-en');
    await buyer.goto(`${env.server.url}/LicenceVerify?code=${code}`);
    await buyer.getByTestId('verify-result').getByText('This is a genuine authorization file').waitFor();
    await shoot(buyer, 'licence-verify-en');
    await buyerContext.close();
  });

  it('a project customer downloads under the enterprise project and finds the file and its authorization file on /DownloadList', async () => {
    const context = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    const admin = await context.newPage();
    await signIn(admin, '13800000004');
    await openUserMenu(admin);
    await admin.getByTestId('menu-download-list').click();
    await admin.waitForURL(/\/DownloadList/);
    await admin.getByTestId('download-list-empty').waitFor();
    await admin.getByTestId('project-allowance-photo').getByText('剩余 200').waitFor();

    await admin.goto(`${env.server.url}/ImgSearchResult?type=pic`);
    const photoId = await admin.getByTestId('material-card').first().getAttribute('data-id');
    await admin.goto(`${env.server.url}/DetailPic?id=${photoId}`);
    await admin.getByTestId('project-download').getByText('项目剩余 200 张图片额度').waitFor();
    await admin.getByTestId('project-download-button').click();
    await admin.getByTestId('project-download-dialog').getByText('星河传媒 2026 品牌片素材包').waitFor();
    await shoot(admin, 'project-download-dialog-zh');
    const file = await saveDownload(admin, () => admin.getByTestId('project-download-confirm').click(), 'project-photo');
    // Licensed under the project's commercial contract: the original, at full size.
    const original = await sharp(readFileSync(file)).metadata();
    assert.equal(original.format, 'jpeg');
    assert.ok(original.width > 1000, `the original is delivered (${original.width} px wide)`);

    await admin.goto(`${env.server.url}/DownloadList`);
    await admin.getByTestId('download-row').first().waitFor();
    await admin.getByTestId('project-allowance-photo').getByText('剩余 199').waitFor();
    await admin.getByTestId('download-row-licence').waitFor();
    await shoot(admin, 'download-list-zh');
    const pdfPath = await saveDownload(admin, () => admin.getByTestId('download-row-licence').click(), 'project-licence.pdf');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const expected of ['素材授权书', 'PRJ-2026-01', '星河传媒有限公司', '商业授权 / Commercial']) assert.ok(text.includes(expected), `project licence text has ${expected}`);

    // The enterprise administrator also sees the company's orders.
    await admin.goto(`${env.server.url}/OrderList`);
    await admin.getByTestId('orders-tab-company').waitFor();
    await admin.evaluate(() => localStorage.setItem('lang', 'en'));
    await admin.goto(`${env.server.url}/DownloadList`);
    await admin.getByTestId('project-allowance-photo').getByText('199 left').waitFor();
    await shoot(admin, 'download-list-en');
    await context.close();

    // A customer without a project is told the list is for project customers and gets no project button.
    const buyerContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const buyer = await buyerContext.newPage();
    await signIn(buyer, '13800000005');
    await openUserMenu(buyer);
    await buyer.getByText('我的订单').first().waitFor();
    assert.equal(await buyer.getByTestId('menu-download-list').count(), 0);
    await buyer.goto(`${env.server.url}/DownloadList`);
    await buyer.getByTestId('download-list-refused').getByText('下载列表仅向项目客户开放').waitFor();
    await buyer.goto(`${env.server.url}/DetailPic?id=${photoId}`);
    await buyer.getByTestId('detail-add-to-cart').waitFor();
    assert.equal(await buyer.getByTestId('project-download').count(), 0);
    await buyerContext.close();
  });

  it('a personal licence delivers the photo at medium size', async () => {
    const context = await env.browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    const buyer = await context.newPage();
    // A new account (created at first sign-in): the demo buyer's code cannot be resent within a minute.
    await signIn(buyer, 'vlogger@example.com');
    await buyer.goto(`${env.server.url}/ImgSearchResult?type=pic`);
    const photoId = await buyer.getByTestId('material-card').nth(1).getAttribute('data-id');
    await buyer.goto(`${env.server.url}/DetailPic?id=${photoId}`);
    await buyer.getByTestId('detail-add-to-cart').click();
    await buyer.getByText('已加入购物车').first().waitFor();
    await buyer.goto(`${env.server.url}/Cart?targetType=1`);
    await buyer.getByTestId('cart-item').first().waitFor();
    await buyer.getByTestId('cart-checkout').click();
    await buyer.waitForURL(/\/Putorder/);
    await buyer.getByTestId('putorder-licenceType').selectOption('personal');
    await buyer.getByText('个人授权仅限 1080P 视频或中图（长边 1000 像素）').waitFor();
    // A personal licence asks for no company or brand, offers no commercial project type, and has none chosen for the buyer.
    await buyer.getByText('个人非商业授权仅授予您本人').waitFor();
    for (const field of ['buyerCompany', 'userCompany', 'brand']) assert.equal(await buyer.getByTestId(`putorder-${field}`).count(), 0, field);
    const projectTypes = await buyer.getByTestId('putorder-projectType').locator('option:not([disabled])').evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(projectTypes, ['film-tv', 'online-video', 'news', 'education', 'other']);
    for (const [field, value] of Object.entries({ projectName: '旅行 vlog', purpose: '个人视频号', contact: '李雷' })) await buyer.getByTestId(`putorder-${field}`).fill(value);
    await buyer.getByTestId('putorder-submit').click();
    await buyer.getByText('请选择项目类型').waitFor();
    await buyer.getByTestId('putorder-projectType').selectOption('online-video');
    await shoot(buyer, 'putorder-personal-zh');
    // The same form in English.
    await buyer.getByTestId('lang-toggle').click();
    await buyer.getByText('An individual non-commercial licence is yours alone').waitFor();
    await shoot(buyer, 'putorder-personal-en');
    await buyer.getByTestId('lang-toggle').click();
    await buyer.getByText('个人非商业授权仅授予您本人').waitFor();
    await buyer.getByTestId('putorder-submit').click();
    await buyer.getByTestId('putorder-confirm').click();
    await buyer.waitForURL(/\/OrderSuccess/);
    const orderId = new URL(buyer.url()).searchParams.get('id');

    // Staff quote and confirm through the console API (the console screens are walked in the first test).
    const staffToken = async (username, password) => (await (await fetch(`${env.server.url}/admin-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).json()).token;
    const [sales, finance] = [await staffToken('sales', 'sales12345'), await staffToken('finance', 'finance12345')];
    const order = await (await fetch(`${env.server.url}/admin-api/orders/${orderId}`, { headers: { authorization: `Bearer ${sales}` } })).json();
    const quoted = await fetch(`${env.server.url}/admin-api/orders/${orderId}/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sales}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: order.items.map((item) => ({ itemId: item.itemId, priceFen: 9900 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    assert.equal(quoted.status, 200);
    await buyer.goto(`${env.server.url}/Order?id=${orderId}`);
    await buyer.getByTestId('order-personal-delivery').waitFor();
    assert.equal(await buyer.getByTestId('order-licence-buyerCompany').count(), 0);
    await buyer.getByTestId('pay-account-name').fill('李雷');
    await buyer.getByTestId('pay-voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
    await buyer.getByTestId('pay-submit').click();
    await buyer.getByTestId('order-status').getByText('待确认付款').waitFor();
    const confirmed = await fetch(`${env.server.url}/admin-api/orders/${orderId}/confirm`, { method: 'POST', headers: { authorization: `Bearer ${finance}` } });
    assert.equal(confirmed.status, 200);

    // The medium-size copy is made in the background; the list says when it is ready.
    // The page reads the list once per load and the confirmation's effects arrive in the
    // background, so a first load can be early: reload until the item is listed as the medium-size
    // copy and that copy can be downloaded.
    await buyer.goto(`${env.server.url}/OrderMaterialList`);
    await eventually(async () => {
      await buyer.reload();
      await buyer.getByTestId('purchased-item').first().waitFor({ timeout: 5000 }).catch(() => undefined);
      if ((await buyer.getByTestId('purchased-personal').getByText('中图版本').count()) === 0) return false;
      return (await buyer.getByTestId('purchased-download').first().textContent())?.trim() === '下载';
    }, { timeoutMs: 90_000, intervalMs: 1000 });
    await shoot(buyer, 'order-material-list-personal-zh');
    const file = await saveDownload(buyer, () => buyer.getByTestId('purchased-download').first().click(), 'personal-photo');
    const medium = await sharp(readFileSync(file)).metadata();
    assert.equal(Math.max(medium.width, medium.height), 1000, `the medium copy has a 1000 px long side (${medium.width}x${medium.height})`);
    await context.close();
  });
});
