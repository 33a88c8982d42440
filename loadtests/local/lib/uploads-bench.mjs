// Upload throughput and media-pipeline overhead against a running single-machine server.
//
//   1. a file of BENCH_UPLOAD_MB written to the bench's work folder, then five rounds of: the
//      file streamed in one PUT over loopback to a bare Node receiver that pipes it to the same
//      disk (the single-stream copy on loopback: the floor the target is set against), a plain
//      file copy on the same disk (no HTTP, for reference), an upload as the browser does (token
//      call, signed part links, 1 MB parts PUT 10 at a time, success call; then the bench waits
//      until the server has finished processing it, so its work does not share the cores with the
//      next measurement), and the same parts sent the same way to the bare receiver, which writes
//      and hashes each part and nothing more (bare-part-receiver.mjs); each after `sync`; medians
//      reported;
//   2. a 10 s 1080p H.264 clip uploaded, timed from the success call to 'waiting' (probe, checks,
//      renditions, fingerprints, storage and bus included), beside the raw ffmpeg commands the
//      pipeline runs on the same clip: the overhead ratio.

import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, openSync, closeSync, writeSync, statSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomFillSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { callJson } from './http.mjs';
import { assertLoopback } from './loopback.mjs';
import { median } from './stats.mjs';

const MB = 1024 * 1024;
const PARALLEL = 10;
const ROUNDS = 5;
/** Rounds of the clip's processing beside the raw commands (odd: each median is one round). */
const CLIP_ROUNDS = 3;
export const OVERHEAD_TARGET = 1.15;
/** Upload throughput as a share of the single-stream copy's on loopback. */
export const UPLOAD_TARGET = 0.8;


/**
 * @param {string} path
 * @param {number} bytes
 */
function writeRandomFile(path, bytes) {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(4 * MB);
  try {
    for (let written = 0; written < bytes; ) {
      const size = Math.min(chunk.length, bytes - written);
      randomFillSync(chunk, 0, size);
      writeSync(fd, chunk, 0, size);
      written += size;
    }
  } finally {
    closeSync(fd);
  }
}

// Parts go through node:http on kept-alive sockets, one per lane: the load generator shares the
// two cores with the server, and fetch spent about twice node:http's CPU per megabyte sent, which
// the server's figure then paid for.
const partAgent = new Agent({ keepAlive: true, maxSockets: PARALLEL });

/**
 * PUTs one part; its status once the answer is read.
 * @param {string} url
 * @param {Buffer} body
 * @returns {Promise<number>}
 */
function putPart(url, body) {
  assertLoopback(url);
  return new Promise((resolve, reject) => {
    const put = request(url, { method: 'PUT', agent: partAgent, headers: { 'content-length': body.length, 'content-type': 'application/octet-stream' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    put.on('error', reject);
    put.end(body);
  });
}

/**
 * Reads part `partNumber` of `partSize` bytes from an open file into its lane's buffer when the
 * lane is about to send it, as the store's uploader slices the chosen File per part: no browser
 * holds the whole file in memory first (reading all 200 MB up front cost 130-145 ms inside the
 * timed window), nor allocates memory of its own per part (a browser streams a File slice from
 * disk; a fresh 1 MB buffer per part cost this process, on the cores it shares with the server,
 * a page fault per 4 KB).
 * @param {import('node:fs/promises').FileHandle} file
 * @param {number} fileSize
 * @param {number} partNumber
 * @param {number} partSize
 * @param {Buffer} laneBuffer at least partSize bytes, reused once the part's answer is read
 */
async function readPart(file, fileSize, partNumber, partSize, laneBuffer) {
  const from = (partNumber - 1) * partSize;
  const body = laneBuffer.subarray(0, Math.min(partSize, fileSize - from));
  for (let read = 0; read < body.length; ) {
    const { bytesRead } = await file.read(body, read, body.length - read, from + read);
    if (bytesRead === 0) throw new Error(`the file ended before part ${partNumber}`);
    read += bytesRead;
  }
  return body;
}

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} path
 * @param {unknown} body
 */
async function call(baseUrl, token, path, body) {
  const send = () => callJson(`${baseUrl}/api${path}`, { method: 'POST', headers: { access_token: token }, body, timeoutMs: 60_000 });
  // A kept-alive socket the server closed while the bench was busy (generating the clip) fails
  // once; these calls are safe to repeat (the token call resumes the same session).
  const answer = await send().catch(() => send()).catch((error) => {
    throw new Error(`${path}: ${error.message} (${error.cause?.message ?? 'no cause'})`);
  });
  if (answer.json?.code !== 0) throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json.data;
}

/**
 * Uploads a file the way the store's uploader does; returns the upload id and the wall time.
 * @param {{ baseUrl: string, token: string, path: string, name: string }} options
 */
export async function uploadLikeTheBrowser({ baseUrl, token, path, name }) {
  const size = statSync(path).size;
  const started = performance.now();
  const plan = await call(baseUrl, token, '/upload/token/video', { fileName: name, fileSize: size });
  const file = await open(path);
  const parts = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !plan.uploadedParts.includes(n));
  try {
    for (let start = 0; start < parts.length; start += 100) {
      const sts = await call(baseUrl, token, '/upload/ali/sts', { filePath: plan.filePath, partNumbers: parts.slice(start, start + 100) });
      let next = 0;
      const lane = async () => {
        const laneBuffer = Buffer.allocUnsafeSlow(plan.partSize);
        while (next < sts.parts.length) {
          const { partNumber, url } = sts.parts[next++];
          const absolute = url.startsWith('/') ? `${baseUrl}${url}` : url;
          const body = await readPart(file, size, partNumber, plan.partSize, laneBuffer);
          const status = await putPart(absolute, body).catch((error) => {
            throw new Error(`part ${partNumber}: ${error.message}`);
          });
          if (status !== 200) throw new Error(`part ${partNumber} answered ${status}`);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, lane));
    }
  } finally {
    await file.close();
  }
  const completing = performance.now();
  const done = await call(baseUrl, token, '/upload/video/success', { fileName: name, filePath: plan.filePath, fileSize: size, platform: 'web' });
  const ended = performance.now();
  return { id: done.id, ms: ended - started, completeMs: ended - completing, bytes: size, partSize: plan.partSize, parts: plan.partCount };
}

/**
 * The file's 1 MB parts PUT 10 at a time to the bare receiver, as the upload sends them; the wall time.
 * @param {{ baseUrl: string, path: string, name: string }} options
 */
async function sendToBareReceiver({ baseUrl, path, name }) {
  const size = statSync(path).size;
  const started = performance.now();
  const file = await open(path);
  const parts = Math.ceil(size / MB);
  let next = 1;
  const lane = async () => {
    const laneBuffer = Buffer.allocUnsafeSlow(MB);
    while (next <= parts) {
      const part = next++;
      const status = await putPart(`${baseUrl}/${name}?part=${part}&size=${MB}`, await readPart(file, size, part, MB, laneBuffer));
      if (status !== 200) throw new Error(`bare receiver: part ${part} answered ${status}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, lane));
  } finally {
    await file.close();
  }
  return performance.now() - started;
}

/**
 * The file in one PUT, streamed from disk, to the bare receiver's single-stream route; the wall time.
 * @param {{ baseUrl: string, path: string, name: string }} options
 */
async function streamToBareReceiver({ baseUrl, path, name }) {
  const url = `${baseUrl}/${name}?stream=1`;
  assertLoopback(url);
  const started = performance.now();
  const status = await new Promise((resolve, reject) => {
    const put = request(url, { method: 'PUT', headers: { 'content-length': statSync(path).size, 'content-type': 'application/octet-stream' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    put.on('error', reject);
    pipeline(createReadStream(path), put).catch(reject);
  });
  if (status !== 200) throw new Error(`bare receiver: the single-stream copy answered ${status}`);
  return performance.now() - started;
}

/**
 * Waits until the server has finished with an upload (whatever the outcome: the bench's file is
 * random bytes, which the checks refuse), so its processing never overlaps the next measurement.
 * @param {string} baseUrl
 * @param {string} token
 * @param {number} id
 */
async function processed(baseUrl, token, id) {
  for (let waited = 0; waited < 120_000; waited += 50) {
    if ((await call(baseUrl, token, '/upload/material/detail', { id })).status !== 'transcoding') return;
    await sleep(50);
  }
  throw new Error(`upload ${id} was still processing after 120 s`);
}

/**
 * @param {{ baseUrl: string, bareBaseUrl: string, bareDir: string, token: string, root: string, workDir: string, uploadMB: number, progress: (m: string) => void }} options
 */
export async function measureUploads({ baseUrl, bareBaseUrl, bareDir, token, root, workDir, uploadMB, progress }) {
  // 1. Throughput beside a single-stream copy of the same bytes on the same disk, alternating,
  // each after the dirty pages of what ran before are flushed (the catalogue load of the search
  // section leaves gigabytes to write back, which made a lone copy anywhere from 0.4 to 1.1 s).
  const big = join(workDir, 'upload-bench.mp4');
  writeRandomFile(big, uploadMB * MB);
  /** @type {number[]} */ const copies = [];
  /** @type {Awaited<ReturnType<typeof uploadLikeTheBrowser>>[]} */ const uploads = [];
  /** @type {number[]} */ const bare = [];
  /** @type {number[]} */ const streams = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    execFileSync('sync');
    streams.push(await streamToBareReceiver({ baseUrl: bareBaseUrl, path: big, name: `stream-${round}.bin` }));
    rmSync(join(bareDir, `stream-${round}.bin`), { force: true });
    execFileSync('sync');
    const copyStarted = performance.now();
    await pipeline(createReadStream(big), createWriteStream(join(workDir, 'upload-bench-copy.bin')));
    copies.push(performance.now() - copyStarted);
    rmSync(join(workDir, 'upload-bench-copy.bin'), { force: true });
    execFileSync('sync');
    uploads.push(await uploadLikeTheBrowser({ baseUrl, token, path: big, name: `upload-bench-${round}.mp4` }));
    await processed(baseUrl, token, /** @type {number} */ (uploads.at(-1)?.id));
    execFileSync('sync');
    bare.push(await sendToBareReceiver({ baseUrl: bareBaseUrl, path: big, name: `bare-${round}.bin` }));
    rmSync(join(bareDir, `bare-${round}.bin`), { force: true });
    progress(`round ${round}: single-stream copy on loopback ${Math.round(streams.at(-1) ?? 0)} ms, plain file copy of ${uploadMB} MB ${Math.round(copies.at(-1) ?? 0)} ms, upload ${Math.round(uploads.at(-1)?.ms ?? 0)} ms (success call ${Math.round(uploads.at(-1)?.completeMs ?? 0)} ms), bare receiver ${Math.round(bare.at(-1) ?? 0)} ms`);
  }
  rmSync(big, { force: true });
  // ROUNDS is odd: each median is one measured round, not the mean of two.
  const copyMs = median(copies) ?? 0;
  const streamMs = median(streams) ?? 0;
  const bareMs = median(bare) ?? 0;
  const upload = { ...uploads[0], ms: median(uploads.map((u) => u.ms)) ?? 0 };

  // 2. Processing a 10 s 1080p clip, beside the raw commands, alternating (CLIP_ROUNDS each): one
  // of each was at the mercy of what the machine was doing at that moment.
  const clip = join(workDir, 'clip-10s.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-t', '10',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', clip]);
  /** @type {number[]} */ const pipelineRunsMs = [];
  /** @type {number[]} */ const rawRunsMs = [];
  for (let round = 1; round <= CLIP_ROUNDS; round += 1) {
    execFileSync('sync');
    rawRunsMs.push(await rawCommands(root, clip, workDir));
    execFileSync('sync');
    const sent = await uploadLikeTheBrowser({ baseUrl, token, path: clip, name: `clip-10s-${round}.mp4` });
    const processingStarted = performance.now();
    let status = 'transcoding';
    for (let waited = 0; status === 'transcoding' && waited < 600_000; waited += 25) {
      status = (await call(baseUrl, token, '/upload/material/detail', { id: sent.id })).status;
      if (status === 'transcoding') await sleep(25);
    }
    pipelineRunsMs.push(performance.now() - processingStarted);
    if (status !== 'waiting') throw new Error(`the 10 s clip ended as '${status}'`);
    progress(`10 s clip, round ${round}: raw ffmpeg ${Math.round(rawRunsMs.at(-1) ?? 0)} ms, pipeline ${Math.round(pipelineRunsMs.at(-1) ?? 0)} ms`);
  }
  partAgent.destroy();
  rmSync(clip, { force: true });
  const pipelineMs = median(pipelineRunsMs) ?? 0;
  const rawMs = median(rawRunsMs) ?? 0;

  return {
    rounds: ROUNDS,
    uploadRunsMs: uploads.map((u) => u.ms),
    copyRunsMs: copies,
    target: UPLOAD_TARGET,
    sizeBytes: upload.bytes,
    partSize: upload.partSize,
    parts: upload.parts,
    parallel: PARALLEL,
    uploadMs: upload.ms,
    uploadMBps: upload.bytes / MB / (upload.ms / 1000),
    copyMs,
    copyMBps: upload.bytes / MB / (copyMs / 1000),
    streamRunsMs: streams,
    streamMs,
    streamMBps: upload.bytes / MB / (streamMs / 1000),
    bareRunsMs: bare,
    bareMs,
    bareMBps: upload.bytes / MB / (bareMs / 1000),
    processing: { clipSeconds: 10, rounds: CLIP_ROUNDS, pipelineMs, rawMs, pipelineRunsMs, rawRunsMs, overhead: pipelineMs / rawMs, target: OVERHEAD_TARGET },
  };
}

/**
 * The commands the pipeline runs on a video, straight from the built media toolkit's builders:
 * ffprobe, the one rendition run, the three keyframes.
 * @param {string} root
 * @param {string} clip
 * @param {string} workDir
 */
async function rawCommands(root, clip, workDir) {
  const media = await import(join(root, 'libs/platform/dist/media/index.js'));
  const sharp = (await import('sharp')).default;
  const dir = join(workDir, 'raw');
  execFileSync('mkdir', ['-p', dir]);
  const started = performance.now();
  const probed = media.parseProbeOutput(execFileSync('ffprobe', media.buildProbeArgs(clip), { encoding: 'utf8' }));
  const plan = media.planRenditions(probed);
  const watermark = join(dir, 'watermark.png');
  await sharp(await media.renderWatermarkPng(plan.previewWidth, plan.previewHeight)).toFile(watermark);
  execFileSync('ffmpeg', media.buildRenditionArgs(plan, {
    input: clip, watermark, preview: join(dir, 'p.mp4'), sample: join(dir, 's.mp4'), strip: join(dir, 'strip.png'), thumbnailFrame: join(dir, 't.png'),
  }));
  for (const [i, fraction] of [0.25, 0.5, 0.75].entries()) execFileSync('ffmpeg', media.buildKeyframeArgs(clip, plan.durationSeconds * fraction, join(dir, `k${i}.png`)));
  const ms = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  return ms;
}
