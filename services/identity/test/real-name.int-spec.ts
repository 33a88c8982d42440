import sharp from 'sharp';
import { FieldCipher, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { ErrorCode, type IdPhotoUploadLink, type IdPhotoView, type RealNameReviewDetail, type RealNameReviewView, type RealNameView } from '@mkt/contracts';
import { startIdentity, type Harness } from './identity-harness.js';

type Envelope<T = unknown> = { code: number; success: boolean; message: string; data: T };
const body = <T>(reply: { body: unknown }) => reply.body as Envelope<T>;

const ID_NUMBER = '11010519491231002X';
const BUCKET = 'identity-documents';
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });

describe('identity: real-name check', () => {
  let h: Harness;
  let finance: string;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    h = await startIdentity();
    finance = await h.staffToken('finance', 'finance12345');
    png = await picture(64, 40).png().toBuffer();
    jpeg = await picture(80, 50).jpeg().toBuffer();
  });
  afterAll(async () => {
    await h?.close();
  });

  const absolute = (url: string) => (url.startsWith('/') ? `${h.server.url}${url}` : url);

  /** A new account made a gid-3 contributor (identity reads the gid on every call). */
  async function contributor(phone: string): Promise<{ token: string; userId: string }> {
    const token = await h.signIn(phone);
    await h.sql(`UPDATE identity.users SET gid = 3, sign_flag = true WHERE phone = $1`, [phone]);
    const [row] = await h.sql<{ id: string }>(`SELECT id FROM identity.users WHERE phone = $1`, [phone]);
    return { token, userId: row!.id };
  }

  /** The browser's three steps: ask for a link, PUT the bytes to it, say it is done. */
  async function upload(token: string, side: 'portrait' | 'emblem', bytes: Buffer, contentType = 'image/png') {
    const link = await h.call<Envelope<IdPhotoUploadLink>>('/realname/photo/link', { token, body: { side, contentType, size: bytes.length } });
    expect(link.status).toBe(200);
    const { photoId, url, expiresInSeconds } = body<IdPhotoUploadLink>(link).data;
    expect(expiresInSeconds).toBe(300);
    const put = await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
    expect(put.status).toBe(200);
    const complete = await h.call('/realname/photo/complete', { token, body: { photoId } });
    return { photoId, complete };
  }

  async function photosOf(token: string): Promise<{ portraitPhotoId: string; emblemPhotoId: string }> {
    const portrait = await upload(token, 'portrait', jpeg, 'image/jpeg');
    const emblem = await upload(token, 'emblem', png);
    expect([portrait.complete.status, emblem.complete.status]).toEqual([200, 200]);
    return { portraitPhotoId: portrait.photoId, emblemPhotoId: emblem.photoId };
  }

  const status = async (token: string) => body<RealNameView>(await h.call('/realname/status', { token })).data;

  it('answers contributors only: none at first, buyers 403, visitors 401', async () => {
    const { token } = await contributor('13900000101');
    expect(await status(token)).toEqual({ status: 'none', name: null, idNumberMasked: null, rejectReason: null, submittedAt: null, reviewedAt: null });
    // The demo contributors stay unchecked until they submit.
    for (const phone of ['13800000002', '13800000005']) expect((await status(await h.signIn(phone))).status).toBe('none');

    const buyer = await h.signIn('13800000001');
    for (const path of ['/realname/status', '/realname/photo/link', '/realname/photo/complete', '/realname/submit']) {
      const refused = await h.call(path, { token: buyer, body: { side: 'portrait', contentType: 'image/png', size: 10 } });
      expect(refused.status).toBe(403);
      expect(body(refused).code).toBe(1003);
      const visitor = await h.call(path);
      expect(visitor.status).toBe(401);
      expect(body(visitor).code).toBe(1001);
    }
  });

  it('keeps photos uploaded through signed links and checks their real content', async () => {
    const { token, userId } = await contributor('13900000102');
    const portrait = await upload(token, 'portrait', jpeg, 'image/jpeg');
    expect(body<IdPhotoView>(portrait.complete)).toMatchObject({ code: 0, data: { photoId: portrait.photoId, side: 'portrait', contentType: 'image/jpeg', size: jpeg.length } });
    // Completing again (a retried request) answers the same.
    expect(body(await h.call('/realname/photo/complete', { token, body: { photoId: portrait.photoId } })).data).toEqual(body(portrait.complete).data);
    const storage = h.server.app.get<ObjectStorage>(OBJECT_STORAGE);
    expect(await storage.stat(BUCKET, `${userId}/${portrait.photoId}`)).toMatchObject({ size: jpeg.length });

    // Declared a PNG, but the bytes are a web page: deleted and refused.
    const fake = await upload(token, 'emblem', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.complete.status).toBe(422);
    expect(body(fake.complete)).toMatchObject({ code: 2504, message: 'An ID-card photo must be a JPG or PNG image of at most 8 MB' });
    expect(await storage.stat(BUCKET, `${userId}/${fake.photoId}`)).toBeNull();
    expect(await h.sql(`SELECT 1 FROM identity.id_photos WHERE id = $1`, [fake.photoId])).toEqual([]);
    expect((await h.call('/realname/photo/complete', { token, body: { photoId: fake.photoId } })).status).toBe(404);

    // A GIF is an image, but not one of the accepted kinds.
    const gif = await upload(token, 'emblem', await picture(20, 20).gif().toBuffer());
    expect(gif.complete.status).toBe(422);

    // Asked to complete before anything was PUT: refused, and the link can still be used.
    const early = await h.call<Envelope<IdPhotoUploadLink>>('/realname/photo/link', { token, body: { side: 'emblem', contentType: 'image/png', size: png.length } });
    const { photoId, url } = body<IdPhotoUploadLink>(early).data;
    expect((await h.call('/realname/photo/complete', { token, body: { photoId } })).status).toBe(422);
    expect((await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(png) })).status).toBe(200);
    expect(body(await h.call('/realname/photo/complete', { token, body: { photoId } }))).toMatchObject({ code: 0, data: { side: 'emblem', contentType: 'image/png' } });

    // Requests outside the limits never get a link.
    for (const bad of [{ side: 'back', contentType: 'image/png', size: 10 }, { side: 'emblem', contentType: 'image/gif', size: 10 }, { side: 'emblem', contentType: 'image/png', size: 8 * 1024 * 1024 + 1 }]) {
      expect((await h.call('/realname/photo/link', { token, body: bad })).status).toBe(422);
    }
  });

  it('takes a submission, refuses another while verifying, and lets staff reject, the contributor resubmit and staff verify', async () => {
    const { token, userId } = await contributor('13900000103');
    const photos = await photosOf(token);

    const submitted = await h.call('/realname/submit', { token, body: { name: '王小明', idNumber: '110105 19491231 002x', ...photos } });
    expect(submitted.status).toBe(200);
    expect(body<RealNameView>(submitted).data).toMatchObject({ status: 'verifying', name: '王小明', idNumberMasked: '1****************X', rejectReason: null, reviewedAt: null });
    expect(await status(token)).toMatchObject({ status: 'verifying', name: '王小明' });

    const again = await h.call('/realname/submit', { token, body: { name: '王小明', idNumber: ID_NUMBER, ...photos }, lang: 'zh-CN' });
    expect(again.status).toBe(409);
    expect(body(again)).toMatchObject({ code: 2502, message: '实名认证当前状态为“审核中”，不能提交' });
    // Nor are new photos taken while the submission waits.
    expect((await h.call('/realname/photo/link', { token, body: { side: 'portrait', contentType: 'image/png', size: 10 } })).status).toBe(409);

    const waiting = await h.admin<RealNameReviewView[]>('GET', `/real-name-reviews?filter=${encodeURIComponent(JSON.stringify({ userId, status: 'verifying' }))}`, { token: finance });
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get('content-range')).toBe('real-name-reviews 0-0/1');
    const first = waiting.body[0]!;
    expect(first).toMatchObject({ userId, status: 'verifying', name: '王小明', idNumberMasked: '1****************X', nickname: '用户0103', reviewedBy: null });

    const rejected = await h.admin<RealNameReviewView>('POST', `/real-name-reviews/${first.id}/reject`, { token: finance, body: { reason: '  身份证照片模糊 ' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: '身份证照片模糊', reviewedBy: 'finance' });
    expect(await status(token)).toMatchObject({ status: 'rejected', rejectReason: '身份证照片模糊', reviewedAt: expect.any(String) });
    // A decided submission takes no second verdict.
    expect((await h.admin('POST', `/real-name-reviews/${first.id}/verify`, { token: finance })).status).toBe(409);

    // The contributor fixes the name; the same photos may be used again.
    const resubmitted = await h.call('/realname/submit', { token, body: { name: '王晓明', idNumber: ID_NUMBER, ...photos } });
    expect(body<RealNameView>(resubmitted).data).toMatchObject({ status: 'verifying', name: '王晓明', rejectReason: null });
    const history = await h.admin<RealNameReviewView[]>('GET', `/real-name-reviews?filter=${encodeURIComponent(JSON.stringify({ userId }))}&sort=["submittedAt","ASC"]`, { token: finance });
    expect(history.body.map((r) => r.status)).toEqual(['rejected', 'verifying']);
    const second = history.body[1]!;

    const verified = await h.admin<RealNameReviewView>('POST', `/real-name-reviews/${second.id}/verify`, { token: finance });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'verified', rejectReason: null, reviewedBy: 'finance' });
    expect(await status(token)).toMatchObject({ status: 'verified', name: '王晓明' });
    expect((await h.admin('POST', `/real-name-reviews/${second.id}/verify`, { token: finance })).status).toBe(409);
    expect((await h.admin('POST', `/real-name-reviews/${second.id}/reject`, { token: finance, body: { reason: 'late' } })).status).toBe(409);

    // Verified is final.
    expect((await h.call('/realname/submit', { token, body: { name: '王晓明', idNumber: ID_NUMBER, ...photos } })).status).toBe(409);
    const events = await h.sql<{ aggregate_id: string; payload: { userId: string; realName: string; verifiedAt: string } }>(
      `SELECT aggregate_id, payload FROM identity.outbox WHERE name = 'realname.verified'`,
    );
    expect(events).toEqual([{ aggregate_id: userId, payload: { userId, realName: '王晓明', verifiedAt: expect.any(String) } }]);

    // Every verdict is in the audit log, without the name or the number.
    const audit = await h.sql<{ action: string; staff_username: string; after: Record<string, unknown> }>(
      `SELECT action, staff_username, after FROM identity.audit_log WHERE resource = 'real-name-reviews' AND resource_id = ANY($1) ORDER BY at`,
      [[first.id, second.id]],
    );
    expect(audit.map((a) => [a.action, a.staff_username, a.after.status])).toEqual([
      ['reject', 'finance', 'rejected'],
      ['verify', 'finance', 'verified'],
    ]);
  });

  it('stores the identity number encrypted, never in plain text', async () => {
    const { token, userId } = await contributor('13900000104');
    await h.call('/realname/submit', { token, body: { name: 'Li Lei', idNumber: ID_NUMBER, ...(await photosOf(token)) } });
    const [row] = await h.sql<{ id_number_encrypted: string }>(`SELECT * FROM identity.real_name_submissions WHERE user_id = $1`, [userId]);
    expect(h.server.app.get(FieldCipher).decrypt(row!.id_number_encrypted)).toBe(ID_NUMBER);
    // Not in any column of any identity table: not the number, nor its birth-date middle.
    const tables = await h.sql<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'identity' AND table_type = 'BASE TABLE'`);
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['real_name_submissions', 'id_photos', 'audit_log', 'outbox']));
    for (const { table_name } of tables) {
      const [dump] = await h.sql<{ text: string | null }>(`SELECT string_agg(row_to_json(t)::text, ' ') AS text FROM identity."${table_name}" t`);
      expect(dump?.text ?? '').not.toContain('19491231');
    }
  });

  it('treats another user’s photo as missing', async () => {
    const owner = await contributor('13900000105');
    const other = await contributor('13900000106');
    const photos = await photosOf(owner.token);
    const complete = await h.call('/realname/photo/complete', { token: other.token, body: { photoId: photos.portraitPhotoId } });
    expect(complete.status).toBe(404);
    expect(body(complete).code).toBe(2503);
    const submit = await h.call('/realname/submit', { token: other.token, body: { name: '韩梅梅', idNumber: ID_NUMBER, ...photos } });
    expect(submit.status).toBe(404);
    expect(body(submit).code).toBe(2503);
    // Its own photos on the wrong sides are not what the submission asks for either.
    const own = await photosOf(other.token);
    const swapped = await h.call('/realname/submit', { token: other.token, body: { name: '韩梅梅', idNumber: ID_NUMBER, portraitPhotoId: own.emblemPhotoId, emblemPhotoId: own.portraitPhotoId } });
    expect(body(swapped).code).toBe(2503);
    expect(await status(other.token)).toMatchObject({ status: 'none' });
  });

  it('refuses malformed submissions with 4xx, NUL characters included', async () => {
    const { token } = await contributor('13900000107');
    const photos = await photosOf(token);
    for (const bad of [
      { name: 'Li\u0000Lei', idNumber: ID_NUMBER },
      { name: '李雷', idNumber: '11010519491231002\u0000' },
      { name: '李雷', idNumber: '110105194912310021' },
      { name: '<b>李雷</b>', idNumber: ID_NUMBER },
      { name: '李', idNumber: ID_NUMBER },
    ]) {
      const reply = await h.call('/realname/submit', { token, body: { ...bad, ...photos } });
      expect(reply.status).toBe(422);
      expect(body(reply).code).toBe(ErrorCode.VALIDATION_FAILED);
    }
    expect((await h.call('/realname/photo/complete', { token, body: { photoId: 'not-a-uuid\u0000' } })).status).toBe(422);
    expect(await status(token)).toMatchObject({ status: 'none' });

    await h.call('/realname/submit', { token, body: { name: '李雷', idNumber: ID_NUMBER, ...photos } });
    const [review] = (await h.admin<RealNameReviewView[]>('GET', `/real-name-reviews?filter=${encodeURIComponent(JSON.stringify({ q: '李雷' }))}`, { token: finance })).body;
    const nul = await h.admin('POST', `/real-name-reviews/${review!.id}/reject`, { token: finance, body: { reason: 'blurred\u0000' } });
    expect(nul.status).toBe(422);
    expect((await h.admin('POST', `/real-name-reviews/${review!.id}/reject`, { token: finance, body: { reason: '   ' } })).status).toBe(422);
    expect((await h.admin('GET', `/real-name-reviews?filter=${encodeURIComponent(JSON.stringify({ q: 'x\u0000' }))}`, { token: finance })).status).toBe(422);
  });

  it('shows reviewers the photos through short-lived links and records who opened them', async () => {
    const { token, userId } = await contributor('13900000108');
    await h.call('/realname/submit', { token, body: { name: 'Han Meimei', idNumber: ID_NUMBER, ...(await photosOf(token)) } });
    const admin = await h.staffToken('admin', 'admin12345');
    const [review] = (await h.admin<RealNameReviewView[]>('GET', `/real-name-reviews?filter=${encodeURIComponent(JSON.stringify({ userId }))}`, { token: admin })).body;

    const opened = await h.admin<RealNameReviewDetail>('GET', `/real-name-reviews/${review!.id}`, { token: admin });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: review!.id, status: 'verifying', name: 'Han Meimei', photoLinkSeconds: 300 });
    const portrait = await fetch(absolute(opened.body.portraitUrl));
    expect(portrait.status).toBe(200);
    expect(portrait.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await portrait.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(Buffer.from(await (await fetch(absolute(opened.body.emblemUrl))).arrayBuffer()).equals(png)).toBe(true);
    // The bucket is private: without the signature nothing is served.
    expect((await fetch(absolute(opened.body.portraitUrl.replace(/\?.*$/, '')))).status).not.toBe(200);

    const reveals = await h.sql<{ staff_username: string; after: { userId: string } }>(
      `SELECT staff_username, after FROM identity.audit_log WHERE action = 'reveal' AND resource = 'real-name-reviews' AND resource_id = $1`,
      [review!.id],
    );
    expect(reveals).toEqual([{ staff_username: 'admin', after: { userId, fields: ['portraitPhoto', 'emblemPhoto'] } }]);

    expect((await h.admin('GET', `/real-name-reviews/00000000-0000-4000-8000-000000000000`, { token: admin })).status).toBe(404);
    expect((await h.admin('GET', `/real-name-reviews/nope`, { token: admin })).status).toBe(404);
    expect((await h.admin('POST', `/real-name-reviews/nope/verify`, { token: admin })).status).toBe(404);
  });

  it('keeps the console for finance and admin', async () => {
    const { token, userId } = await contributor('13900000109');
    await h.call('/realname/submit', { token, body: { name: '张伟', idNumber: ID_NUMBER, ...(await photosOf(token)) } });
    const [review] = (await h.admin<RealNameReviewView[]>('GET', `/real-name-reviews?filter=${encodeURIComponent(JSON.stringify({ userId }))}`, { token: finance })).body;
    for (const [username, password] of [['reviewer', 'reviewer12345'], ['sales', 'sales12345']]) {
      const staff = await h.staffToken(username!, password!);
      expect((await h.admin('GET', '/real-name-reviews', { token: staff })).status).toBe(403);
      expect((await h.admin('GET', `/real-name-reviews/${review!.id}`, { token: staff })).status).toBe(403);
      expect((await h.admin('POST', `/real-name-reviews/${review!.id}/verify`, { token: staff })).status).toBe(403);
      expect((await h.admin('POST', `/real-name-reviews/${review!.id}/reject`, { token: staff, body: { reason: 'no' } })).status).toBe(403);
    }
    expect((await h.admin('GET', '/real-name-reviews')).status).toBe(401);
    expect(await status(token)).toMatchObject({ status: 'verifying' });
    expect(await h.sql(`SELECT 1 FROM identity.audit_log WHERE resource = 'real-name-reviews' AND resource_id = $1`, [review!.id])).toEqual([]);
  });
});
