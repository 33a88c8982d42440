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
    assert.ok(preferences.some((counts) => counts?.videoShopping === 1 && counts?.photoShopping === 0), 'the badge comes from /home/preference');
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
});
