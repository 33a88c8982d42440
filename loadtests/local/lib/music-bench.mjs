// Music figures: waveform peak generation for a 3-minute track (ffmpeg decode to mono PCM, then
// max-abs peaks, exactly what ingest runs) and the size of the store's lazy player chunk
// (wavesurfer.js and the waveform component), which stays out of the first bundle.
//
// Part of `npm run bench` (skipped with BENCH_MUSIC=0); also runs alone after `npm run build`:
//   node loadtests/local/lib/music-bench.mjs

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CATALOGUE_DIST = join(ROOT, 'services/catalogue/dist');

/**
 * @typedef {object} MusicBenchReport
 * @property {number} trackSeconds
 * @property {number} peaks
 * @property {number[]} runsMs
 * @property {number} medianMs
 * @property {number} renderMs      time to render the synthetic test track (not part of ingest)
 * @property {{ file: string, bytes: number, gzipBytes: number }[]} playerChunks
 * @property {number} playerGzipBytes
 */

/**
 * @param {{ storeDist: string, runs?: number, trackSeconds?: number }} options
 * @returns {Promise<MusicBenchReport>}
 */
export async function measureMusic({ storeDist, runs = 3, trackSeconds = 180 }) {
  const peaksModule = await import(pathToFileURL(join(CATALOGUE_DIST, 'music/waveform-peaks.js')).href);
  const audioModule = await import(pathToFileURL(join(CATALOGUE_DIST, 'demo/music/demo-music-audio.js')).href);
  // The media toolkit lives in the platform library (built to libs/platform/dist/media).
  const binariesModule = await import(pathToFileURL(join(ROOT, 'libs/platform/dist/media/media-binaries.js')).href);
  const runnerModule = await import(pathToFileURL(join(ROOT, 'libs/platform/dist/media/ffmpeg-runner.js')).href);
  const binaries = await binariesModule.resolveMediaBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'mkt-music-bench-'));
  try {
    const file = join(dir, 'track.mp3');
    const renderStarted = performance.now();
    await new runnerModule.FfmpegRunner(binaries).ffmpeg(
      audioModule.demoAudioArgs({ style: 'arpeggio', root: 220, bpm: 120, seconds: trackSeconds }, [{ file, bitrateK: 96 }]),
    );
    const renderMs = performance.now() - renderStarted;
    /** @type {number[]} */
    const runsMs = [];
    let peakCount = 0;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const peaks = await peaksModule.computePeaks(binaries.ffmpeg, file, 800);
      runsMs.push(performance.now() - started);
      peakCount = peaks.length;
    }
    const sorted = [...runsMs].sort((a, b) => a - b);
    const playerChunks = playerChunkSizes(storeDist);
    return {
      trackSeconds,
      peaks: peakCount,
      runsMs,
      medianMs: sorted[Math.floor(sorted.length / 2)],
      renderMs,
      playerChunks,
      playerGzipBytes: playerChunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The lazily loaded player waveform chunk(s) of the built store (Vite names them after the module).
 * @param {string} storeDist
 */
export function playerChunkSizes(storeDist) {
  const assets = join(storeDist, 'assets');
  return readdirSync(assets)
    .filter((name) => /^PlayerWaveform-.*\.js$/.test(name))
    .map((name) => {
      const bytes = readFileSync(join(assets, name));
      return { file: `assets/${name}`, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await measureMusic({ storeDist: join(ROOT, 'web-store/dist') });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
