import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { eventually, useServerAndBrowser } from './harness.mjs';

/**
 * Search by image in a real browser, on the demo catalogue indexed by the visual indexing job: a
 * frame saved from a demo clip's detail page, re-encoded as a buyer's picture would be, pasted
 * into the header's camera panel, finds that clip first with its time code; the frame button on
 * the detail page does the same; a picture of the wrong type is refused where it was chosen.
 */
describe('search by image in a real browser', () => {
  const env = useServerAndBrowser({ before, after }, { env: { VISUAL_INDEXING: 'on' } });
  const shots = process.env.SCREENSHOT_DIR;

  /** The first demo clip with a preview, and a frame of it that the index finds once the job has indexed it. */
  async function indexedClip(browser) {
    const search = await fetch(`${env.server.url}/api/material/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'video', pageSize: 60 }) });
    const clip = (await search.json()).data.infos.find((card) => card.url480);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/Detail?id=${clip.id}`);
    const probe = await savedFrame(page, 1);
    await context.close();
    // The job indexes the demo in the background after start-up; on a busy machine that takes
    // minutes. Asked every 5 s: every 2 s passed the limit of 30 searches a minute per address.
    await eventually(
      async () => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(probe)], { type: 'image/jpeg' }), 'probe.jpg');
        const answer = await (await fetch(`${env.server.url}/api/material/searchByImage`, { method: 'POST', body: form })).json();
        return answer.data?.sources?.some((source) => source.id === clip.id);
      },
      { timeoutMs: 300_000, intervalMs: 5_000 },
    );
    return clip;
  }

  /** The frame at `seconds` of the detail page's player, as the JPEG a buyer would save. */
  async function savedFrame(page, seconds) {
    await page.getByTestId('detail-player').waitFor();
    const dataUrl = await page.evaluate(async (at) => {
      const video = document.querySelector('[data-testid=detail-player]');
      if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
      video.currentTime = at;
      await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d').drawImage(video, 0, 0);
      return canvas.toDataURL('image/png');
    }, seconds);
    // Re-encoded and resized as a picture passed around in a chat would be.
    const png = Buffer.from(dataUrl.split(',')[1], 'base64');
    const { width } = await sharp(png).metadata();
    return sharp(png).resize(Math.round(width * 0.8)).jpeg({ quality: 60 }).toBuffer();
  }

  // The first test waits for the background indexing (indexedClip): longer than the suite's 180 s a test.
  it('finds the clip a pasted frame comes from, first, with its time code, in both languages and at 375 px', { timeout: 420_000 }, async () => {
    const clip = await indexedClip(env.browser);
    for (const [lang, viewport] of [['zh-CN', { width: 1440, height: 900 }], ['en', { width: 1440, height: 900 }], ['zh-CN', { width: 375, height: 812 }]]) {
      const context = await env.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
      await page.goto(`${env.server.url}/Detail?id=${clip.id}`);
      const at = Math.min(3, (clip.duration ?? 4) * 0.6);
      const picture = await savedFrame(page, at);

      // Pasted into the header's camera panel (desktop), or chosen there (the phone's picker).
      await page.goto(`${env.server.url}/`);
      if (viewport.width < 600) await page.getByTestId('mobile-menu-toggle').click();
      const camera = page.locator('[data-testid=image-search-button]:visible').first();
      await camera.click();
      // A phone gets the answer page's own picker; a desktop the panel under the search box.
      await (viewport.width < 600 ? page.getByTestId('image-search-page-drop') : page.getByTestId('image-search-panel')).waitFor();
      if (shots) await page.screenshot({ path: `${shots}/image-search-panel-${lang}-${viewport.width}.png` });
      if (viewport.width >= 600) {
        await page.evaluate(async (base64) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const data = new DataTransfer();
          data.items.add(new File([bytes], 'pasted.jpg', { type: 'image/jpeg' }));
          document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
        }, picture.toString('base64'));
      } else {
        await page.getByTestId('image-search-page-drop-input').setInputFiles({ name: 'frame.jpg', mimeType: 'image/jpeg', buffer: picture });
      }
      // The answer's address names the kept picture, so a reload or a filter asks by its id.
      await page.waitForURL(/\/ImageSearch\?q=[0-9a-f-]{36}$/);
      const first = page.getByTestId('image-search-source').first();
      await first.waitFor();
      assert.match(await first.getAttribute('href'), new RegExp(`/Detail\\?id=${clip.id}&t=`));
      const seconds = Number(new URL(await first.getAttribute('href'), env.server.url).searchParams.get('t'));
      assert.ok(Math.abs(seconds - at) <= 2, `time code ${seconds} s for a frame at ${at} s`);
      const timeText = await page.getByTestId('image-search-time').first().innerText();
      assert.match(timeText, lang === 'en' ? /^at \d+:\d\d$/ : /^\d+:\d\d 处$/);
      if (viewport.width < 600) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `no sideways scroll at 375 px (${overflow} px)`);
      }
      if (shots) await page.screenshot({ path: `${shots}/image-search-${lang}-${viewport.width}.png`, fullPage: true });

      // The source opens the clip at that moment.
      await first.click();
      await page.waitForURL(/\/Detail\?id=\d+&t=/);
      await eventually(() => page.evaluate(() => document.querySelector('[data-testid=detail-player]')?.currentTime > 0), { timeoutMs: 15_000 });
      await context.close();
    }
  });

  it("searches with the frame on a clip's detail page, and refuses a picture of the wrong type where it was chosen", async () => {
    const clip = await indexedClip(env.browser);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    // A card's "more like this" (on hover) opens the detail page at its similar materials.
    await page.goto(`${env.server.url}/SearchResult?type=video`);
    const card = page.getByTestId('material-card').first();
    await card.hover();
    if (shots) await card.screenshot({ path: `${shots}/card-more-like-this-en.png` });
    await card.getByTestId('card-more-like-this').click();
    await page.waitForURL(/\/Detail\?id=\d+.*#more-like-this$/);
    const similarSection = page.getByTestId('more-like-this');
    await similarSection.waitFor();
    await eventually(async () => {
      const box = await similarSection.boundingBox();
      // Scrolled to it (its top at the window's, give or take a fraction of a pixel).
      return box !== null && box.y > -2 && box.y < 860;
    }, { timeoutMs: 10_000 });

    // A touch screen has no hover: there the way to similar materials is an icon in sight, tapped.
    const phone = await env.browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const touch = await phone.newPage();
    await touch.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    await touch.goto(`${env.server.url}/SearchResult?type=video`);
    const touchCard = touch.getByTestId('material-card').first();
    const icon = touchCard.getByTestId('card-more-like-this');
    await icon.waitFor();
    assert.equal(await icon.evaluate((element) => getComputedStyle(element).opacity), '1');
    assert.equal(await icon.getAttribute('aria-label'), '找相似');
    if (shots) await touchCard.screenshot({ path: `${shots}/card-more-like-this-touch-zh.png` });
    await icon.tap();
    await touch.waitForURL(/\/Detail\?id=\d+.*#more-like-this$/);
    await phone.close();

    await page.goto(`${env.server.url}/Detail?id=${clip.id}`);

    // More like this, steered: by colours only, then colours within the subject.
    const [steered] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/material/similarBy')),
      page.getByTestId('similar-by-colour').click(),
    ]);
    assert.deepEqual(JSON.parse(steered.request().postData()), { id: clip.id, subject: true, colour: true, composition: false });
    assert.equal((await steered.json()).data.byLook, true);
    await page.getByTestId('similar-by-subject').click();
    await page.getByTestId('more-like-this').getByTestId('material-card').first().waitFor();
    assert.equal(await page.getByTestId('similar-by-subject').getAttribute('aria-pressed'), 'false');
    if (shots) await page.getByTestId('more-like-this').screenshot({ path: `${shots}/more-like-this-colour-en.png` });

    await savedFrame(page, 1.5);
    await page.getByTestId('detail-search-frame').click();
    await page.waitForURL(/\/ImageSearch\?q=[0-9a-f-]{36}$/);
    const first = page.getByTestId('image-search-source').first();
    await first.waitFor();
    assert.match(await first.getAttribute('href'), new RegExp(`/Detail\\?id=${clip.id}&t=`));
    if (shots) await page.screenshot({ path: `${shots}/image-search-frame-en.png`, fullPage: true });

    // Narrowed to photos: the clip is no longer a source; back to all kinds, it is again.
    await page.getByTestId('image-search-kind-pic').click();
    await page.waitForURL(/type=pic/);
    await eventually(async () => (await page.getByTestId('image-search-source').count()) === 0 && (await page.getByTestId('image-search-no-source').count()) === 1);
    const photoCards = await page.getByTestId('material-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-id'))));
    for (const id of photoCards.slice(0, 4)) {
      const detail = await (await fetch(`${env.server.url}/api/material/detail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) })).json();
      assert.equal(detail.data.kind, 'photo');
    }
    if (shots) await page.screenshot({ path: `${shots}/image-search-photos-en.png`, fullPage: true });
    await page.getByTestId('image-search-kind-all').click();
    await page.getByTestId('image-search-source').first().waitFor();
    // The second page of look-alikes, by the pager.
    const total = Number(await page.getByTestId('image-search-similar-count').getAttribute('data-count'));
    if (total > 24) {
      const firstPage = await page.getByTestId('material-card').first().getAttribute('data-id');
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2', exact: true }).click();
      await page.waitForURL(/page=2/);
      await eventually(async () => (await page.getByTestId('material-card').first().getAttribute('data-id')) !== firstPage);
    }

    // A reload asks by the id: the same answer, with the kept copy of the picture.
    await page.reload();
    await page.getByTestId('image-search-source').first().waitFor();
    assert.match(await page.getByTestId('image-search-query').getAttribute('src'), /\/files\/image-queries\//);

    await page.locator('[data-testid=image-search-button]:visible').first().click();
    await page.getByTestId('image-search-panel').getByTestId('image-search-drop-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    assert.equal(await page.getByTestId('image-search-drop-problem').innerText(), 'Use a jpg, png or webp picture');

    // Without a picture named, the page asks for one.
    await page.goto(`${env.server.url}/ImageSearch`);
    await page.getByTestId('image-search-page-drop').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/image-search-empty-en.png` });
    await context.close();
  });

  it('narrows a keyword search by a colour swatch, in both languages and at 375 px', async () => {
    const clip = await indexedClip(env.browser);
    const post = async (path, body) =>
      (await (await fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()).data;
    // A word of the clip's that matches clips of several colours, once the job has indexed them.
    const { keywords } = await post('/material/detail', { id: clip.id });
    let keyword;
    let swatch;
    await eventually(
      async () => {
        for (const word of keywords) {
          const found = await post('/material/search', { keyword: word, type: 'video', pageSize: 1 });
          const narrowing = found.facets.colour.find((bucket) => bucket.count > 0 && bucket.count < found.total);
          if (narrowing) [keyword, swatch] = [word, narrowing.value];
          if (narrowing) return true;
        }
        return false;
      },
      { timeoutMs: 120_000, intervalMs: 2_000 },
    );

    for (const [lang, viewport] of [['en', { width: 1440, height: 900 }], ['zh-CN', { width: 1440, height: 900 }], ['zh-CN', { width: 375, height: 812 }]]) {
      const context = await env.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
      await page.goto(`${env.server.url}/SearchResult?keyword=${encodeURIComponent(keyword)}&type=video`);
      const count = page.getByTestId('result-count');
      await page.getByTestId('material-card').first().waitFor();
      const before = Number(await count.getAttribute('data-count'));
      if (viewport.width < 600) await page.getByTestId('filters-toggle').click();
      const button = page.getByTestId(`filter-colour-${swatch}`);
      assert.match(await button.getAttribute('aria-label'), lang === 'en' ? /^[A-Z][a-z]+ \(\d+\)$/ : /^\p{Script=Han}+色 \(\d+\)$/u);
      await button.click();
      await page.waitForURL(new RegExp(`colour=${swatch}`));
      await eventually(async () => Number(await count.getAttribute('data-count')) < before, { timeoutMs: 10_000 });
      assert.equal(await button.getAttribute('aria-checked'), 'true');
      if (shots) await page.screenshot({ path: `${shots}/colour-filter-${lang}-${viewport.width}.png` });
      // Every clip listed has that colour.
      const ids = await page.getByTestId('material-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-id'))));
      assert.ok(ids.length > 0);
      for (const id of ids.slice(0, 6)) assert.ok((await post('/material/detail', { id })).filters.colour.includes(swatch), `clip ${id} is ${swatch}`);
      await context.close();
    }
  });
});
