// The store on a phone over a slow mobile connection, as Lighthouse measures it: Chromium at
// 375 x 812 (touch, mobile), its network throttled to 1.6 Mbps down, 750 kbps up and 150 ms round
// trips (Lighthouse's "slow 4G"), a fresh browser context (empty cache) for every page opened.
// Measured: the home page's largest contentful paint, and how long a detail page's preview takes
// from the tap on play to its first played frame, each detail page one not opened before, for each
// way a phone plays it (the HLS stream natively or through hls.js, or the MP4), side by side.
import { chromium } from 'playwright-core';
import { percentile } from './stats.mjs';

export const PHONE_TARGETS = { homeLcpP75Ms: 2_500, previewStartP75Ms: 1_500 };
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--autoplay-policy=no-user-gesture-required'];

/**
 * @param {{ baseUrl: string; runs: number; progress(message: string): void }} options
 */
export async function measurePhone({ baseUrl, runs, progress }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const videos = await videoIds(baseUrl, runs);
    const streamsReadyMs = await streamsReady(baseUrl, videos);
    /** @type {number[]} */ const homeLcp = [];
    /** @type {number[]} */ const detailLcp = [];
    /** @type {Record<PreviewWay, { start: number[]; fromOpen: number[]; bytes: number[] }>} */
    const ways = { native: { start: [], fromOpen: [], bytes: [] }, library: { start: [], fromOpen: [], bytes: [] }, mp4: { start: [], fromOpen: [], bytes: [] } };
    for (let run = 0; run < runs; run++) {
      homeLcp.push(await largestPaint(browser, `${baseUrl}/`));
      // The three ways side by side in each run, in turn first, so none is favoured by the order.
      const order = /** @type {PreviewWay[]} */ (['native', 'library', 'mp4']);
      for (let i = 0; i < order.length; i++) {
        const way = order[(run + i) % order.length];
        const detail = await previewStartOf(browser, `${baseUrl}/Detail?id=${videos[run % videos.length]}`, way);
        if (way === 'native') detailLcp.push(detail.lcpMs);
        ways[way].start.push(detail.startMs);
        ways[way].fromOpen.push(detail.fromOpenMs);
        ways[way].bytes.push(detail.mediaBytes);
      }
      const last = (/** @type {number[]} */ values) => Math.round(values[values.length - 1] ?? NaN);
      progress(`phone: run ${run + 1}/${runs}: home LCP ${last(homeLcp)} ms; preview played after the tap: the browser's HLS ${last(ways.native.start)} ms, hls.js ${last(ways.library.start)} ms, MP4 ${last(ways.mp4.start)} ms`);
    }
    const figures = (/** @type {number[]} */ values) => ({ p50: percentile(values, 50), p75: percentile(values, 75), p95: percentile(values, 95), max: Math.max(...values) });
    const wayFigures = (/** @type {PreviewWay} */ way) => ({ startMs: figures(ways[way].start), fromOpenMs: figures(ways[way].fromOpen), mediaBytes: figures(ways[way].bytes) });
    return {
      runs,
      distinctDetails: Math.min(runs, videos.length),
      streamsReadyMs,
      network: { downMbps: 1.6, upKbps: 750, rttMs: 150 },
      homeLcpMs: figures(homeLcp),
      detailLcpMs: figures(detailLcp),
      // The preview as current phones play it: the stream, by the browser itself.
      previewStartMs: figures(ways.native.start),
      previewFromOpenMs: figures(ways.native.fromOpen),
      previewWays: { native: wayFigures('native'), library: wayFigures('library'), mp4: wayFigures('mp4') },
    };
  } finally {
    await browser.close();
  }
}

/** @typedef {'native' | 'library' | 'mp4'} PreviewWay */

/**
 * Waits until the catalogue has streamed the previews of `ids` (its job starts after the server
 * does); resolves with how long that took.
 * @param {string} baseUrl @param {number[]} ids
 */
async function streamsReady(baseUrl, ids) {
  const started = Date.now();
  const waiting = new Set(ids);
  while (waiting.size > 0) {
    if (Date.now() - started > 10 * 60_000) throw new Error(`${waiting.size} previews were not streamed within 10 minutes`);
    for (const id of [...waiting]) {
      const response = await fetch(`${baseUrl}/api/material/detail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
      if ((await response.json()).data?.previewStream) waiting.delete(id);
    }
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return Date.now() - started;
}

/**
 * Videos of the catalogue, newest first: each run opens one not opened before (while there are enough).
 * @param {string} baseUrl @param {number} count
 * @returns {Promise<number[]>}
 */
async function videoIds(baseUrl, count) {
  const response = await fetch(`${baseUrl}/api/material/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'video', sort: 'newest', pageNo: 1, pageSize: Math.min(Math.max(count, 1), 60) }) });
  const ids = (await response.json()).data.infos.map((/** @type {{ id: number }} */ card) => card.id);
  if (ids.length === 0) throw new Error('no videos in the catalogue to open');
  return ids;
}

/**
 * A phone with an empty cache behind the slow connection.
 * @param {import('playwright-core').Browser} browser
 */
async function phone(browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  return { context, page, cdp };
}

/**
 * The largest contentful paint of a page, once it has loaded and settled (as Lighthouse reads it).
 * @param {import('playwright-core').Browser} browser @param {string} url
 */
async function largestPaint(browser, url) {
  const { context, page } = await phone(browser);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(1_500);
    return await lcpOf(page);
  } finally {
    await context.close();
  }
}

/**
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>}
 */
async function lcpOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(NaN), 2_000);
      }),
  );
}

/**
 * Opens a detail page, then taps play: the time to the first played frame, and the media bytes
 * fetched by then. `way` is how the page plays it: the browser's own HLS (Chromium has it), the
 * hls.js library (as in a browser without HLS of its own: the page is told there is none), or
 * the MP4 (as in a browser with neither HLS nor Media Source Extensions).
 * @param {import('playwright-core').Browser} browser @param {string} url @param {PreviewWay} way
 */
async function previewStartOf(browser, url, way) {
  const { context, page, cdp } = await phone(browser);
  // Media bytes as received from the network (the element's own requests are not in Resource Timing).
  const mediaRequests = new Set();
  let mediaBytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (/\.(ts|m3u8|mp4)$/.test(new URL(event.request.url).pathname)) mediaRequests.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (mediaRequests.has(event.requestId)) mediaBytes += event.encodedDataLength || event.dataLength;
  });
  try {
    if (way !== 'native') {
      await page.addInitScript((withoutMediaSource) => {
        // Runs in the page: a browser without HLS of its own (Firefox), and for the MP4 without MSE either.
        const page = /** @type {any} */ (globalThis);
        const canPlayType = page.HTMLMediaElement.prototype.canPlayType;
        page.HTMLMediaElement.prototype.canPlayType = function (/** @type {string} */ type) {
          return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
        };
        if (!withoutMediaSource) return;
        delete page.MediaSource;
        delete page.ManagedMediaSource;
      }, way === 'mp4');
    }
    // Tapped as soon as the player has its source: from opening the page and from the tap to the first played frame.
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const video = page.getByTestId('detail-player');
    await video.waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="detail-player"][data-playback]').waitFor({ timeout: 60_000 });
    const played = await video.getAttribute('data-playback');
    if (played !== way) throw new Error(`the preview was played as ${played}, not ${way}`);
    const { fromTapMs, fromOpenMs } = await video.evaluate(
      (element) =>
        new Promise((resolve, reject) => {
          const player = /** @type {HTMLVideoElement} */ (element);
          player.muted = true;
          const tapped = performance.now();
          player.addEventListener(
            'playing',
            () => resolve({ fromTapMs: performance.now() - tapped, fromOpenMs: performance.now() }),
            { once: true },
          );
          player.play().catch(reject);
          setTimeout(() => reject(new Error('the preview did not start within 60 s')), 60_000);
        }),
    );
    const bytesByFirstFrame = mediaBytes;
    await page.waitForLoadState('load');
    const lcpMs = await lcpOf(page);
    return { lcpMs, startMs: fromTapMs, fromOpenMs, mediaBytes: bytesByFirstFrame };
  } finally {
    await context.close();
  }
}
