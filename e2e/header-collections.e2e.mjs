import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, signInOnStore, useServerAndBrowser } from './harness.mjs';

// A small music library with sound effects; ready waits for it.
process.env.DEMO_MUSIC_SIZE ??= '9';
process.env.DEMO_MUSIC_WAIT = 'true';
/** Set SCREENSHOT_DIR=<dir> to keep screenshots of the header and /Collect in both languages. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/**
 * The header's counters and collection tabs read the spec's calls (/home/preference with the
 * cart counts, /music/collect/my for music and sound effects), and the collections page plays its
 * music with a `collect` source list, so the player's next follows the collection.
 */
describe('header counts, music collections and playing from /Collect', () => {
  const env = useServerAndBrowser({ before, after });

  async function shoot(page, name) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  }

  /** Every store call the page makes: path and JSON body. */
  function recordCalls(page) {
    const calls = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'POST' || !url.pathname.startsWith('/api/')) return;
      let body = null;
      try {
        body = request.postDataJSON();
      } catch {
        // multipart or empty
      }
      calls.push({ path: url.pathname.slice('/api'.length), body });
    });
    return calls;
  }

  /** A store call with the signed-in page's token. */
  const api = (page, path, body = {}) =>
    page.evaluate(
      async ([path, body]) => {
        const response = await fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: localStorage.getItem('token') }, body: JSON.stringify(body) });
        return (await response.json()).data;
      },
      [path, body],
    );

  const newPage = async () => (await env.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();

  it('counts the cart through /home/preference, without reading the cart list', async () => {
    const page = await newPage();
    const calls = recordCalls(page);
    await signInOnStore(env.server, page, '13800000021');
    const preferences = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/home/preference') return;
      preferences.push(await response.json().then((reply) => reply.data, () => null));
    });

    await page.goto(`${env.server.url}/SearchResult?type=video`);
    const videoId = await page.getByTestId('material-card').first().getAttribute('data-id');
    await page.goto(`${env.server.url}/Detail?id=${videoId}`);
    await page.getByTestId('detail-add-to-cart').click();
    await page.getByText('已加入购物车').first().waitFor();
    await eventually(async () => (await page.getByTestId('cart-badge').getAttribute('data-count')) === '1');
    // The response handler reads the body asynchronously: wait for it rather than race it.
    await eventually(() => preferences.some((counts) => counts?.videoShopping === 1 && counts?.photoShopping === 0), { timeoutMs: 5_000 });
    await shoot(page, 'header-cart-badge-zh');

    // On a fresh page the badge is read from /home/preference alone.
    calls.length = 0;
    await page.goto(`${env.server.url}/`);
    await eventually(async () => (await page.getByTestId('cart-badge').getAttribute('data-count')) === '1');
    assert.deepEqual(calls.filter((call) => call.path === '/cart/list'), [], 'the header does not read the cart list for its badge');
    assert.ok(calls.some((call) => call.path === '/home/preference'));
    await page.getByTestId('lang-toggle').click();
    await page.getByTestId('cart-menu').hover();
    await page.getByTestId('cart-dropdown-item').first().waitFor();
    await shoot(page, 'header-cart-dropdown-en');

    // Removing it on /Cart brings the badge back to 0.
    await page.goto(`${env.server.url}/Cart`);
    const cartId = (await api(page, '/cart/list', { category: 0 })).infos[0].cartId;
    await api(page, '/cart/remove', { cartId });
    await page.goto(`${env.server.url}/`);
    await eventually(async () => (await page.getByTestId('cart-badge').getAttribute('data-count')) === '0');
    await page.context().close();
  });

  it('shows music and sound-effect favourites from /music/collect/my (6 in the header, 10 on /Collect) and plays them as a collect list', async () => {
    const page = await newPage();
    const calls = recordCalls(page);
    await signInOnStore(env.server, page, '13800000022');
    const music = (await api(page, '/music/search', { musicType: 1, pageNo: 1, pageSize: 20 })).infos.map((m) => m.musicId);
    const effects = (await api(page, '/music/search', { musicType: 2, pageNo: 1, pageSize: 20 })).infos.map((m) => m.musicId);
    assert.ok(music.length >= 4 && effects.length >= 1, `demo music: ${music.length} tracks, ${effects.length} effects`);
    const [other, first, second, third] = music;
    for (const musicId of [first, second, third, effects[0]]) await api(page, '/music/collect', { musicId });

    // The header's tabs: music and sound effects through /music/collect/my, 6 a page.
    await page.goto(`${env.server.url}/`);
    await page.getByTestId('collect-menu').hover();
    await page.getByTestId('collect-dropdown').waitFor();
    await page.getByTestId('collect-dropdown-tab-2').click();
    await eventually(async () => (await page.getByTestId('collect-dropdown').getByTestId('collect-item').count()) === 3);
    await shoot(page, 'header-collect-music-zh');
    await page.getByTestId('collect-dropdown-tab-3').click();
    await eventually(async () => (await page.getByTestId('collect-dropdown').getByTestId('collect-item').count()) === 1);
    const collectMy = calls.filter((call) => call.path === '/music/collect/my').map((call) => call.body);
    assert.deepEqual(collectMy, [
      { musicType: 1, pageNo: 1, pageSize: 6 },
      { musicType: 2, pageNo: 1, pageSize: 6 },
    ]);
    assert.deepEqual(calls.filter((call) => call.path === '/space/bookmark' && call.body.targetType >= 2), [], 'no music through /space/bookmark');

    // Something else plays first, so the history alone would lead elsewhere.
    await page.goto(`${env.server.url}/Music`);
    await page.locator(`[data-testid="music-block"][data-music-id="${other}"] [data-testid="music-play"]`).click();
    await eventually(async () => Number(await page.getByTestId('music-player').getAttribute('data-music-id')) === other);

    // /Collect's music tab: 10 a page, newest favourite first; playing it makes the collection the list next follows.
    calls.length = 0;
    await page.goto(`${env.server.url}/Collect?targetType=2`);
    const blocks = page.getByTestId('collect-music').getByTestId('music-block');
    await eventually(async () => (await blocks.count()) === 3);
    assert.deepEqual(calls.filter((call) => call.path === '/music/collect/my').map((call) => call.body), [{ musicType: 1, pageNo: 1, pageSize: 10 }]);
    const order = await blocks.evaluateAll((list) => list.map((b) => Number(b.getAttribute('data-music-id'))));
    assert.deepEqual(order, [third, second, first]);
    await blocks.first().getByTestId('music-play').click();
    const playing = async () => Number(await page.getByTestId('music-player').getAttribute('data-music-id'));
    await eventually(async () => (await playing()) === third);
    await shoot(page, 'collect-music-zh');
    await page.getByTestId('player-next').click();
    await eventually(async () => (await playing()) === second);
    await page.getByTestId('player-next').click();
    await eventually(async () => (await playing()) === first);
    // Past the end: the next page comes back empty, so the list starts again at page 1.
    await page.getByTestId('player-next').click();
    await eventually(async () => (await playing()) === third);
    const pages = calls.filter((call) => call.path === '/music/collect/my').map((call) => [call.body.pageNo, call.body.pageSize, call.body.musicType]);
    assert.deepEqual(pages.slice(-2), [[2, 10, 1], [1, 10, 1]]);

    await page.getByTestId('lang-toggle').click();
    await page.getByTestId('collect-tab-3').click();
    await eventually(async () => (await page.getByTestId('collect-music').getByTestId('music-block').count()) === 1);
    await shoot(page, 'collect-sfx-en');
    await page.getByTestId('collect-menu').hover();
    await page.getByTestId('collect-dropdown-tab-3').click();
    await eventually(async () => (await page.getByTestId('collect-dropdown').getByTestId('collect-item').count()) === 1);
    await shoot(page, 'header-collect-sfx-en');
    await page.context().close();
  });
});
