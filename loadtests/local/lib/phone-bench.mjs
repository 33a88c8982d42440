// The store on a phone over a slow mobile connection, as Lighthouse measures it: Chromium at
// 375 x 812 (touch, mobile), its network throttled to 1.6 Mbps down, 750 kbps up and 150 ms round
// trips (Lighthouse's "slow 4G"), a fresh browser context (empty cache) for every page opened.
// Measured: the home page's largest contentful paint, and how long a detail page's preview takes
// from the tap on play to its first played frame, each detail page one not opened before.
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
    /** @type {number[]} */ const homeLcp = [];
    /** @type {number[]} */ const detailLcp = [];
    /** @type {number[]} */ const previewStart = [];
    /** @type {number[]} */ const previewFromOpen = [];
    for (let run = 0; run < runs; run++) {
      homeLcp.push(await largestPaint(browser, `${baseUrl}/`));
      const detail = await previewStartOf(browser, `${baseUrl}/Detail?id=${videos[run % videos.length]}`);
      detailLcp.push(detail.lcpMs);
      previewStart.push(detail.startMs);
      previewFromOpen.push(detail.fromOpenMs);
      progress(`phone: run ${run + 1}/${runs}: home LCP ${Math.round(homeLcp[homeLcp.length - 1] ?? NaN)} ms, preview played ${Math.round(detail.startMs)} ms after the tap, ${Math.round(detail.fromOpenMs)} ms after opening the page`);
    }
    const figures = (/** @type {number[]} */ values) => ({ p50: percentile(values, 50), p75: percentile(values, 75), p95: percentile(values, 95), max: Math.max(...values) });
    return {
      runs,
      distinctDetails: Math.min(runs, videos.length),
      network: { downMbps: 1.6, upKbps: 750, rttMs: 150 },
      homeLcpMs: figures(homeLcp),
      detailLcpMs: figures(detailLcp),
      previewStartMs: figures(previewStart),
      previewFromOpenMs: figures(previewFromOpen),
    };
  } finally {
    await browser.close();
  }
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
  return { context, page };
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
 * Opens a detail page, then taps play: the time to the first played frame.
 * @param {import('playwright-core').Browser} browser @param {string} url
 */
async function previewStartOf(browser, url) {
  const { context, page } = await phone(browser);
  try {
    // Tapped as soon as the player is there: from opening the page and from the tap to the first played frame.
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const video = page.getByTestId('detail-player');
    await video.waitFor({ timeout: 60_000 });
    const { fromTapMs, fromOpenMs } = await video.evaluate(
      (element) =>
        new Promise((resolve, reject) => {
          const player = /** @type {HTMLVideoElement} */ (element);
          player.muted = true;
          const tapped = performance.now();
          player.addEventListener('playing', () => resolve({ fromTapMs: performance.now() - tapped, fromOpenMs: performance.now() }), { once: true });
          player.play().catch(reject);
          setTimeout(() => reject(new Error('the preview did not start within 60 s')), 60_000);
        }),
    );
    await page.waitForLoadState('load');
    const lcpMs = await lcpOf(page);
    const startMs = fromTapMs;
    return { lcpMs, startMs, fromOpenMs };
  } finally {
    await context.close();
  }
}
