import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { DynamicModule, Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { StaffRole, UploadStsResponse, UploadTokenResponse } from '@mkt/contracts';
import { OBJECT_STORAGE, TokenService, startServiceProcess, type ContributorRights, type ObjectStorage, type RunningServiceProcess } from '@mkt/platform';
import { TestIdentityModule, createTestDatabase, grantContributorRights } from '@mkt/platform/testing';
import { UploadsModule } from '../src/uploads.module.js';

const run = promisify(execFile);

export interface Reply<T> {
  status: number;
  body: { code: number; success: boolean; message: string; data: T };
}

export const GID3 = { gid: 3, videoFlag: true, photoFlag: true };
export const GID2 = { gid: 2, videoFlag: true, photoFlag: false };
export const BUYER = { gid: 0, videoFlag: false, photoFlag: false };

export interface UploadsHarness {
  server: RunningServiceProcess;
  url: string;
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string }): Promise<Reply<T>>;
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: T; headers: Headers }>;
  user(rights: ContributorRights): Promise<{ userId: string; token: string }>;
  staffToken(roles: StaffRole[]): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  storage(): ObjectStorage;
  /** Token call, then the given parts (all by default) PUT to their signed links. */
  sendParts(token: string, kind: 'video' | 'photo', name: string, bytes: Buffer, only?: (partNumber: number) => boolean): Promise<UploadTokenResponse>;
  upload(token: string, kind: 'video' | 'photo', name: string, bytes: Buffer, extra?: object): Promise<Reply<{ id: number; status: string }>>;
  waitForStatus(id: number, statuses: string[], timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startUploads(options: { extraModules?: (Type | DynamicModule)[]; env?: Record<string, string> } = {}): Promise<UploadsHarness> {
  const db = await createTestDatabase('uploads');
  // Settings the service reads from the process environment (not part of the shared AppConfig).
  const previousEnv = { ...process.env };
  Object.assign(process.env, options.env ?? {});
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-uploads-'));
  const server = await startServiceProcess({
    title: 'uploads under test',
    modules: [TestIdentityModule, UploadsModule, ...(options.extraModules ?? [])],
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SEED_DEMO: 'false',
      ...options.env,
    },
  });
  const base = server.url;
  const tokens = server.app.get(TokenService);
  const source = () => server.app.get<DataSource>(getDataSourceToken('uploads'));
  const absolute = (url: string) => (url.startsWith('/') ? `${base}${url}` : url);

  const harness: UploadsHarness = {
    server,
    url: base,
    async call(path, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': opts.lang ?? 'en' };
      if (opts.token) headers.access_token = opts.token;
      const response = await fetch(`${base}/api${path}`, { method: 'POST', headers, body: JSON.stringify(opts.body ?? {}) });
      return { status: response.status, body: (await response.json()) as Reply<never>['body'] };
    },
    async admin(method, path, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const response = await fetch(`${base}/admin-api${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
      return { status: response.status, body: (await response.json()) as never, headers: response.headers };
    },
    async user(rights) {
      const userId = randomUUID();
      grantContributorRights(userId, rights);
      return { userId, token: await tokens.sign({ kind: 'user', userId, sessionId: randomUUID() }) };
    },
    staffToken: (roles) => tokens.sign({ kind: 'staff', staffId: randomUUID(), sessionId: randomUUID(), roles, username: `staff-${roles.join('-')}` }),
    sql: (query, params = []) => source().query(query, params),
    storage: () => server.app.get<ObjectStorage>(OBJECT_STORAGE),
    async sendParts(token, kind, name, bytes, only = () => true) {
      const started = await harness.call<UploadTokenResponse>(`/upload/token/${kind}`, { token, body: { fileName: name, fileSize: bytes.length } });
      if (started.body.code !== 0) throw new Error(`token refused: ${started.body.message}`);
      const plan = started.body.data;
      const wanted = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !plan.uploadedParts.includes(n) && only(n));
      if (wanted.length === 0) return plan;
      const sts = await harness.call<UploadStsResponse>('/upload/ali/sts', { token, body: { filePath: plan.filePath, partNumbers: wanted } });
      if (sts.body.code !== 0) throw new Error(`sts refused: ${sts.body.message}`);
      await Promise.all(
        sts.body.data.parts.map(async ({ partNumber, url }) => {
          const body = bytes.subarray((partNumber - 1) * plan.partSize, partNumber * plan.partSize);
          const response = await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } });
          if (response.status !== 200) throw new Error(`part ${partNumber} refused: ${response.status} ${await response.text()}`);
        }),
      );
      return plan;
    },
    async upload(token, kind, name, bytes, extra = {}) {
      const plan = await harness.sendParts(token, kind, name, bytes);
      return harness.call(`/upload/${kind}/success`, { token, body: { fileName: name, filePath: plan.filePath, fileSize: bytes.length, platform: 'web', ...extra } });
    },
    async waitForStatus(id, statuses, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await harness.sql('SELECT * FROM uploads.uploads WHERE id = $1', [id]);
        if (row && statuses.includes(String(row.status))) return row;
        if (Date.now() > deadline) throw new Error(`upload ${id} stayed ${String(row?.status)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      process.env = previousEnv;
      await server.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A real H.264 clip made by ffmpeg (testsrc2 pattern, seeded so two clips differ). */
export async function generateClip(options: { width: number; height: number; seconds: number; codec?: string; pattern?: string }): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'clip-'));
  const out = join(dir, 'clip.mp4');
  const source = options.pattern ?? 'testsrc2';
  try {
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `${source}=size=${options.width}x${options.height}:rate=25`,
      '-t', String(options.seconds),
      '-c:v', options.codec ?? 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
      '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709',
      out,
    ]);
    return await readFile(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds `from` to `from + seconds` of a clip, re-encoded at another quality and size: a re-cut of someone else's footage. */
export async function recutClip(clip: Buffer, from: number, seconds: number, size = '1920x1080'): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'recut-'));
  try {
    const input = join(dir, 'in.mp4');
    const out = join(dir, 'out.mp4');
    await writeFile(input, clip);
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y', '-ss', String(from), '-i', input, '-t', String(seconds),
      '-vf', `scale=${size.replace('x', ':')}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p',
      '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709',
      out,
    ]);
    return await readFile(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real JPEG of the given size with shapes sharp's hash can tell apart. */
export async function generatePhoto(width: number, height: number, variant = 0): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${['#204060', '#603020', '#206040'][variant % 3]}"/>` +
    `<circle cx="${width * (0.25 + 0.5 * (variant % 2))}" cy="${height / 2}" r="${height / 4}" fill="#f0d060"/>` +
    `<rect x="${width * (0.6 - 0.4 * (variant % 2))}" y="${height * 0.6}" width="${width / 3}" height="${height / 4}" fill="#e0e0e0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
