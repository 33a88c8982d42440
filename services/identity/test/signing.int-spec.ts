import sharp from 'sharp';
import { FieldCipher } from '@mkt/platform';
import {
  ErrorCode,
  type SigningApplicationView,
  type SigningFileLink,
  type SigningFileView,
  type SigningReviewDetail,
  type SigningReviewView,
  type SigningStatusView,
  type UserView,
} from '@mkt/contracts';
import { startIdentity, type Harness } from './identity-harness.js';

type Envelope<T = unknown> = { code: number; success: boolean; message: string; data: T };
const body = <T>(reply: { body: unknown }) => reply.body as Envelope<T>;
const ID_NUMBER = '11010519491231002X';
const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** A small real picture of its own colour, so every upload is a different file. */
async function picture(seed: number, format: 'jpeg' | 'png' = seed % 2 ? 'png' : 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width: 96, height: 64, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 71) % 256, b: (seed * 113) % 256 } } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

describe('identity: signing applications', () => {
  let h: Harness;
  let reviewer: string;
  let admin: string;

  beforeAll(async () => {
    h = await startIdentity();
    reviewer = await h.staffToken('reviewer', 'reviewer12345');
    admin = await h.staffToken('admin', 'admin12345');
  });
  afterAll(async () => {
    await h?.close();
  });

  const absolute = (url: string) => (url.startsWith('/') ? `${h.server.url}${url}` : url);
  const status = async (token: string) => body<SigningStatusView>(await h.call('/signing/status', { token })).data;

  async function upload(token: string, bytes: Buffer, kind: 'image' | 'resume' = 'image', contentType = kind === 'image' ? 'image/jpeg' : 'application/pdf') {
    const link = await h.call('/signing/file/link', { token, body: { kind, contentType, size: bytes.length } });
    expect(link.status).toBe(200);
    const { fileId, url } = body<SigningFileLink>(link).data;
    expect((await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
    return { fileId, complete: await h.call<Envelope<SigningFileView>>('/signing/file/complete', { token, body: { fileId } }) };
  }

  async function images(token: string, count: number, from = 0): Promise<string[]> {
    const ids: string[] = [];
    for (let i = from; i < from + count; i += 1) {
      const { fileId, complete } = await upload(token, await picture(i));
      expect(complete.status).toBe(200);
      ids.push(fileId);
    }
    return ids;
  }

  const application = (imageIds: string[], change: Record<string, unknown> = {}) => ({
    platforms: [{ platform: 'xinpianchang', url: 'https://www.xinpianchang.com/u10086' }],
    videoLinks: ['https://www.bilibili.com/video/BV1xx411c7mD'],
    realName: '  李光影 ',
    idNumber: '11010519491231002x',
    address: '浙江省杭州市西湖区文三路 1 号',
    wechatId: 'lumen_photo',
    quantity: 300,
    creationForms: ['aerial', 'timelapse'],
    themes: ['landscape', 'city'],
    imageIds,
    profile: { residentArea: '杭州', intro: '航拍十年\n擅长城市夜景', mainServices: '航拍、延时', socialAccounts: '微博 @lumen', resumeFileId: null },
    ...change,
  });

  it('asks a visitor to sign in for every call, and keeps staff routes from users', async () => {
    for (const path of ['/signing/status', '/signing/detail', '/signing/file/link', '/signing/file/complete', '/signing/submit']) {
      const visitor = await h.call(path, { body: {}, lang: 'zh-CN' });
      expect([path, visitor.status, body(visitor).code]).toEqual([path, 401, 1001]);
    }
    const user = await h.signIn('13900000701');
    expect((await h.admin('GET', '/signing-applications', { token: user })).status).toBe(401);
    // Finance reviews real names, not applications.
    const finance = await h.staffToken('finance', 'finance12345');
    expect((await h.admin('GET', '/signing-applications', { token: finance })).status).toBe(403);
    expect((await h.admin('POST', '/signing-applications/00000000-0000-4000-8000-000000000000/approve', { token: finance, body: { videoFlag: true, photoFlag: true } })).status).toBe(403);
  });

  it('refuses 19 images with the rule, takes 20, and approving makes the applicant a gid 3 contributor', async () => {
    const token = await h.signIn('13900000702');
    expect(await status(token)).toEqual({ applications: [], profile: null, canApply: true, blockedBy: null });
    const ids = await images(token, 19);

    const nineteen = await h.call('/signing/submit', { token, body: application(ids), lang: 'zh-CN' });
    expect(nineteen.status).toBe(422);
    expect(body(nineteen)).toMatchObject({ code: ErrorCode.SIGNING_IMAGES_TOO_FEW, message: '请上传至少 20 张代表作品（仅限 jpg 或 png，每张不超过 5MB）' });
    expect(body(await h.call('/signing/submit', { token, body: application(ids) })).message).toBe(
      'Please upload at least 20 representative images (jpg or png only, each 5MB or less)',
    );

    ids.push(...(await images(token, 1, 19)));
    const sent = await h.call('/signing/submit', { token, body: application(ids) });
    expect(sent.status).toBe(200);
    const created = body<SigningApplicationView>(sent).data;
    expect(created).toMatchObject({ status: 'pending', realName: '李光影', idNumberMasked: '1****************X', imageCount: 20, rejectReason: null, reviewedAt: null });
    const mine = await status(token);
    expect(mine).toMatchObject({ canApply: false, blockedBy: 'pending', profile: { residentArea: '杭州', intro: '航拍十年\n擅长城市夜景', resume: null } });
    expect(mine.applications.map((a) => [a.id, a.status])).toEqual([[created.id, 'pending']]);
    expect(body<SigningApplicationView>(await h.call('/signing/detail', { token, body: { id: created.id } })).data.id).toBe(created.id);

    // Not while it waits: neither a second application nor new files.
    const again = await h.call('/signing/submit', { token, body: application(ids), lang: 'zh-CN' });
    expect([again.status, body(again).code]).toEqual([409, ErrorCode.SIGNING_ALREADY_PENDING]);
    expect(body(again).message).toMatch(HAS_CHINESE);
    expect((await h.call('/signing/file/link', { token, body: { kind: 'image', contentType: 'image/png', size: 10 } })).status).toBe(409);

    // The reviewer finds it, sees the images side by side, and the contact details masked.
    const waiting = await h.admin<SigningReviewView[]>('GET', `/signing-applications?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', q: '光影' }))}`, { token: reviewer });
    expect(waiting.status).toBe(200);
    expect(waiting.body.map((row) => row.id)).toEqual([created.id]);
    expect(waiting.body[0]).toMatchObject({ wechatId: 'l*********o', imageCount: 20, nickname: '用户0702' });
    const detail = await h.admin<SigningReviewDetail>('GET', `/signing-applications/${created.id}`, { token: reviewer });
    expect(detail.status).toBe(200);
    expect(detail.body.images.map((image) => image.id)).toEqual(ids);
    expect(detail.body.profile).toMatchObject({ mainServices: '航拍、延时' });
    const preview = await fetch(absolute(detail.body.images[0]!.previewUrl));
    expect(preview.status).toBe(200);
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await fetch(absolute(detail.body.images[1]!.url))).status).toBe(200);
    const full = await h.admin<SigningReviewDetail>('GET', `/signing-applications/${created.id}`, { token: admin });
    expect(full.body).toMatchObject({ wechatId: 'lumen_photo', address: '浙江省杭州市西湖区文三路 1 号' });

    const noRights = await h.admin('POST', `/signing-applications/${created.id}/approve`, { token: reviewer, body: { videoFlag: false, photoFlag: false }, lang: 'zh-CN' });
    expect([noRights.status, (noRights.body as { code: number }).code]).toEqual([422, ErrorCode.SIGNING_FLAGS_REQUIRED]);
    const approved = await h.admin<SigningReviewView>('POST', `/signing-applications/${created.id}/approve`, { token: reviewer, body: { videoFlag: true, photoFlag: false } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reviewedBy: 'reviewer', grantedVideoFlag: true, grantedPhotoFlag: false });
    expect((await h.admin('POST', `/signing-applications/${created.id}/reject`, { token: reviewer, body: { reason: 'late' } })).status).toBe(409);

    // The store's session now shows a signed contributor who has not answered the notice yet.
    const user = body<UserView>(await h.call('/session', { token })).data;
    expect(user).toMatchObject({ gid: 3, signFlag: true, videoFlag: true, photoFlag: false, protocolAgreed: null });
    // Acknowledging the contributor notice keeps the rights staff chose.
    const acknowledged = await h.call<Envelope<UserView>>('/user/protocol/agree', { token });
    expect(body<UserView>(acknowledged).data).toMatchObject({ gid: 3, videoFlag: true, photoFlag: false, protocolAgreed: true });
    expect(await status(token)).toMatchObject({ canApply: false, blockedBy: 'approved', applications: [{ status: 'approved', reviewedAt: expect.any(String) }] });
    const refused = await h.call('/signing/submit', { token, body: application(ids) });
    expect([refused.status, body(refused).code]).toEqual([409, ErrorCode.SIGNING_ALREADY_SIGNED]);

    const audit = await h.sql<{ action: string; staff_username: string }>(`SELECT action, staff_username FROM identity.audit_log WHERE resource = 'signing-applications' AND resource_id = $1 ORDER BY at`, [created.id]);
    expect(audit.map((row) => [row.action, row.staff_username])).toEqual([
      ['reveal', 'reviewer'],
      ['reveal', 'admin'],
      ['approve', 'reviewer'],
    ]);
    const events = await h.sql<{ payload: { changed: string[] } }>(`SELECT payload FROM identity.outbox WHERE name = 'user.updated' AND aggregate_id = $1`, [user.id]);
    expect(events.map((e) => e.payload.changed.sort())).toEqual([['gid', 'signFlag', 'videoFlag']]);
  });

  it('shows a rejection with its reason and takes a new application after it', async () => {
    const token = await h.signIn('13900000703');
    const ids = await images(token, 20, 100);
    const first = body<SigningApplicationView>(await h.call('/signing/submit', { token, body: application(ids) })).data;
    const emptyReason = await h.admin('POST', `/signing-applications/${first.id}/reject`, { token: reviewer, body: { reason: '  ' } });
    expect(emptyReason.status).toBe(422);
    const rejected = await h.admin<SigningReviewView>('POST', `/signing-applications/${first.id}/reject`, { token: reviewer, body: { reason: ' 作品数量不足 ' } });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: '作品数量不足' });
    expect(await status(token)).toMatchObject({ canApply: true, blockedBy: null, applications: [{ id: first.id, status: 'rejected', rejectReason: '作品数量不足' }] });
    expect(body<UserView>(await h.call('/session', { token })).data).toMatchObject({ gid: 0, signFlag: false });

    // The same images may be shown again.
    const second = await h.call('/signing/submit', { token, body: application(ids, { quantity: 500 }) });
    expect(second.status).toBe(200);
    expect((await status(token)).applications.map((a) => a.status)).toEqual(['pending', 'rejected']);
  });

  it('tells a contributor they need not apply', async () => {
    const token = await h.signIn('13800000003');
    expect(await status(token)).toMatchObject({ canApply: false, blockedBy: 'contributor' });
    const refused = await h.call('/signing/submit', { token, body: application([]) });
    expect([refused.status, body(refused).code]).toEqual([409, ErrorCode.SIGNING_ALREADY_SIGNED]);
  });

  it('checks every file on its bytes and keeps a PDF résumé', async () => {
    const token = await h.signIn('13900000704');
    for (const bad of [
      { kind: 'image', contentType: 'image/gif', size: 10 },
      { kind: 'image', contentType: 'image/png', size: 5 * 1024 * 1024 + 1 },
      { kind: 'resume', contentType: 'application/msword', size: 10 },
    ]) {
      const refused = await h.call('/signing/file/link', { token, body: bad, lang: 'zh-CN' });
      expect(refused.status).toBe(422);
      expect([ErrorCode.SIGNING_IMAGE_INVALID, ErrorCode.SIGNING_RESUME_INVALID]).toContain(body(refused).code);
      expect(body(refused).message).toMatch(HAS_CHINESE);
    }
    // Declared a JPEG, but a GIF, a WebP, text or half a JPEG: refused, and nothing is left.
    for (const bytes of [
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } }).gif().toBuffer(),
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } }).webp().toBuffer(),
      Buffer.from('not an image'),
      (await picture(7, 'jpeg')).subarray(0, 200),
    ]) {
      const { fileId, complete } = await upload(token, bytes);
      expect([complete.status, body(complete).code]).toEqual([422, ErrorCode.SIGNING_IMAGE_INVALID]);
      expect(body(complete).message).toBe('Representative images must be jpg or png only, each 5MB or less');
      expect((await h.call('/signing/file/complete', { token, body: { fileId } })).status).toBe(404);
    }
    // More bytes than declared and allowed.
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const link = body<SigningFileLink>(await h.call('/signing/file/link', { token, body: { kind: 'image', contentType: 'image/png', size: 1000 } })).data;
    await fetch(absolute(link.url), { method: 'PUT', body: new Uint8Array(big) });
    expect(body(await h.call('/signing/file/complete', { token, body: { fileId: link.fileId } })).code).toBe(ErrorCode.SIGNING_IMAGE_INVALID);

    const notPdf = await upload(token, Buffer.from('PK\u0003\u0004 a word file pretending'), 'resume');
    expect([notPdf.complete.status, body(notPdf.complete).code]).toEqual([422, ErrorCode.SIGNING_RESUME_INVALID]);
    const pdf = await upload(token, Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'resume');
    expect(body<SigningFileView>(pdf.complete).data).toMatchObject({ kind: 'resume', contentType: 'application/pdf' });

    const ids = await images(token, 20, 200);
    // A résumé is not an image, nor an image a résumé.
    const swapped = await h.call('/signing/submit', { token, body: application([...ids.slice(1), pdf.fileId]) });
    expect([swapped.status, body(swapped).code]).toEqual([404, ErrorCode.SIGNING_FILE_NOT_FOUND]);
    const sent = await h.call('/signing/submit', { token, body: application(ids, { profile: { residentArea: '上海', resumeFileId: pdf.fileId } }) });
    expect(sent.status).toBe(200);
    expect((await status(token)).profile).toMatchObject({ residentArea: '上海', intro: '', resume: { fileId: pdf.fileId } });
    const [row] = await h.sql<{ id: string }>(`SELECT id FROM identity.signing_applications WHERE id = $1`, [body<SigningApplicationView>(sent).data.id]);
    const detail = await h.admin<SigningReviewDetail>('GET', `/signing-applications/${row!.id}`, { token: admin });
    const resume = await fetch(absolute(detail.body.resumeUrl!));
    expect((await resume.text()).startsWith('%PDF-')).toBe(true);
  });

  it('answers bad input with a localized 4xx, and keeps applications and files to their owners', async () => {
    const owner = await h.signIn('13900000705');
    const other = await h.signIn('13900000706');
    const ownerIds = await images(owner, 20, 300);
    const mine = body<SigningApplicationView>(await h.call('/signing/submit', { token: owner, body: application(ownerIds) })).data;

    // Another user's images and application do not exist for the caller.
    const stolen = await h.call('/signing/submit', { token: other, body: application(ownerIds), lang: 'zh-CN' });
    expect([stolen.status, body(stolen).code]).toEqual([404, ErrorCode.SIGNING_FILE_NOT_FOUND]);
    expect(body(stolen).message).toMatch(HAS_CHINESE);
    const peek = await h.call('/signing/detail', { token: other, body: { id: mine.id } });
    expect([peek.status, body(peek).code]).toEqual([404, ErrorCode.SIGNING_APPLICATION_NOT_FOUND]);
    expect((await h.call('/signing/file/complete', { token: other, body: { fileId: ownerIds[0] } })).status).toBe(404);
    expect(await status(other)).toMatchObject({ applications: [] });

    // A file still uploading: wait for it.
    const otherIds = await images(other, 20, 400);
    const unfinished = body<SigningFileLink>(await h.call('/signing/file/link', { token: other, body: { kind: 'image', contentType: 'image/png', size: 100 } })).data;
    const early = await h.call('/signing/submit', { token: other, body: application([...otherIds.slice(1), unfinished.fileId]) });
    expect([early.status, body(early).code, body(early).message]).toEqual([409, ErrorCode.SIGNING_FILES_PENDING, 'Please wait for the uploads to finish before submitting']);

    const cases: [Record<string, unknown>, number, number][] = [
      [{ videoLinks: ['https://pan.baidu.com/s/1abc'] }, 422, ErrorCode.SIGNING_VIDEO_LINK_CLOUD],
      [{ videoLinks: ['ftp://example.com/a.mp4'] }, 422, ErrorCode.SIGNING_LINK_INVALID],
      [{ platforms: [] }, 422, ErrorCode.SIGNING_PLATFORM_REQUIRED],
      [{ creationForms: [] }, 422, ErrorCode.SIGNING_CHOICE_REQUIRED],
      [{ themes: ['unknown'] }, 422, ErrorCode.SIGNING_FIELD_INVALID],
      [{ wechatId: '' }, 422, ErrorCode.SIGNING_FIELD_REQUIRED],
      [{ idNumber: '110105194912310021' }, 422, ErrorCode.SIGNING_FIELD_INVALID],
      [{ quantity: null }, 422, ErrorCode.SIGNING_FIELD_REQUIRED],
      [{ quantity: 1e308 }, 422, ErrorCode.SIGNING_FIELD_INVALID],
      [{ quantity: 2 ** 53 + 1 }, 422, ErrorCode.SIGNING_FIELD_INVALID],
      [{ quantity: -3 }, 422, ErrorCode.SIGNING_FIELD_INVALID],
      [{ quantity: '300' }, 422, ErrorCode.VALIDATION_FAILED],
      [{ realName: '李\u0000光影' }, 422, ErrorCode.VALIDATION_FAILED],
      [{ address: 'a\u0000b' }, 422, ErrorCode.VALIDATION_FAILED],
      [{ profile: { intro: '\u0000' } }, 422, ErrorCode.VALIDATION_FAILED],
      [{ imageIds: [...otherIds.slice(1), otherIds[0]!, otherIds[0]!] }, 422, ErrorCode.SIGNING_FIELD_INVALID],
      [{ imageIds: [12] }, 422, ErrorCode.VALIDATION_FAILED],
      [{ imageIds: 'all' }, 422, ErrorCode.VALIDATION_FAILED],
      [{ platforms: [{ platform: 'bilibili', url: 12 }] }, 422, ErrorCode.VALIDATION_FAILED],
      [{ platforms: { platform: 'bilibili' } }, 422, ErrorCode.VALIDATION_FAILED],
    ];
    for (const [change, httpStatus, code] of cases) {
      const refused = await h.call('/signing/submit', { token: other, body: application(otherIds, change), lang: 'zh-CN' });
      expect([change, refused.status, body(refused).code]).toEqual([change, httpStatus, code]);
      expect(body(refused).message).toMatch(HAS_CHINESE);
    }
    expect((await h.call('/signing/submit', { token: other, raw: '{"platforms":' })).status).toBe(400);
    expect((await h.call('/signing/submit', { token: other, raw: '[]' })).status).toBe(422);
    for (const payload of [{ id: 'nope' }, { id: 12 }, { id: '\u0000' }, {}]) {
      expect((await h.call('/signing/detail', { token: other, body: payload })).status).toBe(422);
    }
    for (const payload of [{ kind: 'image', contentType: 'image/png', size: 1e308 }, { kind: 'image', contentType: 'image/png', size: '10' }, { kind: 'video', contentType: 'video/mp4', size: 10 }]) {
      expect((await h.call('/signing/file/link', { token: other, body: payload })).status).toBe(422);
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await h.admin('GET', `/signing-applications/${id}`, { token: reviewer });
      expect(missing.status).toBe(404);
      const verdict = await h.admin('POST', `/signing-applications/${id}/approve`, { token: reviewer, body: { videoFlag: true, photoFlag: true } });
      expect(verdict.status).toBe(404);
    }
    expect((await h.admin('POST', `/signing-applications/${mine.id}/approve`, { token: reviewer, body: { videoFlag: 'yes', photoFlag: true } })).status).toBe(422);
    expect((await h.admin('GET', `/signing-applications?filter=${encodeURIComponent(JSON.stringify({ status: 'lost' }))}`, { token: reviewer })).status).toBe(422);
    expect((await h.admin('GET', `/signing-applications?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}`, { token: reviewer })).status).toBe(422);

    // The ID number is kept encrypted only.
    const [row] = await h.sql<{ id_number_encrypted: string }>(`SELECT id_number_encrypted FROM identity.signing_applications WHERE id = $1`, [mine.id]);
    expect(h.server.app.get(FieldCipher).decrypt(row!.id_number_encrypted)).toBe(ID_NUMBER);
    const [dump] = await h.sql<{ text: string }>(`SELECT string_agg(row_to_json(t)::text, ' ') AS text FROM identity.signing_applications t`);
    expect(dump!.text).not.toContain('19491231');
  });
  it('is documented in the generated OpenAPI document with request schemas', async () => {
    const doc = (await (await fetch(`${h.server.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    const props = (path: string, method = 'post') => doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.properties;
    expect(props('/api/signing/submit')).toHaveProperty('imageIds');
    expect(props('/api/signing/file/link')).toHaveProperty('kind');
    expect(props('/api/signing/file/complete')).toHaveProperty('fileId');
    expect(props('/api/signing/detail')).toHaveProperty('id');
    expect(doc.paths['/api/signing/status']?.post?.tags).toEqual(['store: signing application']);
    expect(props('/admin-api/signing-applications/{id}/approve')).toHaveProperty('videoFlag');
    expect(props('/admin-api/signing-applications/{id}/reject')).toHaveProperty('reason');
  });
});
