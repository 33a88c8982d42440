import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import sharp from 'sharp';
import { eventually, freePort, launchBrowser, signInOnStore, staffSignIn, startServer } from './harness.mjs';

/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the console's contest pages and of the store's. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const PARTICIPANT = '13900000941';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An instant as the console's UTC+8 date-time input takes it ("2025-03-01T18:00"). */
const shanghaiInput = (at) => new Date(at + 8 * HOUR).toISOString().slice(0, 16);

/** Six phases back to back; `current` is the phase that holds now, the ones before it have ended. */
function phasesAround(current, now = Date.now()) {
  const order = ['submission', 'review', 'announcement', 'publicity', 'ceremony', 'exhibition'];
  const at = Math.floor(now / MINUTE) * MINUTE;
  const index = order.indexOf(current);
  const phases = {};
  // Phases before `current` are an hour each, ending a minute ago; `current` and the later ones last a day.
  let start = at - MINUTE - index * HOUR;
  for (const [position, phase] of order.entries()) {
    const length = position < index ? HOUR : DAY;
    phases[phase] = { startsAt: start, endsAt: start + length };
    start += length;
  }
  return phases;
}

/** A JPEG of seeded flat blocks: each seed its own picture, with structure a perceptual hash tells apart. */
async function blocks(seed, width = 1600, height = 1200) {
  let state = seed * 7919 + 17;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const grid = 8;
  const raw = Buffer.alloc(grid * grid * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(random() * 256);
  return sharp(raw, { raw: { width: grid, height: grid, channels: 3 } }).resize(width, height, { kernel: 'nearest' }).jpeg({ quality: 85 }).toBuffer();
}

const jpg = (name, buffer) => ({ name, mimeType: 'image/jpeg', buffer });

describe('contests: console setup, entries, judging and results', () => {
  const env = { server: undefined, browser: undefined, db: undefined, work: undefined };

  before(async () => {
    const dbPort = await freePort();
    env.server = await startServer({ EMBEDDED_PG_PORT: String(dbPort) });
    env.browser = await launchBrowser();
    env.db = new pg.Client({ host: '127.0.0.1', port: dbPort, user: 'postgres', password: 'marketplace', database: 'marketplace' });
    await env.db.connect();
    env.work = mkdtempSync(join(tmpdir(), 'mkt-contest-media-'));
  });
  after(async () => {
    await env.db?.end();
    await env.browser?.close();
    await env.server?.stop();
    if (env.work) rmSync(env.work, { recursive: true, force: true });
  });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** A store call as the signed-in participant, answered as the envelope. */
  async function storeCall(token, path, body, language = 'zh-CN') {
    const response = await fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token, 'accept-language': language }, body: JSON.stringify(body) });
    return response.json();
  }

  /** One entry file through the store's calls: signed part links, the parts, then the server's check. */
  async function upload(token, target, name, buffer) {
    const started = await storeCall(token, '/contest/file/start', { ...target, fileName: name, fileSize: buffer.length });
    assert.equal(started.code, 0, JSON.stringify(started));
    const { fileId, partSize, parts } = started.data;
    for (const part of parts) {
      const link = new URL(part.url, env.server.url);
      const put = await fetch(`${env.server.url}${link.pathname}${link.search}`, { method: 'PUT', body: buffer.subarray((part.partNumber - 1) * partSize, part.partNumber * partSize) });
      assert.ok(put.ok, `part ${part.partNumber}: ${put.status}`);
    }
    const finished = await storeCall(token, '/contest/file/finish', { fileId });
    assert.equal(finished.code, 0, JSON.stringify(finished));
    return finished.data.id;
  }

  const details = { title: '第十六次投稿', signature: '林间', location: '杭州', intro: '晨雾中的山林。', equipment: 'Sony A7R V', age: 30, gender: 'female', ownerFlag: false, studentFlag: false, declaration: true };

  /** The console's contest form: the six phases typed in UTC+8. */
  async function typePhases(page, phases) {
    for (const [phase, window] of Object.entries(phases)) {
      await page.locator(`input[name="phases.${phase}.startsAt"]`).fill(shanghaiInput(window.startsAt));
      await page.locator(`input[name="phases.${phase}.endsAt"]`).fill(shanghaiInput(window.endsAt));
    }
  }

  /** Moves the contest's phases in the console's edit form and saves; back on the show page. */
  async function movePhases(staffPage, contestId, current) {
    await staffPage.goto(`${env.server.url}/admin/contests/${contestId}`);
    await staffPage.locator('input[name="phases.submission.startsAt"]').waitFor();
    await typePhases(staffPage, phasesAround(current));
    await staffPage.locator(`[data-testid=admin-contest-stage-now] [data-stage=${current}]`).waitFor();
    await staffPage.getByTestId('admin-contest-save').click();
    await staffPage.waitForURL((url) => url.pathname === `/admin/contests/${contestId}/show`);
    await staffPage.locator(`[data-testid=admin-contest-overview] [data-stage=${current}]`).waitFor();
  }

  /** Phases around `current` as the console's API takes them (ISO instants). */
  const isoPhases = (current) => Object.fromEntries(Object.entries(phasesAround(current)).map(([phase, window]) => [phase, { startsAt: new Date(window.startsAt).toISOString(), endsAt: new Date(window.endsAt).toISOString() }]));

  /** A console API call as a signed-in staff member, answered as JSON. */
  const consoleCall = (staff, path, init = {}) => fetch(`${env.server.url}/admin-api${path}`, { ...init, headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json', ...init.headers } }).then((response) => response.json());

  /** A store page signed in as `account` (once: a second code for the same account waits out the resend countdown). */
  async function storeAs(account) {
    const context = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signInOnStore(env.server, page, account);
    return page;
  }

  /** The store's language for the next page loaded, as its language switch keeps it. */
  const useLanguage = (page, language) => page.evaluate((lang) => localStorage.setItem('lang', lang), language);

  it('runs a contest from the console set-up to the published winners', async () => {
    const started = Date.now();
    const video = join(env.work, 'entry.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=5', '-t', '31', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', video]);
    const cover = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
    const group = await Promise.all([1, 2, 3, 4, 5].map((seed) => blocks(seed)));

    // --- The contest manager sets the contest up: a video track and two photo tracks, taking entries now.
    const staff = await staffSignIn(env, 'contest', 'contest12345');
    const admin = staff.page;
    await admin.setViewportSize({ width: 1400, height: 1000 });
    await admin.goto(`${env.server.url}/admin/contests`);
    await admin.getByTestId('admin-contest-list').waitFor();
    await shoot(admin, 'console-contests-list');
    await admin.getByTestId('admin-contest-create').click();
    await admin.locator('input[name=titleZh]').fill('浏览器测试摄影大赛');
    await admin.locator('input[name=titleEn]').fill('Browser test photo contest');
    await admin.locator('textarea[name=rulesZh]').fill('作品须为原创。\n每人每赛道最多 15 件。');
    await admin.locator('textarea[name=rulesEn]').fill('Original work only.\nAt most 15 entries per track.');
    await admin.locator('input[name=pointsPool]').fill('100000');
    await typePhases(admin, phasesAround('submission'));
    await admin.locator('[data-testid=admin-contest-stage-now] [data-stage=submission]').waitFor();
    await admin.locator('input[name="tracks.0.titleZh"]').fill('视频赛道');
    await admin.locator('input[name="tracks.0.titleEn"]').fill('Video track');
    // A second track that is removed again below, once prizes point at it and at the tracks after it.
    for (const [index, zh, en] of [[1, '临时赛道', 'Temporary track'], [2, '风光组图', 'Landscape photos'], [3, '人文组图', 'People photos']]) {
      await admin.locator('.button-add-tracks').click();
      await admin.locator(`input[name="tracks.${index}.titleZh"]`).fill(zh);
      await admin.locator(`input[name="tracks.${index}.titleEn"]`).fill(en);
    }
    // The grand prize of the whole contest, and a first place of the landscape track chosen by its position.
    await admin.locator('.button-add-prizes').click();
    await admin.locator('input[name="prizes.0.titleZh"]').fill('大奖');
    await admin.locator('input[name="prizes.0.titleEn"]').fill('Grand prize');
    await admin.locator('input[name="prizes.0.cashFen"]').fill('13000');
    await admin.locator('input[name="prizes.0.goodsZh"]').fill('相机一台');
    await admin.locator('.button-add-prizes').click();
    await admin.locator('input[name="prizes.1.trackIndex"]').locator('xpath=preceding-sibling::*[@role="combobox"]').click();
    await admin.getByRole('option', { name: /^3\. 风光组图/ }).click();
    await admin.locator('input[name="prizes.1.titleZh"]').fill('风光一等奖');
    await admin.locator('input[name="prizes.1.titleEn"]').fill('Landscape first prize');
    await admin.locator('input[name="prizes.1.cashFen"]').fill('8000.5');
    await admin.locator('.button-add-prizes').click();
    await admin.locator('input[name="prizes.2.trackIndex"]').locator('xpath=preceding-sibling::*[@role="combobox"]').click();
    await admin.getByRole('option', { name: /^2\. 临时赛道/ }).click();
    await admin.locator('input[name="prizes.2.titleZh"]').fill('临时奖');
    await admin.locator('input[name="prizes.2.titleEn"]').fill('Temporary prize');
    // Removing the temporary track takes its prize with it; the landscape prize follows its track to position 2.
    // The iterator shows a line's remove button only while the line is hovered: centre the line
    // first, so that the click needs no scrolling that would move it under the fixed app bar or
    // away from the pointer.
    const temporaryTrack = admin.locator('input[name="tracks.1.titleZh"]');
    // On a loaded machine the hover can be lost before the click lands: the click is tried again
    // only while the temporary track is still there, so it never removes the next one.
    for (let attempt = 1; ; attempt++) {
      await temporaryTrack.evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await temporaryTrack.hover();
      await admin.locator('.button-remove-tracks-1').click();
      try {
        await admin.getByText('已删除赛道的 1 个奖项也一并删除').waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt >= 3 || (await temporaryTrack.inputValue()) !== '临时赛道') throw error;
      }
    }
    assert.equal(await admin.locator('input[name="prizes.2.titleZh"]').count(), 0);
    assert.match(await admin.locator('input[name="prizes.1.trackIndex"]').locator('xpath=preceding-sibling::*[@role="combobox"]').textContent(), /^2\. 风光组图/);
    assert.equal(await admin.getByTestId('admin-contest-prize-total').textContent(), '奖金合计（奖金 × 获奖数）：¥21,000.50');
    await shoot(admin, 'console-contest-form');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.waitForURL((url) => /^\/admin\/contests\/\d+\/show$/.test(url.pathname));
    const contestId = Number(new URL(admin.url()).pathname.split('/')[3]);
    await admin.getByTestId('admin-contest-prize-table').waitFor();
    await shoot(admin, 'console-contest-show');

    const adminApi = (path, init = {}) => fetch(`${env.server.url}/admin-api${path}`, { ...init, headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json', ...init.headers } }).then((response) => response.json());
    const saved = await adminApi(`/contests/${contestId}`);
    assert.deepEqual(saved.tracks.map((track) => track.kind), ['video', 'photo', 'photo']);
    assert.deepEqual(saved.prizes.map((prize) => [prize.trackIndex, prize.cashFen]), [[null, 1_300_000], [1, 800_050]]);
    assert.equal(saved.stage, 'submission');
    const [videoTrack, landscape, people] = saved.tracks.map((track) => track.id);

    // --- A judge for every track; the key is read from the dialog that shows it once.
    await admin.getByTestId('admin-contest-tab-judges').click();
    await admin.getByTestId('admin-contest-add-judge').click();
    await admin.getByTestId('admin-judge-name').fill('王评委');
    await eventually(async () => (await admin.getByRole('checkbox').count()) === 3);
    for (const box of await admin.getByRole('checkbox').all()) await box.check();
    await admin.getByTestId('admin-judge-create-submit').click();
    await admin.getByTestId('admin-judge-key-dialog').waitFor();
    const judgeKey = (await admin.getByTestId('admin-judge-key').textContent()).trim();
    assert.ok(judgeKey.length >= 12, judgeKey);
    await admin.getByTestId('admin-judge-key-once').waitFor();
    await shoot(admin, 'console-judge-key-dialog');
    await admin.getByTestId('admin-judge-key-close').click();
    await admin.waitForURL((url) => url.pathname === `/admin/contests/${contestId}/show/judges`);
    await admin.locator('[data-testid=admin-judge-status][data-status=active]').waitFor();
    assert.equal(await admin.getByText(judgeKey).count(), 0);

    // --- The header's badge counts the contests taking entries, as /home/gameList does.
    const store = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await store.newPage();
    await signInOnStore(env.server, page, PARTICIPANT);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const list = await storeCall(token, '/home/gameList', { pageNo: 1, pageSize: 100 });
    assert.ok(list.data.collectingGameCount >= 1);
    assert.equal(list.data.list.find((card) => card.id === contestId)?.stage, 'submission');
    assert.equal(Number(await page.getByTestId('nav-contest-count').first().textContent()), list.data.collectingGameCount);

    // --- The participant enters a video with its cover on /ActivityDetail.
    await page.goto(`${env.server.url}/ActivityDetail?id=${contestId}`);
    await page.getByTestId('entry-form').waitFor();
    const fillDetails = async (title) => {
      await page.getByTestId('entry-title').fill(title);
      await page.getByTestId('entry-signature').fill('林间');
      await page.getByTestId('entry-location').fill('浙江杭州');
      await page.getByTestId('entry-intro').fill('清晨的山谷，雾气慢慢散开。');
      await page.getByTestId('entry-equipment').fill('Sony A7R V');
      await page.getByTestId('entry-age').fill('30');
      await page.getByTestId('entry-gender').selectOption('female');
      await page.getByTestId('entry-declaration').check();
    };
    const readyFiles = (count) => eventually(async () => (await page.locator('[data-testid=entry-file][data-state=ready]').count()) === count, { timeoutMs: 60_000, intervalMs: 250 });
    await page.getByTestId('entry-track').selectOption(String(videoTrack));
    await page.getByTestId('entry-file-video').setInputFiles(video);
    await page.getByTestId('entry-file-cover').setInputFiles(jpg('cover.jpg', cover));
    await readyFiles(2);
    await fillDetails('山谷晨雾（视频）');
    await page.getByTestId('entry-submit').click();
    await eventually(async () => (await page.getByTestId('my-entry').count()) === 1, { timeoutMs: 20_000 });

    // A group of four photos is refused by the page and by the server, in both languages.
    await page.getByTestId('entry-track').selectOption(String(landscape));
    await page.getByTestId('entry-file-photo').setInputFiles(group.slice(0, 4).map((buffer, index) => jpg(`landscape-${index + 1}.jpg`, buffer)));
    await readyFiles(4);
    await fillDetails('山谷晨雾（组图）');
    await page.getByTestId('entry-submit').click();
    assert.match(await page.getByTestId('entry-message').textContent(), /^组图图片数量不足/);
    const four = [];
    for (const [index, seed] of [11, 12, 13, 14].entries()) four.push(await upload(token, { contestId, trackId: landscape, role: 'photo' }, `four-${index}.jpg`, await blocks(seed, 800, 600)));
    const refusedFour = await storeCall(token, '/contest/entry/submit', { contestId, trackId: landscape, type: 'photo', ...details, fileIds: four }, 'en');
    assert.match(refusedFour.message, /^Insufficient images in the group/);

    // The fifth photo makes a group.
    await page.getByTestId('entry-file-photo').setInputFiles([jpg('landscape-5.jpg', group[4])]);
    await readyFiles(5);
    await shoot(page, 'store-entry-form');
    await page.getByTestId('entry-submit').click();
    await eventually(async () => (await page.getByTestId('my-entry').count()) === 2, { timeoutMs: 20_000 });
    const mine = await storeCall(token, '/contest/entry/my', { contestId });
    const groupEntry = mine.data.entries.find((entry) => entry.trackId === landscape);
    assert.equal(groupEntry.files.length, 5);

    // Fourteen earlier entries of the same participant in the landscape track (rejected, so out of the judging): the sixteenth is refused.
    await env.db.query(
      `INSERT INTO "contests"."entries" ("contest_id", "track_id", "user_id", "kind", "title", "signature", "location", "intro", "equipment", "age", "gender", "owner_flag", "student_flag", "status", "reject_reason", "reviewed_by", "reviewed_at", "submitted_at")
       SELECT e."contest_id", e."track_id", e."user_id", e."kind", 'Earlier entry ' || n, e."signature", e."location", e."intro", e."equipment", e."age", e."gender", false, false, 'rejected', 'not the contest''s theme', 'contest', now(), now()
       FROM "contests"."entries" e, generate_series(1, 14) n WHERE e."id" = $1`,
      [groupEntry.id],
    );
    const fresh = [];
    for (const seed of [21, 22, 23, 24, 25]) fresh.push(await upload(token, { contestId, trackId: landscape, role: 'photo' }, `fresh-${seed}.jpg`, await blocks(seed, 800, 600)));
    const sixteenth = await storeCall(token, '/contest/entry/submit', { contestId, trackId: landscape, type: 'photo', ...details, fileIds: fresh }, 'en');
    assert.equal(sixteenth.message, 'At most 15 submissions per track per person');

    // The same work, one of the group's photos made smaller, cannot enter the people track.
    const smaller = await sharp(group[2]).resize(1000).jpeg({ quality: 70 }).toBuffer();
    const again = [await upload(token, { contestId, trackId: people, role: 'photo' }, 'same.jpg', smaller)];
    for (const seed of [31, 32, 33, 34]) again.push(await upload(token, { contestId, trackId: people, role: 'photo' }, `people-${seed}.jpg`, await blocks(seed, 800, 600)));
    const sameWork = await storeCall(token, '/contest/entry/submit', { contestId, trackId: people, type: 'photo', ...details, fileIds: again }, 'en');
    assert.equal(sameWork.message, 'One work cannot enter several tracks (it is already in "Landscape photos")');

    // --- The manager looks at the video entry in the console, then opens the review.
    const videoEntry = mine.data.entries.find((entry) => entry.trackId === videoTrack);
    await admin.goto(`${env.server.url}/admin/contest-entries/${groupEntry.id}/show`);
    await eventually(async () => (await admin.getByTestId('admin-entry-photo').count()) === 5);
    await eventually(() => admin.getByTestId('admin-entry-photo').first().evaluate((img) => img.complete && img.naturalWidth > 0));
    await admin.goto(`${env.server.url}/admin/contest-entries/${videoEntry.id}/show`);
    await admin.getByTestId('admin-entry-video').waitFor();
    await eventually(() => admin.getByTestId('admin-entry-video').evaluate((node) => node.readyState >= 1 && node.videoWidth === 1920), { timeoutMs: 15_000 });
    await shoot(admin, 'console-entry-show');
    await admin.getByTestId('admin-entry-approve').click();
    await admin.locator('[data-testid=admin-entry-status][data-status=approved]').waitFor();
    await movePhases(admin, contestId, 'review');

    // --- The judge: a wrong key is refused, the right one shows the works by type, scores are saved.
    const judgeContext = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const judge = await judgeContext.newPage();
    await judge.goto(`${env.server.url}/score`);
    await judge.getByTestId('judge-key').fill('not-a-real-key-000000');
    await judge.getByTestId('judge-sign-in').click();
    assert.equal(await judge.getByTestId('judge-error').textContent(), '请输入有效的密钥');
    await judge.getByTestId('judge-key').fill(judgeKey);
    await judge.getByTestId('judge-sign-in').click();
    await judge.getByTestId('judging').waitFor();
    for (const [kind, score] of [['video', '92'], ['photo', '85']]) {
      await judge.getByTestId(`judge-type-${kind}`).click();
      const work = judge.getByTestId('judge-work').first();
      await work.waitFor();
      assert.equal(await judge.getByTestId('judge-work').count(), 1);
      // The tab shows its own type's work, never the other tab's still on screen.
      assert.equal(await work.locator('video').count(), kind === 'video' ? 1 : 0);
      await work.getByTestId('judge-score').fill(score);
      await work.getByTestId('judge-save').click();
      await work.getByTestId('judge-score-message').waitFor();
      await eventually(async () => (await work.getByTestId('judge-my-score').textContent()).includes(score));
      await shoot(judge, `judge-${kind}`);
    }
    if (SCREENSHOTS) {
      // The same screen in English (the key stays for the tab, so a reload keeps the judge in).
      await judge.evaluate(() => localStorage.setItem('lang', 'en'));
      await judge.reload();
      await judge.getByTestId('judge-work').first().waitFor();
      await shoot(judge, 'judge-en');
      await judge.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    }

    // --- The review ends; the standings show the scores and the manager publishes the results.
    await movePhases(admin, contestId, 'announcement');
    await admin.getByTestId('admin-contest-tab-standings').click();
    await eventually(async () => (await admin.getByTestId('admin-contest-standing').count()) === 2);
    await admin.getByTestId('admin-contest-publish').click();
    await admin.getByRole('button', { name: '确认' }).click();
    await admin.locator('[data-testid=admin-contest-overview] [data-stage=announcement], [data-testid=admin-contest-standings]').first().waitFor();
    await eventually(async () => (await admin.getByTestId('admin-contest-publish').count()) === 0);
    await eventually(async () => (await admin.locator('[data-testid=admin-contest-standing][data-place="1"]').count()) === 2);
    await shoot(admin, 'console-contest-standings');
    if (SCREENSHOTS) {
      await admin.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
      await admin.goto(`${env.server.url}/admin/contests/${contestId}/show`);
      await admin.getByTestId('admin-contest-prize-table').waitFor();
      await shoot(admin, 'console-contest-show-en');
      await admin.goto(`${env.server.url}/admin/contests/${contestId}`);
      await admin.locator('input[name="prizes.1.cashFen"]').waitFor();
      await shoot(admin, 'console-contest-form-en');
    }
    const published = await adminApi(`/contests/${contestId}`);
    assert.ok(published.resultsPublishedAt);
    // Once published the setup is frozen, and the console no longer offers to edit it.
    const { id: _id, stage: _stage, rubricBase: _base, resultsPublishedAt: _at, createdAt: _created, updatedAt: _updated, ...setup } = published;
    const locked = await adminApi(`/contests/${contestId}`, { method: 'PUT', body: JSON.stringify(setup) });
    assert.equal(locked.code, 8014);
    assert.equal(await admin.getByTestId('admin-contest-edit').count(), 0);

    // --- The winners' gallery shows both works with media that load.
    await page.goto(`${env.server.url}/postActivityDetail?id=${contestId}`);
    await eventually(async () => (await page.getByTestId('winner').count()) === 2, { timeoutMs: 15_000 });
    const media = await page.getByTestId('winner').evaluateAll((cards) =>
      Promise.all(
        cards.map(async (card) => {
          const videoNode = card.querySelector('video');
          if (videoNode) {
            videoNode.preload = 'metadata';
            videoNode.load();
            await new Promise((resolve) => (videoNode.readyState >= 1 ? resolve() : videoNode.addEventListener('loadedmetadata', resolve, { once: true })));
            return `video ${videoNode.videoWidth}`;
          }
          const image = card.querySelector('img');
          image.loading = 'eager';
          await (image.complete ? Promise.resolve() : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })));
          return `img ${image.naturalWidth}`;
        }),
      ),
    );
    assert.deepEqual(media.sort(), ['img 1600', 'video 1920']);
    await shoot(page, 'store-winners');

    await judgeContext.close();
    await store.close();
    await staff.context.close();
    assert.ok(Date.now() - started < 180_000, `took ${Date.now() - started} ms`);
  });
  it('shows the standings on the results’ one scale, labelled, in the console in both languages (one score of 8 out of 10 is 80.00 out of 100)', async () => {
    const staff = await staffSignIn(env, 'contest', 'contest12345');
    const contest = await consoleCall(staff, '/contests', {
      method: 'POST',
      body: JSON.stringify({ titleZh: '刻度测试赛', titleEn: 'Scale test contest', maxScore: 10, pointsPool: 0, phases: isoPhases('review'), tracks: [{ kind: 'photo', titleZh: '组图', titleEn: 'Photo group' }], prizes: [] }),
    });
    const trackId = contest.tracks[0].id;
    const judge = await consoleCall(staff, '/contest-judges', { method: 'POST', body: JSON.stringify({ contestId: contest.id, name: '刻度评委', trackIds: [trackId] }) });
    const {
      rows: [entry],
    } = await env.db.query(
      `INSERT INTO "contests"."entries" ("contest_id", "track_id", "user_id", "kind", "title", "signature", "location", "intro", "equipment", "age", "gender", "owner_flag", "student_flag", "status", "submitted_at")
       VALUES ($1, $2, gen_random_uuid(), 'photo', '八分的作品', '林间', '杭州', '一组照片', 'Nikon Z8', 30, 'female', false, false, 'approved', now() - interval '2 hours') RETURNING "id"`,
      [contest.id, trackId],
    );
    const scored = await fetch(`${env.server.url}/api/judge/score`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: judge.key, entryId: entry.id, score: 8 }) }).then((response) => response.json());
    assert.equal(scored.code, 0, JSON.stringify(scored));

    const admin = staff.page;
    await admin.setViewportSize({ width: 1400, height: 900 });
    for (const [language, locale, heading] of [['zh', '"zh"', '平均分（满分 100）'], ['en', '"en"', 'Average (out of 100)']]) {
      await admin.evaluate((value) => localStorage.setItem('RaStore.locale', value), locale);
      await admin.goto(`${env.server.url}/admin/contests/${contest.id}/show/standings`);
      await eventually(async () => (await admin.getByTestId('admin-contest-standing').count()) === 1, { timeoutMs: 15_000 });
      const table = admin.getByTestId('admin-contest-standings');
      assert.equal(await table.getByRole('columnheader', { name: heading }).count(), 1);
      assert.equal((await admin.getByTestId('admin-contest-standing-average').textContent()).trim(), '80.00');
      await shoot(admin, `console-contest-standings-scale-${language}`);
    }
    await admin.evaluate(() => localStorage.setItem('RaStore.locale', '"zh"'));
    await staff.context.close();
  });
  it('states the car requirements with the other entry rules on /ActivityDetail, in both languages', async () => {
    const staff = await staffSignIn(env, 'contest', 'contest12345');
    const contest = await consoleCall(staff, '/contests', {
      method: 'POST',
      body: JSON.stringify({ titleZh: '车与城市影像赛', titleEn: 'Cars and the city', maxScore: 10, pointsPool: 0, phases: isoPhases('submission'), tracks: [{ kind: 'video', titleZh: '影片', titleEn: 'Film' }, { kind: 'photo', titleZh: '组图', titleEn: 'Photo group' }], prizes: [] }),
    });
    await staff.context.close();
    const page = await storeAs('13900000942');
    for (const [language, video, photo] of [
      ['zh-CN', /品牌车型出镜 10 秒以上；封面：JPG，1920x1080，2MB 以内，须包含车型/, /首张图片须包含车型/],
      ['en', /with the brand’s car visible for over 10 seconds; cover: JPG, 1920x1080, 2 MB or less, showing the car/, /the first photo of the group must show the car/],
    ]) {
      await useLanguage(page, language);
      await page.goto(`${env.server.url}/ActivityDetail?id=${contest.id}`);
      const tracks = page.getByTestId('contest-track');
      await eventually(async () => (await tracks.count()) === 2);
      assert.match(await tracks.nth(0).textContent(), video);
      assert.match(await tracks.nth(1).textContent(), photo);
      // The entry form repeats the chosen track's rules beside its file pickers.
      await page.getByTestId('entry-form').waitFor();
      await page.getByTestId('entry-track').selectOption(String(contest.tracks[1].id));
      assert.match(await page.getByTestId('entry-form').textContent(), photo);
      await shoot(page, `store-contest-rules-${language}`);
    }
    await page.context().close();
  });

  it('shows a contest’s own entry limit and only the award boxes its prizes offer, and holds entrants to that limit', async () => {
    const staff = await staffSignIn(env, 'contest', 'contest12345');
    const base = { maxScore: 10, pointsPool: 0, phases: isoPhases('submission'), tracks: [{ kind: 'photo', titleZh: '组图', titleEn: 'Photo group' }] };
    const three = await consoleCall(staff, '/contests', {
      method: 'POST',
      body: JSON.stringify({ ...base, titleZh: '三件为限', titleEn: 'Three at most', entriesPerTrack: 3, prizes: [{ trackIndex: null, place: 1, winners: 1, titleZh: '大奖', titleEn: 'Grand prize', cashFen: 100_000 }] }),
    });
    assert.equal(three.entriesPerTrack, 3);
    const owners = await consoleCall(staff, '/contests', {
      method: 'POST',
      body: JSON.stringify({ ...base, titleZh: '车主专场', titleEn: 'Owners only', prizes: [{ trackIndex: null, place: 1, winners: 1, titleZh: '车主奖', titleEn: 'Owner award', cashFen: 888_800, eligibility: 'owner' }] }),
    });
    assert.equal(owners.entriesPerTrack, 15);

    // The console shows and edits the limit.
    const admin = staff.page;
    await admin.setViewportSize({ width: 1400, height: 1000 });
    await admin.goto(`${env.server.url}/admin/contests/${three.id}/show`);
    await admin.getByTestId('admin-contest-entries-per-track').waitFor();
    assert.match(await admin.getByTestId('admin-contest-entries-per-track').textContent(), /3/);
    await shoot(admin, 'console-contest-entries-per-track');
    await admin.goto(`${env.server.url}/admin/contests/${three.id}`);
    assert.equal(await admin.locator('input[name=entriesPerTrack]').inputValue(), '3');
    await staff.context.close();

    const page = await storeAs('13900000943');
    for (const [language, limit, defaultLimit] of [['zh-CN', '每个赛道每人最多投稿 3 次', '每个赛道每人最多投稿 15 次'], ['en', 'At most 3 entries per track per person', 'At most 15 entries per track per person']]) {
      await useLanguage(page, language);
      await page.goto(`${env.server.url}/ActivityDetail?id=${three.id}`);
      await page.getByTestId('entry-form').waitFor();
      const detail = await page.getByTestId('contest-detail').textContent();
      assert.ok(detail.includes(limit), detail);
      assert.ok(!detail.includes(defaultLimit), detail);
      assert.equal(await page.getByTestId('entry-owner').count(), 0);
      assert.equal(await page.getByTestId('entry-student').count(), 0);
      await shoot(page, `store-contest-own-limit-${language}`);
      await page.goto(`${env.server.url}/ActivityDetail?id=${owners.id}`);
      await page.getByTestId('entry-form').waitFor();
      assert.ok((await page.getByTestId('contest-detail').textContent()).includes(defaultLimit));
      assert.equal(await page.getByTestId('entry-owner').count(), 1);
      assert.equal(await page.getByTestId('entry-student').count(), 0);
      await shoot(page, `store-contest-owner-only-${language}`);
      if (language === 'en') {
        // Three entries are taken and the fourth is refused with the contest's own limit.
        const token = await page.evaluate(() => localStorage.getItem('token'));
        const trackId = three.tracks[0].id;
        for (let n = 0; n < 4; n += 1) {
          const fileIds = [];
          for (let i = 0; i < 5; i += 1) fileIds.push(await upload(token, { contestId: three.id, trackId, role: 'photo' }, `limit-${n}-${i}.jpg`, await blocks(500 + n * 10 + i, 800, 600)));
          const sent = await storeCall(token, '/contest/entry/submit', { contestId: three.id, trackId, type: 'photo', ...details, title: `Limit ${n + 1}`, fileIds }, 'en');
          if (n < 3) assert.equal(sent.code, 0, JSON.stringify(sent));
          else assert.equal(sent.message, 'At most 3 submissions per track per person');
        }
      }
    }
    await page.context().close();
  });
});
