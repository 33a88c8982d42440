// Licensing part of the orders section of `npm run bench`:
//
//   1. downloads under an enterprise project: POST /api/project/download until the buyer's
//      POST /api/download/original hands out a signed link (project order, order.confirmed through
//      the bus, licensing's right and authorization PDF), one download at a time;
//   2. a personal licence of a 10 s 4K clip: staff confirmation until the 1080P copy the uploads
//      service renders is listed as downloadable, beside the raw ffmpeg command it runs on the
//      same clip (the overhead ratio).
//
// The originals are written straight into the bench server's local object store (its data
// folder), and the orders read model straight into its embedded database.

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { callJson } from './http.mjs';
import { summarize } from './stats.mjs';

const FIRST_PROJECT_MATERIAL = 920_000_001;
const UHD_CLIP_MATERIAL = 930_000_001;
const CLIP_SECONDS = 10;

/**
 * @param {import('./http.mjs').HttpAnswer} answer
 * @param {string} what
 */
function ok(answer, what) {
  if (answer.status !== 200 || (answer.json && 'code' in answer.json && answer.json.code !== 0)) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json?.data ?? answer.json;
}

/**
 * @param {{ baseUrl: string, databaseUrl: string, dataDir: string, workDir: string, root: string, enterpriseToken: string, downloads: number,
 *   personalOrder: (materialIds: number[]) => Promise<string>, confirm: (orderId: string) => Promise<void>, buyer: Record<string, string>, progress: (message: string) => void }} options
 */
export async function measureLicensing({ baseUrl, databaseUrl, dataDir, workDir, root, enterpriseToken, downloads, personalOrder, confirm, buyer, progress }) {
  const { LocalDiskObjectStorage } = await import(join(root, 'libs/platform/dist/index.js'));
  const media = await import(join(root, 'libs/platform/dist/media/index.js'));
  const { PERSONAL_DELIVERY_BOX } = await import(join(root, 'libs/contracts/dist/index.js'));
  const storage = new LocalDiskObjectStorage({ dataDir, publicBaseUrl: baseUrl, signingSecret: 'bench-only-writer-never-signs-links-0000' });
  const binaries = await media.resolveMediaBinaries();

  const clip = join(workDir, 'uhd.mp4');
  const photo = join(workDir, 'project.jpg');
  execFileSync(binaries.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=3840x2160:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  execFileSync(binaries.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=3000x2000', '-frames:v', '1', photo]);
  await storage.ensureBucket('originals');
  await storage.put('originals', 'bench/uhd.mp4', (await import('node:fs')).createReadStream(clip), { contentType: 'video/mp4' });
  await storage.put('originals', 'bench/project.jpg', (await import('node:fs')).createReadStream(photo), { contentType: 'image/jpeg' });

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await pool.query(
      `INSERT INTO orders.materials (material_id, code, kind, on_sale, title_zh, title_en, source, max_resolution, width, height, duration, thumbnail_key, original_key)
       SELECT id, 'BP' || id, 'photo', true, '项目基准图片 ' || id, 'Project bench photo ' || id, 'own', '3000x2000', 3000, 2000, NULL, NULL, 'originals/bench/project.jpg'
       FROM generate_series($1::bigint, $1::bigint + $2 - 1) AS id ON CONFLICT DO NOTHING`,
      [FIRST_PROJECT_MATERIAL, downloads],
    );
    await pool.query(
      `INSERT INTO orders.materials (material_id, code, kind, on_sale, title_zh, title_en, source, max_resolution, width, height, duration, thumbnail_key, original_key)
       VALUES ($1, 'BUHD', 'video', true, '4K 基准片段', '4K bench clip', 'own', '4K', 3840, 2160, $2, NULL, 'originals/bench/uhd.mp4') ON CONFLICT DO NOTHING`,
      [UHD_CLIP_MATERIAL, CLIP_SECONDS],
    );
  } finally {
    await pool.end();
  }

  // 1. Downloads under the demo enterprise project.
  const enterprise = { access_token: enterpriseToken };
  /** @type {number[]} */ const projectMs = [];
  for (let i = 0; i < downloads; i += 1) {
    const started = performance.now();
    const right = ok(await callJson(`${baseUrl}/api/project/download`, { method: 'POST', headers: enterprise, body: { materialId: FIRST_PROJECT_MATERIAL + i } }), 'project download');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const link = await callJson(`${baseUrl}/api/download/original`, { method: 'POST', headers: enterprise, body: { orderId: right.orderId, itemId: right.itemId } });
      if (link.status === 200) break;
      if (link.status !== 404 || Date.now() > deadline) throw new Error(`download of project item ${right.orderId} answered ${link.status}: ${link.text.slice(0, 200)}`);
      await sleep(10);
    }
    projectMs.push(performance.now() - started);
  }
  progress(`licensing: ${downloads} project downloads`);

  // 2. A personal licence of the 4K clip: confirmation to the 1080P copy.
  const orderId = await personalOrder([UHD_CLIP_MATERIAL]);
  const started = performance.now();
  await confirm(orderId);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const list = ok(await callJson(`${baseUrl}/api/licence/materials`, { method: 'POST', headers: buyer, body: {}, timeoutMs: 30_000 }), 'licence materials');
    const item = list.find((/** @type {{ orderId: string, downloadable: boolean }} */ m) => m.orderId === orderId);
    if (item?.downloadable) break;
    if (Date.now() > deadline) throw new Error('the personal 1080P copy was not ready within 300 s');
    await sleep(50);
  }
  const personalMs = performance.now() - started;
  progress(`licensing: personal 1080P copy of a ${CLIP_SECONDS} s 4K clip in ${(personalMs / 1000).toFixed(1)} s`);

  // The same ffmpeg command the uploads service runs, alone.
  const scale = Math.min(PERSONAL_DELIVERY_BOX.video.long / 3840, PERSONAL_DELIVERY_BOX.video.short / 2160);
  const rawOut = join(workDir, 'uhd-1080p.mp4');
  const rawStarted = performance.now();
  execFileSync(binaries.ffmpeg, media.buildDeliveryArgs(clip, rawOut, scale));
  const rawMs = performance.now() - rawStarted;
  for (const file of [clip, photo, rawOut]) rmSync(file, { force: true });

  return {
    projectDownloads: summarize(projectMs),
    personal: { clipSeconds: CLIP_SECONDS, source: '3840x2160', confirmToCopyMs: personalMs, rawMs, overhead: personalMs / rawMs },
  };
}
