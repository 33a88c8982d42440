import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { ErrorCode, type ContributedMaterial, type MaterialListResponse, type UploadStsResponse, type UploadTokenResponse } from '@mkt/contracts';
import { MultipartUploadNotFoundError } from '@mkt/platform';
import { AbandonedUploadsSweeper } from '../src/store/abandoned-uploads.sweeper.js';
import { BUYER, GID2, GID3, generateClip, startUploads, type UploadsHarness } from './uploads-harness.js';

const MiB = 1024 * 1024;

describe('upload API (parts, checkpoints, ownership)', () => {
  let h: UploadsHarness;
  beforeAll(async () => {
    // The test-only lower video minimum lets small generated clips through; production keeps 10 MB.
    h = await startUploads({ env: { UPLOAD_MIN_VIDEO_BYTES: '1000' } });
  });
  afterAll(() => h.close());

  it('refuses visitors, buyers and flags the account lacks', async () => {
    const anonymous = await h.call('/upload/token/video', { body: { fileName: 'a.mp4', fileSize: 20 * MiB } });
    expect([anonymous.status, anonymous.body.code, anonymous.body.message]).toEqual([401, 1001, 'please log in first to use this feature']);
    const buyer = await h.user(BUYER);
    const refused = await h.call('/upload/token/video', { token: buyer.token, body: { fileName: 'a.mp4', fileSize: 20 * MiB } });
    expect([refused.status, refused.body.code]).toEqual([403, 4002]);
    const gid2 = await h.user(GID2);
    const photo = await h.call('/upload/token/photo', { token: gid2.token, body: { fileName: 'a.jpg', fileSize: MiB } });
    expect([photo.status, photo.body.code]).toEqual([403, 4002]);
    const video = await h.call('/upload/token/video', { token: gid2.token, body: { fileName: 'a.mp4', fileSize: 20 * MiB } });
    expect(video.body.code).toBe(0);
  });

  it('words the file rules as the spec does, in both languages', async () => {
    const { token } = await h.user(GID3);
    const cases: [string, object, string, string][] = [
      ['/upload/token/video', { fileName: 'a.mov', fileSize: 20 * MiB }, 'unsupported file type', '不支持的文件类型'],
      ['/upload/token/video', { fileName: 'a.mp4', fileSize: 3 * 1024 * MiB + 1 }, 'file must not exceed 3GB (3.00GB)', '文件不能超过3GB（3.00GB）'],
      ['/upload/token/video', { fileName: 'a.mp4', fileSize: 999 }, 'file must not be smaller than 10MB (0.98KB)', '文件不能小于10MB（0.98KB）'],
      ['/upload/token/photo', { fileName: 'a.jpg', fileSize: 50 * MiB + 1 }, 'file size must not exceed 50MB (50.00MB)', '文件大小不能超过50MB（50.00MB）'],
      ['/upload/token/photo', { fileName: 'a.jpg', fileSize: MiB, width: 3000, height: 2000 }, 'resolution must not be below 10 megapixels', '分辨率不能低于1000万像素'],
      ['/upload/token/photo', { fileName: 'a.png', fileSize: MiB, width: 30001, height: 4000 }, 'width or height must not exceed 30000 pixels', '宽或高不能超过30000像素'],
    ];
    for (const [path, body, en, zh] of cases) {
      const english = await h.call(path, { token, body });
      expect([path, english.status, english.body.code, english.body.message]).toEqual([path, 422, 4001, en]);
      const chinese = await h.call(path, { token, body, lang: 'zh-CN' });
      expect(chinese.body.message).toBe(zh);
    }
    const malformed = await h.call('/upload/token/video', { token, body: { fileName: '', fileSize: -1 } });
    expect([malformed.status, malformed.body.code]).toEqual([422, 1400]);
  });

  it('resumes from the checkpoint: a second token call lists the stored parts and only the rest are sent', async () => {
    const { token } = await h.user(GID3);
    const bytes = randomBytes(3 * MiB + 1234);
    const first = await h.sendParts(token, 'video', 'resume.mp4', bytes, (n) => n === 1 || n === 3);
    expect(first).toMatchObject({ bucketName: 'originals', partSize: MiB, partCount: 4, uploadedParts: [] });

    // A reload: same file, same session, parts 1 and 3 already there.
    const again = await h.call<UploadTokenResponse>('/upload/token/video', { token, body: { fileName: 'resume.mp4', fileSize: bytes.length } });
    expect(again.body.data).toMatchObject({ uploadId: first.uploadId, filePath: first.filePath, uploadedParts: [1, 3] });

    const early = await h.call('/upload/video/success', { token, body: { fileName: 'resume.mp4', filePath: first.filePath, fileSize: bytes.length, platform: 'web' } });
    expect([early.status, early.body.code]).toEqual([409, 4004]);

    const signed = await h.call<UploadStsResponse>('/upload/ali/sts', { token, body: { filePath: first.filePath, partNumbers: [2, 4] } });
    expect(signed.body.data.parts.map((p) => p.partNumber)).toEqual([2, 4]);
    await h.sendParts(token, 'video', 'resume.mp4', bytes);
    const done = await h.call<{ id: number; status: string }>('/upload/video/success', {
      token,
      body: { fileName: 'resume.mp4', filePath: first.filePath, fileSize: bytes.length, platform: 'web' },
    });
    expect(done.body.data.status).toBe('transcoding');
    const stored = await h.storage().stat('originals', first.filePath);
    expect(stored?.size).toBe(bytes.length);
    const original = await h.storage().get('originals', first.filePath);
    const chunks: Buffer[] = [];
    for await (const chunk of original.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    // Random bytes named .mp4: the worker reads the content and refuses it.
    const failed = await h.waitForStatus(done.body.data.id, ['failed', 'waiting']);
    expect([failed.status, failed.reason]).toEqual(['failed', 'uploadVideoUnreadable']);
    const detail = await h.call<ContributedMaterial>('/upload/material/detail', { token, body: { id: done.body.data.id } });
    expect(detail.body.data).toMatchObject({ status: 'failed', reason: 'uploadVideoUnreadable' });
  });

  it('ends sessions removed while uploading or left for a week, frees their parts, and starts a resume afresh', async () => {
    // gid 2: the contributor who may delete own material.
    const { token } = await h.user(GID2);
    const bytes = randomBytes(2 * MiB + 5);
    const session = async (name: string) => {
      const plan = await h.sendParts(token, 'video', name, bytes, (n) => n === 1);
      const [row] = await h.sql<{ id: string; multipart_upload_id: string }>('SELECT id, multipart_upload_id FROM uploads.uploads WHERE file_path = $1', [plan.filePath]);
      return { ...plan, id: Number(row!.id), multipartUploadId: row!.multipart_upload_id };
    };
    const removed = await session('removed.mp4');
    const idle = await session('idle.mp4');
    const resumed = await session('resumed.mp4');
    const recent = await session('recent.mp4');
    expect((await h.call('/upload/material/delete', { token, body: { id: removed.id } })).body.code).toBe(0);
    const weekAgo = `now() - interval '7 days 1 minute'`;
    await h.sql(`UPDATE uploads.uploads SET updated_at = ${weekAgo} WHERE id = ANY($1::bigint[])`, [[idle.id, resumed.id]]);
    // Coming back to it before the sweep keeps it: the token call is the checkpoint's resume.
    const back = await h.call<UploadTokenResponse>('/upload/token/video', { token, body: { fileName: 'resumed.mp4', fileSize: bytes.length } });
    expect(back.body.data).toMatchObject({ filePath: resumed.filePath, uploadedParts: [1] });

    const sweeper = h.server.app.get(AbandonedUploadsSweeper);
    expect(await sweeper.sweep()).toBe(2);
    for (const gone of [removed, idle]) {
      await expect(h.storage().listParts('originals', gone.filePath, gone.multipartUploadId)).rejects.toThrow(MultipartUploadNotFoundError);
    }
    for (const kept of [resumed, recent]) expect(await h.storage().listParts('originals', kept.filePath, kept.multipartUploadId)).toHaveLength(1);
    const rows = await h.sql<{ id: string; multipart_upload_id: string | null; ended: boolean }>(
      'SELECT id, multipart_upload_id, deleted_at IS NOT NULL AS ended FROM uploads.uploads WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[removed.id, idle.id, resumed.id, recent.id]],
    );
    expect(rows.map((row) => [Number(row.id), row.multipart_upload_id, row.ended])).toEqual([
      [removed.id, null, true],
      [idle.id, null, true],
      [resumed.id, resumed.multipartUploadId, false],
      [recent.id, recent.multipartUploadId, false],
    ]);
    expect(await sweeper.sweep()).toBe(0);

    // The idle file again: a new session with no parts, and the ended one no longer takes its parts or its success call.
    const fresh = await h.call<UploadTokenResponse>('/upload/token/video', { token, body: { fileName: 'idle.mp4', fileSize: bytes.length } });
    expect(fresh.body.data.uploadedParts).toEqual([]);
    expect(fresh.body.data.filePath).not.toBe(idle.filePath);
    const late = await h.call('/upload/ali/sts', { token, body: { filePath: idle.filePath, partNumbers: [2] } });
    expect(late.body.code).toBe(ErrorCode.UPLOAD_FILE_PATH_ERROR);
    const success = await h.call('/upload/video/success', { token, body: { fileName: 'idle.mp4', filePath: idle.filePath, fileSize: bytes.length } });
    expect(success.body.code).toBe(ErrorCode.UPLOAD_FILE_PATH_ERROR);
  });

  it('records a file whose parts an earlier success call assembled before failing', async () => {
    const { token } = await h.user(GID3);
    const bytes = randomBytes(2 * MiB + 7);
    const plan = await h.sendParts(token, 'video', 'assembled.mp4', bytes);
    const [row] = await h.sql<{ multipart_upload_id: string }>('SELECT multipart_upload_id FROM uploads.uploads WHERE file_path = $1', [plan.filePath]);
    const parts = await h.storage().listParts('originals', plan.filePath, row!.multipart_upload_id);
    await h.storage().completeMultipartUpload('originals', plan.filePath, row!.multipart_upload_id, parts);
    const done = await h.call<{ status: string }>('/upload/video/success', { token, body: { fileName: 'assembled.mp4', filePath: plan.filePath, fileSize: bytes.length } });
    expect([done.status, done.body.data.status]).toEqual([200, 'transcoding']);
  });

  it('says what to do when the file store fails while the upload is finished, and finishes it once the store is back', async () => {
    const { token } = await h.user(GID3);
    const bytes = randomBytes(MiB + 3);
    const plan = await h.sendParts(token, 'video', 'store-down.mp4', bytes);
    const body = { fileName: 'store-down.mp4', filePath: plan.filePath, fileSize: bytes.length };
    const storage = h.storage();
    const listParts = jest.spyOn(storage, 'listParts').mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:9000'), { code: 'ECONNREFUSED' }));
    try {
      const down = await h.call('/upload/video/success', { token, body, lang: 'en' });
      expect([down.status, down.body.code, down.body.message]).toEqual([503, ErrorCode.STORAGE_UNAVAILABLE, 'the file store cannot be reached right now; the parts you uploaded are kept, please finish the upload again in a few minutes']);
      listParts.mockRejectedValueOnce(new MultipartUploadNotFoundError('gone'));
      const lost = await h.call('/upload/video/success', { token, body, lang: 'zh-CN' });
      expect([lost.status, lost.body.code, lost.body.message]).toEqual([410, ErrorCode.UPLOAD_SESSION_LOST, '这次上传在文件存储中已失效，已传的分片不再保留，请重新上传该文件']);
    } finally {
      listParts.mockRestore();
    }
    const done = await h.call<{ status: string }>('/upload/video/success', { token, body });
    expect([done.status, done.body.data.status]).toEqual([200, 'transcoding']);
  });

  it('keeps one contributor out of another one\'s sessions and materials', async () => {
    const owner = await h.user(GID2);
    const other = await h.user(GID2);
    const bytes = randomBytes(MiB + 10);
    const plan = await h.sendParts(owner.token, 'video', 'mine.mp4', bytes, () => false);

    const sts = await h.call('/upload/ali/sts', { token: other.token, body: { filePath: plan.filePath, partNumbers: [1] } });
    expect([sts.status, sts.body.code, sts.body.message]).toEqual([404, 4003, 'File path error']);
    const success = await h.call('/upload/video/success', { token: other.token, body: { fileName: 'mine.mp4', filePath: plan.filePath, fileSize: bytes.length } });
    expect([success.status, success.body.code]).toEqual([404, 4003]);

    await h.sendParts(owner.token, 'video', 'mine.mp4', bytes);
    const done = await h.call<{ id: number }>('/upload/video/success', { token: owner.token, body: { fileName: 'mine.mp4', filePath: plan.filePath, fileSize: bytes.length } });
    const id = done.body.data.id;
    await h.waitForStatus(id, ['failed', 'waiting']);

    for (const path of ['/upload/material/detail', '/upload/material/delete', '/download/ali/sts']) {
      const foreign = await h.call(path, { token: other.token, body: { id } });
      expect([path, foreign.status]).toEqual([path, 404]);
    }
    const edit = await h.call('/upload/material/update', { token: other.token, body: { id, titleEn: 'taken' } });
    expect(edit.status).toBe(404);
    const theirs = await h.call<MaterialListResponse>('/upload/material/list', { token: other.token, body: { tab: 'home' } });
    expect(theirs.body.data.total).toBe(0);
    const mine = await h.call<MaterialListResponse>('/upload/material/list', { token: owner.token, body: { tab: 'videoWaiting' } });
    expect(mine.body.data.infos.map((m) => m.id)).toEqual([id]);
    expect(mine.body.data.counts).toMatchObject({ home: 1, videoWaiting: 1, photoWaiting: 0, published: 0 });

    // gid 2 edits and deletes own material; gid 3 may not (spec section 6).
    const renamed = await h.call<ContributedMaterial>('/upload/material/update', { token: owner.token, body: { id, titleEn: 'Harbour at dusk', keywordsZh: ['港口'] } });
    expect(renamed.body.data).toMatchObject({ titleEn: 'Harbour at dusk', keywordsZh: ['港口'] });
    const gid3 = await h.user(GID3);
    const gid3Delete = await h.call('/upload/material/delete', { token: gid3.token, body: { id } });
    expect(gid3Delete.status).toBe(403);
    const removed = await h.call('/upload/material/delete', { token: owner.token, body: { id } });
    expect(removed.body.code).toBe(0);
    const gone = await h.call('/upload/material/detail', { token: owner.token, body: { id } });
    expect(gone.status).toBe(404);
  });

  it('processes a real 1080p H.264 clip in the background and hands out its sample only when done', async () => {
    const { token } = await h.user(GID3);
    const clip = await generateClip({ width: 1920, height: 1080, seconds: 3.2 });
    const done = await h.upload(token, 'video', 'clip.mp4', clip);
    expect(done.body.data.status).toBe('transcoding');
    const early = await h.call('/download/ali/sts', { token, body: { id: done.body.data.id } });
    // Usually still transcoding here; if the worker already finished, the link is there instead.
    if (early.body.code !== 0) expect(early.body.message).toBe('Download links will be generated when transcoding is finish');
    await h.waitForStatus(done.body.data.id, ['waiting', 'failed']);
    const detail = await h.call<ContributedMaterial>('/upload/material/detail', { token, body: { id: done.body.data.id } });
    expect(detail.body.data).toMatchObject({ status: 'waiting', codec: 'h264', width: 1920, height: 1080, fps: 25 });
    expect(detail.body.data.thumbnail).toMatch(/\/files\/renditions\//);
    const thumbnail = await fetch(`${h.url}${detail.body.data.thumbnail}`);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const sample = await h.call<{ url: string }>('/download/ali/sts', { token, body: { id: done.body.data.id } });
    expect(sample.body.data.url).toMatch(/\/files\/samples\//);
  });
});
