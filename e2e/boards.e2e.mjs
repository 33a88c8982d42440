import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, openUserMenu, signInOnStore, useServerAndBrowser } from './harness.mjs';

/** A 1×1 PNG: the payment voucher. */
const VOUCHER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the boards pages in both languages, desktop and 375 px. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/**
 * Boards as people use them: an editor saves materials to a new board from their pages, writes a
 * note, orders them and shares a password link; a client opens it signed out, is refused a wrong
 * password, comments and votes under a name and can reach samples only; the editor sees what the
 * client said; a revoked link opens nothing.
 */
describe('boards: an editor shortlists and shares, a client signed out comments and votes', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** Every store call a page makes (POST paths below /api). */
  function recordCalls(page) {
    const calls = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname.slice('/api'.length));
    });
    return calls;
  }

  it('takes a shortlist from the material pages to a client and back', async () => {
    const editorContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const editor = await editorContext.newPage();
    await signInOnStore(env.server, editor, '13800000041');

    // Two clips saved from their detail pages: the first makes the board, the second joins it.
    await editor.goto(`${env.server.url}/SearchResult?type=video`);
    await editor.getByTestId('material-card').nth(1).waitFor();
    const ids = await editor.getByTestId('material-card').evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getAttribute('data-id')));
    await editor.goto(`${env.server.url}/Detail?id=${ids[0]}`);
    await editor.getByTestId('save-to-board').click();
    await editor.getByTestId('save-to-board-new-name').fill('客户甲 候选');
    await editor.getByTestId('save-to-board-create').click();
    await editor.getByText('已加入“客户甲 候选”').first().waitFor();
    await editor.goto(`${env.server.url}/Detail?id=${ids[1]}`);
    await editor.getByTestId('save-to-board').click();
    await editor.getByTestId('save-to-board-choice').filter({ hasText: '客户甲 候选' }).click();
    await editor.getByText('已加入“客户甲 候选”').first().waitFor();

    // The board, reached from the account menu.
    await openUserMenu(editor);
    await editor.getByTestId('menu-boards').click();
    await editor.getByTestId('boards-tile').filter({ hasText: '客户甲 候选' }).click();
    await editor.getByTestId('board-item').nth(1).waitFor();
    const order = () => editor.getByTestId('board-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-material-id')));
    assert.deepEqual(await order(), ids);
    await editor.getByTestId('board-item').nth(1).getByTestId('board-item-up').click();
    await eventually(async () => JSON.stringify(await order()) === JSON.stringify([ids[1], ids[0]]));
    // Dragged back into place.
    await editor.getByTestId('board-item').nth(1).dragTo(editor.getByTestId('board-item').nth(0));
    await eventually(async () => JSON.stringify(await order()) === JSON.stringify(ids));
    await editor.getByTestId('board-item').nth(1).getByTestId('board-item-up').click();
    await eventually(async () => JSON.stringify(await order()) === JSON.stringify([ids[1], ids[0]]));
    const note = editor.getByTestId('board-item').first().getByTestId('board-item-note');
    await note.fill('片头备选，客户喜欢暖色');
    await editor.getByTestId('board-count').click();
    await editor.getByText('备注已保存').first().waitFor();

    // A password link for the client.
    await editor.getByTestId('board-link-password').fill('tea-time');
    await editor.getByTestId('board-link-expiry').selectOption('7');
    await editor.getByTestId('board-link-create').click();
    await editor.getByTestId('board-link').first().waitFor();
    const shareUrl = (await editor.getByTestId('board-link-url').first().textContent()).trim();
    assert.match(shareUrl, /\/SharedBoard\?token=[A-Za-z0-9_-]{32}$/);
    await shoot(editor, 'board-owner-zh');

    // A colleague as a viewer: found by the phone number they signed in with, sees the board, comments, changes nothing.
    const colleagueContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const colleague = await colleagueContext.newPage();
    await signInOnStore(env.server, colleague, '13800000042');
    await editor.getByTestId('board-member-contact').fill('138 0000 0099');
    await editor.getByTestId('board-member-invite').click();
    await editor.getByText('没有用这个手机号或邮箱登录的账号').first().waitFor();
    await editor.getByTestId('board-member-contact').fill('138 0000 0042');
    await editor.getByTestId('board-member-invite').click();
    await editor.getByTestId('board-member').first().waitFor();
    assert.match(await editor.getByTestId('board-member').first().textContent(), /查看者[\s\S]*138\*\*\*\*0042/);
    // The invitation waits in their notification centre (the bell counts it with the session check).
    await eventually(async () => {
      await colleague.goto(`${env.server.url}/Boards`);
      await colleague.getByTestId('boards-tile-shared').first().waitFor();
      return (await colleague.getByTestId('notifications-badge').getAttribute('data-count')) === '1';
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await colleague.getByTestId('notifications-menu').click();
    await colleague.getByTestId('notification').filter({ hasText: '客户甲 候选' }).waitFor();
    await shoot(colleague, 'notifications-viewer-zh');
    await colleague.getByTestId('notifications-menu').click();
    await colleague.getByTestId('boards-tile').first().click();
    await colleague.getByTestId('board-item').nth(1).waitFor();
    assert.equal(await colleague.getByTestId('board-share').count(), 0, 'a viewer does not share');
    assert.equal(await colleague.getByTestId('board-delete').count(), 0);
    assert.equal(await colleague.getByTestId('board-item-note').count(), 0, 'a viewer reads notes, does not write them');
    await colleague.getByText('片头备选，客户喜欢暖色').waitFor();
    const theirs = colleague.getByTestId('board-item').first();
    await theirs.getByTestId('board-item-comments').click();
    await theirs.getByTestId('board-comment-input').fill('同意，用这条');
    await theirs.getByTestId('board-comment-send').click();
    await theirs.getByTestId('board-comment-list').getByText('同意，用这条').waitFor();
    await shoot(colleague, 'board-viewer-zh');

    // The client, signed out, on a phone.
    const clientContext = await env.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const client = await clientContext.newPage();
    const calls = recordCalls(client);
    await client.goto(shareUrl);
    await client.getByTestId('shared-board-password').waitFor();
    await client.getByTestId('shared-board-password-input').fill('wrong-one');
    await client.getByTestId('shared-board-password-open').click();
    await client.getByText('访问密码不正确').waitFor();
    await client.getByTestId('shared-board-password-input').fill('tea-time');
    await client.getByTestId('shared-board-password-open').click();
    await client.getByTestId('shared-board-name').waitFor();
    assert.equal(await client.getByTestId('shared-board-name').textContent(), '客户甲 候选');
    assert.equal(await client.getByTestId('board-item').count(), 2);
    await client.getByText('片头备选，客户喜欢暖色').waitFor();
    await shoot(client, 'board-guest-375-zh');

    // A name, a comment and a vote on the first item.
    const first = client.getByTestId('board-item').first();
    await first.getByTestId('board-item-comments').click();
    await first.getByTestId('board-comment-input').fill('这个光线很好');
    await first.getByTestId('board-comment-send').click();
    await client.getByText('请先填写您的称呼').first().waitFor();
    await client.getByTestId('shared-board-guest-name').fill('王导');
    await first.getByTestId('board-comment-send').click();
    await first.getByTestId('board-comment-list').getByText('这个光线很好').waitFor();
    await first.getByTestId('shared-board-up').click();
    await eventually(async () => (await first.getByTestId('shared-board-up').getAttribute('aria-pressed')) === 'true');
    assert.equal(await first.getByTestId('shared-board-sample').count(), 1);
    const horizontal = await client.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(horizontal <= 0, `no sideways scroll at 375 px (${horizontal} px)`);
    await client.getByTestId('lang-toggle').click();
    await client.getByText('Shared board').waitFor();
    // The cards come again in English.
    await eventually(async () => /^[\x20-\x7e]+$/.test((await first.getByTestId('board-item-title').textContent()) ?? ''));
    await shoot(client, 'board-guest-375-en');
    // The guest page used the guest calls only: nothing of the owner's, no original.
    const apiCalls = calls.filter((path) => path.startsWith('/board') || path.includes('original'));
    assert.ok(apiCalls.length > 0);
    assert.deepEqual(apiCalls.filter((path) => !path.startsWith('/board-share/')), []);

    // The editor sees what the client said, first in the bell.
    await eventually(async () => {
      await editor.reload();
      await editor.getByTestId('board-item').first().waitFor();
      return Number(await editor.getByTestId('notifications-badge').getAttribute('data-count')) >= 1;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await editor.getByTestId('notifications-menu').click();
    // The colleague's comment and the client's, on one line for the board.
    await editor.getByTestId('notification').filter({ hasText: '素材板“客户甲 候选”有 2 条新评论，最新：这个光线很好' }).waitFor();
    // The client's vote, under the name they gave.
    await editor.getByTestId('notification').filter({ hasText: '王导 赞了素材板“客户甲 候选”中的素材' }).waitFor();
    await shoot(editor, 'notifications-owner-zh');
    await editor.getByTestId('notifications-read-all').click();
    await eventually(async () => (await editor.getByTestId('notifications-badge').getAttribute('data-count')) === '0');
    await editor.getByTestId('notifications-menu').click();
    const seen = editor.getByTestId('board-item').first();
    await eventually(async () => (await seen.getByTestId('board-item-votes').textContent()).startsWith('赞 1'));
    await seen.getByTestId('board-item-comments').click();
    await seen.getByTestId('board-comment-list').getByText('王导').waitFor();
    await editor.getByTestId('lang-toggle').click();
    await editor.getByText('Share with clients').waitFor();
    await shoot(editor, 'board-owner-en');
    await editor.setViewportSize({ width: 375, height: 812 });
    await shoot(editor, 'board-owner-375-en');

    // The colleague removed: the board is gone for them on their next look.
    await editor.getByTestId('board-member-remove').first().click();
    await editor.getByText('Member removed').first().waitFor();
    await colleague.reload();
    await colleague.getByTestId('board-failed').waitFor();
    await colleagueContext.close();

    // Revoked: the link opens nothing any more.
    await editor.getByTestId('board-link-revoke').first().click();
    await editor.getByText('Link revoked').first().waitFor();
    await client.reload();
    await client.getByTestId('shared-board-failed').waitFor();
    assert.match(await client.getByTestId('shared-board-failed').textContent(), /revoked|撤销/);
    await shoot(client, 'board-guest-revoked');

    // The shortlist goes straight to a quote request for those clips alone, not the rest of the cart.
    await editor.setViewportSize({ width: 1366, height: 900 });
    await editor.goto(`${env.server.url}/SearchResult?type=video`);
    const other = await editor.getByTestId('material-card').nth(2).getAttribute('data-id');
    await editor.evaluate(async (materialId) => {
      await fetch('/api/cart/add', { method: 'POST', headers: { 'content-type': 'application/json', access_token: localStorage.getItem('token') }, body: JSON.stringify({ materialId: Number(materialId) }) });
    }, other);
    await editor.goBack();
    await editor.goto(`${env.server.url}/Boards`);
    await editor.getByTestId('boards-tile').first().click();
    await editor.getByTestId('board-select-all').check();
    await editor.getByTestId('board-selection-quote').click();
    await editor.waitForURL(/\/Putorder\?cartIds=\d+,\d+$/);
    await editor.getByTestId('putorder-item').nth(1).waitFor();
    assert.equal(await editor.getByTestId('putorder-item').count(), 2);
    await shoot(editor, 'board-quote-en');

    // Several cards of a search page at once, onto a new board.
    await editor.goto(`${env.server.url}/SearchResult?type=video`);
    await editor.getByTestId('material-card').nth(3).waitFor();
    await editor.getByTestId('search-select-toggle').click();
    await editor.getByTestId('card-select').nth(2).check();
    await editor.getByTestId('card-select').nth(3).check();
    await shoot(editor, 'search-select-en');
    await editor.getByTestId('search-selection').getByTestId('save-to-board').click();
    await editor.getByTestId('save-to-board-new-name').fill('From search');
    await editor.getByTestId('save-to-board-create').click();
    await editor.getByText('Saved to “From search”').first().waitFor();

    // The boards list, on a phone.
    await editor.goto(`${env.server.url}/Boards`);
    await editor.getByTestId('boards-tile').first().waitFor();
    await editor.getByTestId('boards-tile').filter({ hasText: 'From search' }).waitFor();
    await editor.setViewportSize({ width: 375, height: 812 });
    await shoot(editor, 'boards-list-375-en');
    await editorContext.close();
    await clientContext.close();
  });

  it('takes an enterprise member’s request to the administrator, who approves one into a quote request and declines another', async () => {
    const memberContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const member = await memberContext.newPage();
    await signInOnStore(env.server, member, '13800000006');
    // Two clips onto a new board from the search page, then the whole board asked for.
    await member.goto(`${env.server.url}/SearchResult?type=video`);
    await member.getByTestId('material-card').nth(5).waitFor();
    await member.getByTestId('search-select-toggle').click();
    await member.getByTestId('card-select').nth(4).check();
    await member.getByTestId('card-select').nth(5).check();
    await member.getByTestId('search-selection').getByTestId('save-to-board').click();
    await member.getByTestId('save-to-board-new-name').fill('春季发布会');
    await member.getByTestId('save-to-board-create').click();
    await member.getByText('已加入“春季发布会”').first().waitFor();
    // A track onto the same board from the music player, while it plays.
    const [track] = (await (await fetch(`${env.server.url}/api/music/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ musicType: 1, pageNo: 1, pageSize: 1 }) })).json()).data.infos;
    await member.goto(`${env.server.url}/DetailMusic?id=${track.musicId}&mdp=6`);
    await member.getByTestId('music-block').first().getByTestId('music-play').click();
    const player = member.getByTestId('music-player');
    await player.waitFor();
    assert.equal(await player.getAttribute('data-music-id'), String(track.musicId));
    await player.getByTestId('save-to-board').click();
    await member.getByTestId('save-to-board-choice').filter({ hasText: '春季发布会' }).click();
    await member.getByText('已加入“春季发布会”').first().waitFor();
    const ask = async (note) => {
      await member.goto(`${env.server.url}/Boards`);
      await member.getByTestId('boards-tile').filter({ hasText: '春季发布会' }).click();
      await member.getByTestId('board-select-all').check();
      await member.getByTestId('board-selection-request').click();
      await member.getByTestId('board-request-note').fill(note);
      // The track needs its music licence before the request can go.
      assert.equal(await member.getByTestId('board-request-send').isDisabled(), true);
      for (const level of ['scene', 'channel', 'period', 'area']) await member.getByTestId(`board-request-music-${level}`).getByRole('button').first().click();
      await member.getByTestId('board-request-music-price').getByText(/每首 ¥/).waitFor();
      await shoot(member, 'purchase-request-music-zh');
      await member.getByTestId('board-request-send').click();
      await member.getByText('已提交采购申请，等待管理员审批').first().waitFor();
    };
    await ask('发布会开场视频');
    await ask('备用方案');
    await shoot(member, 'purchase-request-zh');

    // The administrator: told in the bell, decides on /PurchaseRequests.
    const adminContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await adminContext.newPage();
    await signInOnStore(env.server, admin, '13800000004');
    await eventually(async () => {
      await admin.goto(`${env.server.url}/PurchaseRequests?tab=company`);
      await admin.getByTestId('purchase-list').waitFor();
      return Number(await admin.getByTestId('notifications-badge').getAttribute('data-count')) >= 1;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await admin.getByTestId('notifications-menu').click();
    await admin.getByTestId('notification').filter({ hasText: '春季发布会' }).waitFor();
    await admin.getByTestId('notifications-menu').click();
    const pending = admin.locator('[data-testid="purchase-request"][data-status="pending"]');
    await pending.nth(1).waitFor();
    await shoot(admin, 'purchase-company-zh');
    // Newest first: the second request is declined, the first approved.
    await pending.first().getByTestId('purchase-reason').fill('预算已用完，下季度再买');
    await pending.first().getByTestId('purchase-decline').click();
    await admin.getByText('已告知申请人').first().waitFor();
    await admin.locator('[data-testid="purchase-request"][data-status="pending"]').first().getByTestId('purchase-approve').click();
    await admin.getByText('已批准，询价单已生成').first().waitFor();
    const approved = admin.locator('[data-testid="purchase-request"][data-status="approved"]');
    await approved.getByTestId('purchase-order').waitFor();
    const orderId = new URL(await approved.getByTestId('purchase-order').getAttribute('href'), env.server.url).searchParams.get('id');

    // The quote request is in the console, waiting for a quote like any other.
    const staff = await (await fetch(`${env.server.url}/admin-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'sales', password: 'sales12345' }) })).json();
    const inConsole = await (await fetch(`${env.server.url}/admin-api/orders/${orderId}`, { headers: { authorization: `Bearer ${staff.token}` } })).json();
    assert.equal(inConsole.status, 'submitted');
    assert.equal(inConsole.items.length, 2);
    // The track became a music order at the chosen licence, priced and waiting for payment.
    const musicOrder = approved.getByTestId('purchase-music-order');
    await eventually(async () => {
      await admin.reload();
      await approved.first().waitFor();
      return (await musicOrder.count()) === 1;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    const musicOrderId = new URL(await musicOrder.getAttribute('href'), env.server.url).searchParams.get('id');
    const musicInConsole = await (await fetch(`${env.server.url}/admin-api/orders/${musicOrderId}`, { headers: { authorization: `Bearer ${staff.token}` } })).json();
    assert.equal(musicInConsole.status, 'quoted');
    assert.deepEqual(musicInConsole.items.map((item) => item.materialId), [track.musicId]);

    // The member sees both decisions, the refusal with its reason.
    await eventually(async () => {
      await member.goto(`${env.server.url}/PurchaseRequests`);
      await member.getByTestId('purchase-list').waitFor();
      return (await member.locator('[data-testid="purchase-request"][data-status="pending"]').count()) === 0;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await member.getByText('原因：预算已用完，下季度再买').waitFor();
    await member.locator('[data-testid="purchase-request"][data-status="approved"]').getByTestId('purchase-order').waitFor();
    await eventually(async () => {
      await member.reload();
      await member.getByTestId('purchase-list').waitFor();
      return Number(await member.getByTestId('notifications-badge').getAttribute('data-count')) >= 2;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    await member.getByTestId('lang-toggle').click();
    await member.getByText('Reason: 预算已用完，下季度再买').waitFor();
    await member.setViewportSize({ width: 375, height: 812 });
    await shoot(member, 'purchase-mine-375-en');

    // The quote request follows the usual flow: quoted in the console, paid by the member, confirmed by finance.
    const finance = await (await fetch(`${env.server.url}/admin-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'finance', password: 'finance12345' }) })).json();
    const quoted = await fetch(`${env.server.url}/admin-api/orders/${orderId}/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: inConsole.items.map((item) => ({ itemId: item.itemId, priceFen: 45_000 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    assert.equal(quoted.status, 200);
    await member.setViewportSize({ width: 1366, height: 900 });
    await member.goto(`${env.server.url}/Order?id=${orderId}`);
    await member.getByTestId('pay-account-name').fill('星河传媒有限公司');
    await member.getByTestId('pay-voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
    await member.getByTestId('pay-submit').click();
    await member.getByTestId('order-status').getByText('Waiting for payment confirmation').waitFor();
    assert.equal((await fetch(`${env.server.url}/admin-api/orders/${orderId}/confirm`, { method: 'POST', headers: { authorization: `Bearer ${finance.token}` } })).status, 200);
    const codes = inConsole.items.map((item) => item.code);

    // The administrator's licence history: the member's two licences under the project, their files, the CSV.
    await admin.goto(`${env.server.url}/PurchaseRequests?tab=licences`);
    const lines = admin.getByTestId('licence-line');
    await eventually(async () => {
      await admin.reload();
      await admin.getByTestId('company-licences').waitFor();
      return (await lines.filter({ hasText: codes[0] }).count()) === 1 && (await lines.filter({ hasText: codes[1] }).count()) === 1;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    const line = lines.filter({ hasText: codes[0] });
    assert.match(await line.textContent(), /商业授权/);
    assert.match(await line.textContent(), /¥450\.00/);
    await admin.getByTestId('licences-search').fill(codes[1]);
    await eventually(async () => (await lines.count()) === 1 && (await lines.first().textContent()).includes(codes[1]));
    await admin.getByTestId('licences-search').fill('');
    await eventually(async () => (await lines.count()) >= 2);
    await shoot(admin, 'company-licences-zh');
    const [file] = await Promise.all([admin.waitForEvent('download'), line.getByTestId('licence-line-file').click()]);
    assert.match(file.suggestedFilename(), new RegExp(`^licence-.*-${codes[0]}\\.pdf$`));
    const [csv] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('licences-export').click()]);
    assert.match(csv.suggestedFilename(), /^company-licences-\d{4}-\d\d-\d\d\.csv$/);
    const table = readFileSync(await csv.path(), 'utf8');
    assert.ok(table.startsWith('\uFEFF授权日期 (UTC+8),订单号,成员'));
    for (const code of codes) assert.match(table, new RegExp(`,${code},.*,视频,.*,商业授权,.*,450\\.00\r\n`));
    await admin.getByTestId('lang-toggle').click();
    await admin.getByText('Licence history').first().waitFor();
    await admin.setViewportSize({ width: 375, height: 812 });
    await shoot(admin, 'company-licences-375-en');
    assert.ok(await admin.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth));
    await memberContext.close();
    await adminContext.close();
  });
});
