import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, signInOnStore, useServerAndBrowser } from './harness.mjs';

/**
 * Contributor uploads end to end: a gid-3 contributor uploads a real 1080p H.264 clip (pausing,
 * reloading and resuming from the checkpoint) and a 12-megapixel photo, sees them processed in
 * the material centre, a reviewer approves them in the console and a buyer finds them in search.
 * Screenshots go to SCREENSHOT_DIR when it is set.
 */
describe('contributor uploads in a real browser', () => {
  // The deployment offers the desktop uploader for Windows and Mac (hidden when not configured).
  const desktopLinks = { windows: '/files/uploader/LumenUploader-2.3.2-win-x64.exe', mac: 'https://downloads.example.com/LumenUploader-2.3.2-mac.dmg' };
  const env = useServerAndBrowser({ before, after }, { env: { DESKTOP_UPLOADER_WINDOWS_URL: desktopLinks.windows, DESKTOP_UPLOADER_MAC_URL: desktopLinks.mac } });
  const work = mkdtempSync(join(tmpdir(), 'uploads-e2e-'));
  after(() => rmSync(work, { recursive: true, force: true }));
  const clip = join(work, 'Lighthouse.mp4');
  const photo = join(work, 'Harbour.jpg');
  // A signed model release as contributors scan them: a one-page PDF.
  const release = join(work, 'model-release.pdf');
  writeFileSync(release, '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  let contributorState;
  const shots = process.env.SCREENSHOT_DIR;
  if (shots) mkdirSync(shots, { recursive: true });
  const shoot = async (page, name) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
  };

  before(async () => {
    // Lossless, so the real 1080p clip is over the production 10 MB minimum: 11 parts of 1 MB.
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-t', '3.2',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', clip]);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="100%" height="100%" fill="#1d3557"/>' +
      '<circle cx="1200" cy="1300" r="700" fill="#f1c453"/><rect x="2200" y="1800" width="1400" height="800" fill="#e9ecef"/></svg>';
    await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(photo);
  });

  const signIn = (page, account) => signInOnStore(env.server, page, account);

  async function openStep(page, kind) {
    await page.getByTestId('header-upload').click();
    await page.getByTestId('upload-panel').waitFor();
    await page.getByTestId(`choose-${kind}`).click();
  }

  const fileStatus = (page) => page.getByTestId('upload-file').first().getAttribute('data-status');

  it('uploads a clip with pause, reload and resume, then a photo; both are processed in the material centre', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, '13800000003');
    // gid 3 first acknowledges that photo rights are included; the page reloads.
    await page.getByTestId('notice-ack').click();
    await page.waitForLoadState('load');
    await page.getByTestId('user-menu').waitFor();

    // A slow uplink (about 2 MB/s) so the pause lands while parts are still on their way.
    const cdp = await context.newCDPSession(page);
    const throttle = (bytesPerSecond) =>
      cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
    await throttle(2 * 1024 * 1024);
    // Part numbers the page PUTs: after the reload only the parts missing from the checkpoint may go.
    const sent = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/files-upload/')) sent.push(Number(new URL(request.url()).searchParams.get('partNumber')));
    });
    const percent = async () => Number((await page.getByTestId('upload-file').first().getAttribute('data-percent')) ?? 0);

    await openStep(page, 'video');
    await shoot(page, 'upload-panel-video-zh');
    await page.getByTestId('upload-start').click();
    assert.equal(await page.getByTestId('upload-error').innerText(), '当前没有可上传的文件');
    let partsAcknowledged = 0;
    page.on('requestfinished', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/files-upload/')) partsAcknowledged += 1;
    });
    await page.getByTestId('upload-input').setInputFiles(clip);
    await page.getByTestId('upload-start').click();
    // Progress counts bytes as they leave: it moves before the first part (ten share the uplink,
    // about 5 s each here) is acknowledged, rather than sitting at 0 % and jumping.
    await eventually(async () => (await percent()) > 0, { timeoutMs: 30_000 });
    assert.equal(partsAcknowledged, 0, 'the percentage moved while the first parts were still on their way');
    // Pause once a few parts are stored, so the checkpoint has something to resume from.
    await eventually(() => partsAcknowledged >= 3, { timeoutMs: 30_000, intervalMs: 50 });
    // Leaving now would stop the tasks: the page asks first.
    assert.equal(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }))), true);
    await shoot(page, 'upload-panel-progress-zh');
    await page.getByTestId('upload-pause').click();
    await eventually(async () => (await fileStatus(page)) === 'paused');
    assert.ok((await percent()) < 100, 'paused before the end');

    // Reload mid-upload: the panel remembers the unfinished file; adding it again resumes.
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    await throttle(-1);
    await openStep(page, 'video');
    await page.getByTestId('upload-unfinished').getByText('Lighthouse.mp4').waitFor();
    await page.getByTestId('upload-input').setInputFiles(clip);
    sent.length = 0;
    const [checkpoint] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/upload/token/video')).then((r) => r.json()),
      page.getByTestId('upload-start').click(),
    ]);
    await eventually(async () => (await fileStatus(page)) === 'success', { timeoutMs: 60_000 });
    const stored = checkpoint.data.uploadedParts;
    assert.ok(stored.length >= 3 && stored.length < 11, `the checkpoint holds ${stored.length} of 11 parts`);
    const resent = [...new Set(sent)].sort((a, b) => a - b);
    assert.deepEqual(resent, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].filter((part) => !stored.includes(part)), 'only the missing parts are sent');

    // Back with files listed asks first, then clears; the photo goes through step 3.
    await page.getByTestId('upload-back').click();
    await page.getByTestId('upload-confirm-back-ok').click();
    await page.getByTestId('choose-photo').click();
    await page.getByTestId('upload-input').setInputFiles(photo);
    await page.getByTestId('upload-start').click();
    await eventually(async () => (await fileStatus(page)) === 'success', { timeoutMs: 60_000 });
    // A finished file leads to its details step: nothing goes to review on its file name.
    assert.match(await page.getByTestId('upload-file-details').getAttribute('href'), /^\/WorkDetail\?id=\d+&details=1$/);

    await page.getByTestId('upload-go-center').click();
    await page.waitForURL(/\/MaterialCenter\?tab=photoWaiting&mode=1&sec=-1/);
    await page.getByTestId('center-tab-home').click();
    await eventually(async () => {
      const states = await page.getByTestId('center-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      return states.length === 2 && states.every((state) => state === 'waiting');
    }, { timeoutMs: 150_000, intervalMs: 500 });
    await page.getByTestId('upload-minimise').click();
    assert.equal(await page.getByTestId('center-item-details-missing').count(), 2, 'both files wait for their details');
    await shoot(page, 'material-center-zh');

    // The details step, from the material centre: the form says what is missing, then saves.
    const giveDetails = async (fileName, text) => {
      await page.goto(`${env.server.url}/MaterialCenter?tab=home`);
      await page.getByTestId('center-item').filter({ hasText: fileName }).getByTestId('center-item-details').click();
      await page.getByTestId('details-form').waitFor();
      await page.getByTestId('details-save').click();
      for (const field of ['titleZh', 'titleEn', 'keywordsZh', 'keywordsEn', 'category', 'people', 'recognizable', 'property']) await page.getByTestId(`details-problem-${field}`).waitFor();
      if (text.shoot) await shoot(page, 'details-problems-zh');
      await page.getByTestId('details-titleZh').fill(text.titleZh);
      await page.getByTestId('details-titleEn').fill(text.titleEn);
      await page.getByTestId('details-keywordsZh').fill(text.keywordsZh);
      await page.getByTestId('details-keywordsEn').fill(text.keywordsEn);
      await page.getByTestId('details-category').selectOption({ index: 1 });
      if (text.acceptSuggestions) {
        // Keyword help: a suggestion of each language, tapped, goes after the keywords entered.
        for (const name of ['keywordsZh', 'keywordsEn']) {
          const chip = page.getByTestId(`details-suggest-${name}-add`).first();
          await chip.waitFor({ timeout: 20_000 });
          const tag = (await chip.textContent()).replace(/^\+\s*/, '');
          const before = await page.getByTestId(`details-${name}`).inputValue();
          await chip.click();
          assert.equal(await page.getByTestId(`details-${name}`).inputValue(), `${before}, ${tag}`);
        }
        if (text.shoot) await shoot(page, 'details-suggestions-zh');
      }
      await page.getByTestId(`details-people-${text.people}`).check();
      // Releases: a model release uploaded into the library from the form and attached, or none.
      await page.getByTestId(`details-recognizable-${text.modelRelease ? 'yes' : 'no'}`).check();
      await page.getByTestId(`details-property-${text.property ? 'yes' : 'no'}`).check();
      if (text.modelRelease) {
        await page.getByTestId('details-add-model').click();
        await page.getByTestId('details-new-model-name').fill(text.modelRelease);
        await page.getByTestId('details-new-model-file').setInputFiles(release);
        await page.getByTestId('details-new-model-submit').click();
        await page.locator('[data-testid^=details-release-]:checked').waitFor();
      } else if (text.property) {
        await page.getByTestId('details-releases-missing').waitFor();
      }
      await page.getByTestId(text.filter).check();
      if (text.shoot) await shoot(page, 'details-form-zh');
      await page.getByTestId('details-save').click();
      await page.locator('[data-testid=work-details-state][data-complete=true]').waitFor();
    };
    await giveDetails('Lighthouse.mp4', { titleZh: '海边灯塔 黄昏', titleEn: 'Lighthouse at dusk', keywordsZh: '灯塔，海边，黄昏，航海', keywordsEn: 'lighthouse, coast, dusk, sea', filter: 'details-shootingType-fixed', people: 'with-people', modelRelease: '王芳', shoot: true, acceptSuggestions: true });
    await giveDetails('Harbour.jpg', { titleZh: '港口 清晨', titleEn: 'Harbour in the morning', keywordsZh: '港口, 渔船, 清晨', keywordsEn: 'harbour, boats, morning', filter: 'details-composition-wide', people: 'none', property: true });
    await page.goto(`${env.server.url}/MaterialCenter?tab=home`);
    await page.getByTestId('center-item').nth(1).waitFor();
    assert.equal(await page.getByTestId('center-item-details-missing').count(), 0);
    await page.getByTestId('center-item-title').filter({ hasText: '海边灯塔' }).click();
    await page.getByTestId('work-preview').waitFor();
    assert.match(await page.locator('body').innerText(), /1920×1080/);
    await shoot(page, 'work-detail-zh');

    await page.getByTestId('lang-toggle').click();
    await page.goto(`${env.server.url}/MaterialCenter?tab=home`);
    await page.getByTestId('center-item').first().waitFor();
    await shoot(page, 'material-center-en');
    await page.getByTestId('center-item').filter({ hasText: 'Harbour' }).getByTestId('center-item-details').click();
    await page.getByTestId('details-form').waitFor();
    assert.equal(await page.getByTestId('details-titleEn').inputValue(), 'Harbour in the morning');
    assert.match(await page.getByTestId('details-form').innerText(), /Are there people in the picture\?/);
    await shoot(page, 'details-form-en');
    await page.goto(`${env.server.url}/MaterialCenter?view=releases`);
    await page.getByTestId('release-item').filter({ hasText: '王芳' }).getByText('Attached to 1 material(s)').waitFor();
    await shoot(page, 'release-library-en');
    await page.goto(`${env.server.url}/howToUseUploadTool`);
    await page.getByTestId('help-uploadTool').waitFor();
    assert.equal(await page.getByTestId('help-desktop-windows').getAttribute('href'), desktopLinks.windows);
    assert.equal(await page.getByTestId('help-desktop-mac').getAttribute('href'), desktopLinks.mac);
    await shoot(page, 'help-upload-tool');
    // The panel in English: the spec's wording of the empty-queue refusal, and the requirements sheet.
    await openStep(page, 'video');
    await page.getByTestId('upload-start').click();
    assert.equal(await page.getByTestId('upload-error').innerText(), 'there are no files to upload currently');
    await page.getByTestId('upload-requirements').click();
    await page.getByTestId('upload-requirements-sheet').getByText('Codec: H.264 or H.265').waitFor();
    await shoot(page, 'upload-requirements-en');
    await page.getByTestId('upload-requirements-sheet').getByRole('button').first().click();
    await page.getByTestId('upload-back').click();
    await page.getByTestId('open-desktop-uploader').click();
    await page.getByTestId('desktop-uploader').getByText('v2.3.2').first().waitFor();
    assert.equal(await page.getByTestId('desktop-mac').getAttribute('href'), desktopLinks.mac);
    await shoot(page, 'desktop-uploader-en');
    // The contributor comes back later in this file (signed in, in English) to see the take-down.
    contributorState = await context.storageState();
    await context.close();
  });

  it('lets a reviewer approve in the console; the buyer finds both in search', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/`);
    await page.locator('input[name=username]').fill('reviewer');
    await page.locator('input[name=password]').fill('reviewer12345');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const queue = await (await fetch(`${env.server.url}/admin-api/reviews?filter=${encodeURIComponent('{"status":"waiting"}')}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const video = queue.find((r) => r.fileName === 'Lighthouse.mp4');
    const picture = queue.find((r) => r.fileName === 'Harbour.jpg');
    assert.ok(video && picture, 'both uploads wait for review');
    assert.equal(video.codec, 'h264');
    assert.equal(picture.width * picture.height, 12_000_000);

    await page.goto(`${env.server.url}/admin/reviews/${video.id}/show`);
    await page.getByTestId('review-preview').waitFor();
    await shoot(page, 'console-review');
    // The contributor's details, and the approval dialog starting from them.
    assert.match(await page.getByTestId('review-details').innerText(), /Lighthouse at dusk[\s\S]*lighthouse, coast, dusk, sea/);
    // The model release attached, its name masked until a reviewer opens it (recorded in the audit log).
    assert.match(await page.getByTestId('review-release').innerText(), /王\*/);
    const opened = context.waitForEvent('page');
    await page.getByTestId('review-release-open').click();
    await (await opened).close();
    await page.getByTestId('review-release').getByText('王芳').waitFor();
    await page.getByTestId('review-approve').click();
    assert.equal(await page.getByTestId('review-titleEn').inputValue(), 'Lighthouse at dusk');
    await page.getByTestId('review-keywordsEn').fill('lighthouse, coast, dusk, sea, beacon');
    await shoot(page, 'console-review-approve');
    await page.getByTestId('review-approve-ok').click();
    await eventually(async () => (await (await fetch(`${env.server.url}/admin-api/reviews/${video.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status === 'published');
    await page.goto(`${env.server.url}/admin/reviews/${picture.id}/show`);
    // Private property without a release: only editorial use, which the dialog holds to.
    await page.getByTestId('review-releases-missing').waitFor();
    await page.getByTestId('review-approve').click();
    await page.getByTestId('review-editorial-required').waitFor();
    assert.equal(await page.getByTestId('review-editorial-only').isChecked(), true);
    assert.equal(await page.getByTestId('review-editorial-only').isDisabled(), true);
    await shoot(page, 'console-review-editorial');
    await page.getByTestId('review-approve-ok').click();
    await eventually(async () => (await (await fetch(`${env.server.url}/admin-api/reviews/${picture.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status === 'published');

    const buyer = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const store = await buyer.newPage();
    await signIn(store, '13800000001');
    // Found by its English keyword with the "model released" filter, shown with the contributor's Chinese title.
    await eventually(async () => {
      await store.goto(`${env.server.url}/SearchResult?keyword=Lighthouse&type=video&release=model-released`);
      await store.getByTestId('result-count').waitFor();
      return (await store.getByTestId('material-card').count()) > 0;
    }, { timeoutMs: 30_000, intervalMs: 1000 });
    assert.match(await store.getByTestId('material-card').first().innerText(), /海边灯塔 黄昏/);
    assert.equal(await store.getByTestId('filter-release-model-released').getAttribute('aria-checked'), 'true');
    await shoot(store, 'buyer-search-model-released');
    await eventually(async () => {
      await store.goto(`${env.server.url}/ImgSearchResult?keyword=Harbour&type=pic&release=editorial`);
      await store.getByTestId('result-count').waitFor();
      return (await store.getByTestId('material-card').count()) > 0;
    }, { timeoutMs: 30_000, intervalMs: 1000 });
    await shoot(store, 'buyer-search');
    // The photo is for editorial use only: its page says so, and a commercial licence for it is refused.
    await store.goto(`${env.server.url}/DetailPic?id=${await store.getByTestId('material-card').first().getAttribute('data-id')}`);
    await store.getByTestId('detail-editorial-only').waitFor();
    await shoot(store, 'detail-editorial-zh');
    await store.getByTestId('detail-add-to-cart').click();
    await store.getByText('已加入购物车').first().waitFor();
    await store.goto(`${env.server.url}/Cart?targetType=1`);
    await store.getByTestId('cart-item').first().waitFor();
    await store.getByTestId('cart-checkout').click();
    await store.waitForURL(/\/Putorder/);
    await store.getByTestId('putorder-item').first().waitFor();
    await store.getByTestId('putorder-projectType').selectOption('advertising');
    for (const [field, value] of [['buyerCompany', '上海光影传媒有限公司'], ['userCompany', '上海光影传媒有限公司'], ['projectName', '港口宣传片'], ['purpose', '品牌广告'], ['contact', '王小明']]) {
      await store.getByTestId(`putorder-${field}`).fill(value);
    }
    await store.getByTestId('putorder-submit').click();
    await store.getByTestId('putorder-confirm').click();
    assert.match(await store.getByTestId('putorder-failure').innerText(), /仅限编辑用途，不能用于商业授权：[A-Z]+\d+。/);
    await shoot(store, 'putorder-editorial-refused-zh');
    // Buyers search for what the catalogue lacks: the contributors' "what buyers look for" shows it below.
    for (let i = 0; i < 3; i++) {
      await store.goto(`${env.server.url}/SearchResult?keyword=${encodeURIComponent('独角兽')}&type=video`);
      await store.getByTestId('result-count').waitFor();
    }
    const searchedAt = Date.now();
    await buyer.close();

    // Staff take the clip off sale in the console; the contributor's material centre says so.
    const listed = await (
      await fetch(`${env.server.url}/admin-api/materials?filter=${encodeURIComponent('{"q":"Lighthouse","kind":"video"}')}&sort=${encodeURIComponent('["id","DESC"]')}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const material = listed.find((m) => m.contributorId !== null);
    assert.ok(material, 'the approved clip is a catalogue material');
    await page.goto(`${env.server.url}/admin/materials/${material.id}/show`);
    await page.getByTestId('material-publish-toggle').click();
    await eventually(async () => (await (await fetch(`${env.server.url}/admin-api/materials/${material.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status === 'unpublished');
    await context.close();

    const contributor = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: contributorState });
    const center = await contributor.newPage();
    const clipRow = center.getByTestId('center-item').filter({ hasText: 'Lighthouse' });
    await eventually(async () => {
      await center.goto(`${env.server.url}/MaterialCenter`);
      await center.getByTestId('center-item').first().waitFor();
      return (await clipRow.getAttribute('data-status')) === 'unpublished';
    }, { timeoutMs: 30_000, intervalMs: 1000 });
    assert.equal((await clipRow.getByTestId('center-item-status').innerText()).trim(), 'Taken off sale');
    await center.getByTestId('lang-toggle').click();
    await eventually(async () => (await clipRow.getByTestId('center-item-status').innerText()).trim() === '已下架');
    await shoot(center, 'material-centre-unpublished');

    // What buyers look for: the searches that found nothing lead the unmet demand once counted
    // (written every 10 s; the lists are then read from a cache for up to READ_CACHE_SECONDS, so not asked before).
    const unmet = center.getByTestId('demand-unmet').getByRole('link', { name: /独角兽/ });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, searchedAt + 11_000 - Date.now())));
    await eventually(async () => {
      await center.goto(`${env.server.url}/MaterialCenter?view=demand`);
      await center.getByTestId('demand-unmet').waitFor();
      return (await unmet.count()) > 0;
    }, { timeoutMs: 40_000, intervalMs: 2_000 });
    assert.match(await center.getByTestId('demand-unmet').locator('li').first().innerText(), /独角兽[\s\S]*3/);
    await shoot(center, 'demand-zh');
    await unmet.click();
    await center.waitForURL((url) => url.pathname === '/SearchResult' && url.searchParams.get('keyword') === '独角兽');

    // Sending the same photo again: the panel says so at once, naming the earlier upload.
    await openStep(center, 'photo');
    await center.getByTestId('upload-input').setInputFiles(photo);
    await center.getByTestId('upload-start').click();
    await center.getByTestId('upload-file-earlier').waitFor();
    assert.match(await center.getByTestId('upload-file-earlier').innerText(), /此前已上传过这个文件（ID \d+，(待审核|已上架)）/);
    await shoot(center, 'upload-panel-earlier-zh');
    await contributor.close();
  });
});
