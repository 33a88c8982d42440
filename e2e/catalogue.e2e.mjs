import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, signInOnStore, useServerAndBrowser } from './harness.mjs';

describe('catalogue in a real browser', () => {
  const env = useServerAndBrowser({ before, after });

  const searched = (page) => page.waitForResponse((r) => r.url().endsWith('/api/material/search') && r.request().method() === 'POST');

  /** Opens a result page and returns the total the page shows, once it shows this search's answer. */
  async function search(page, keyword, type = 'video') {
    const path = type === 'video' ? 'SearchResult' : 'ImgSearchResult';
    const [response] = await Promise.all([
      searched(page),
      page.goto(`${env.server.url}/${path}?keyword=${encodeURIComponent(keyword)}&type=${type === 'video' ? 'video' : 'pic'}`),
    ]);
    const { data } = await response.json();
    await eventually(async () => Number(await page.getByTestId('result-count').getAttribute('data-count')) === data.total);
    return data.total;
  }

  const signIn = (page, account) => signInOnStore(env.server, page, account);

  it('finds footage by a Chinese phrase, an English word, a traditional spelling and a material ID', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await page.getByTestId('search-input').first().fill('黄昏城市天际线');
    await page.getByTestId('search-submit').first().click();
    await page.waitForURL(/\/SearchResult\?/);
    await page.getByTestId('material-card').first().waitFor();
    assert.match(await page.getByTestId('material-card').first().innerText(), /城市/);

    assert.ok((await search(page, 'sunset')) > 0, 'English word');
    assert.ok((await search(page, 'sunsets')) > 0, 'English plural is stemmed');
    assert.ok((await search(page, '雲海')) > 0, 'traditional spelling is folded');
    // The synonym dictionary: no demo material is tagged "drone" or 无人机, the aerial ones are.
    const aerial = await search(page, 'aerial');
    assert.ok(aerial > 0, 'aerial');
    assert.equal(await search(page, 'drone'), aerial, 'an English synonym finds the aerial clips');
    assert.equal(await search(page, '无人机'), aerial, 'a Chinese synonym finds them too');

    const first = page.getByTestId('material-card').first();
    const id = await first.getAttribute('data-id');
    assert.equal(await search(page, id), 1, 'material ID');
    await context.close();
  });

  it('says which word a typo search shows results for, and searches the word as typed on request, in both languages', async () => {
    const expected = {
      'zh-CN': (corrected) => `没有找到“mountian”，显示的是“${corrected}”的结果。 仍然搜索“mountian”`,
      en: (corrected) => `Nothing matched “mountian”: showing results for “${corrected}”. Search for “mountian” instead`,
    };
    for (const lang of ['zh-CN', 'en']) {
      const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
      await page.goto(`${env.server.url}/`);
      const [response] = await Promise.all([searched(page), page.goto(`${env.server.url}/SearchResult?keyword=mountian&type=video`)]);
      const { data } = await response.json();
      assert.match(data.correctedKeyword, /^mountains?$/);
      assert.ok(data.total > 0, 'the corrected word finds the mountain clips');
      await page.getByTestId('material-card').first().waitFor();
      assert.equal((await page.getByTestId('search-corrected').innerText()).trim(), expected[lang](data.correctedKeyword));
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/search-corrected-${lang}.png` });

      // The typed word anyway: nothing, and said so, with no correction offered.
      const [asTyped] = await Promise.all([searched(page), page.getByTestId('search-as-typed').click()]);
      assert.equal(JSON.parse(asTyped.request().postData()).asTyped, true);
      await page.waitForURL((url) => url.searchParams.get('asTyped') === '1');
      await page.getByTestId('search-empty').waitFor();
      assert.equal(await page.getByTestId('search-corrected').count(), 0);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/search-as-typed-${lang}.png` });
      await context.close();
    }
  });

  it('narrows by a filter kept in the URL across a reload', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const all = await search(page, '');
    const [filtered] = await Promise.all([searched(page), page.getByTestId('filter-mediaType-aerial').click()]);
    const { data } = await filtered.json();
    assert.ok(data.total > 0 && data.total < all, `aerial ${data.total} of ${all}`);
    await page.waitForURL(/mediaType=aerial/);
    await eventually(async () => Number(await page.getByTestId('result-count').getAttribute('data-count')) === data.total);
    await page.reload();
    await eventually(async () => Number(await page.getByTestId('result-count').getAttribute('data-count')) === data.total);
    await context.close();
  });

  it('opens details and plays the real 480p preview', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await search(page, '');
    const id = await page.getByTestId('material-card').first().getAttribute('data-id');
    await page.goto(`${env.server.url}/Detail?id=${id}&mdp=6`);
    await page.getByTestId('detail-title').waitFor();
    const video = page.getByTestId('detail-player');
    await eventually(() => video.evaluate((el) => el.readyState >= 1 && el.videoWidth > 0), { timeoutMs: 15_000 });
    assert.match(await page.getByTestId('detail-code').innerText(), /^LV\d+/);
    await context.close();
  });

  it('asks a visitor to log in to favourite, and counts a signed-in favourite in the header', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await search(page, '');
    await page.getByTestId('card-favourite').first().click({ force: true });
    await page.getByText('请先登录后使用该功能').first().waitFor();

    await signIn(page, '13800000001');
    const before = Number((await page.getByTestId('collect-badge').innerText()) || '0');
    await search(page, '');
    await page.getByTestId('card-favourite').first().click({ force: true });
    await eventually(async () => Number(await page.getByTestId('collect-badge').innerText()) === before + 1);
    await page.getByTestId('card-favourite').first().click({ force: true });
    await eventually(async () => Number(await page.getByTestId('collect-badge').innerText()) === before);
    await context.close();
  });
});
