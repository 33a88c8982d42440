import sharp from 'sharp';
import { ErrorCode, type AvatarUploadLink, type UserView } from '@mkt/contracts';
import { startIdentity, type Harness } from './identity-harness.js';

type Envelope<T = unknown> = { code: number; success: boolean; message: string; data: T };
const body = <T>(reply: { body: unknown }) => reply.body as Envelope<T>;
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } });

describe('identity: the user centre', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(async () => {
    await h?.close();
  });

  const absolute = (url: string) => (url.startsWith('/') ? `${h.server.url}${url}` : url);
  const session = async (token: string) => h.call<Envelope<UserView>>('/session', { token });

  async function upload(token: string, bytes: Buffer, contentType = 'image/png') {
    const link = await h.call('/user/profile/avatar/link', { token, body: { contentType, size: bytes.length } });
    expect(link.status).toBe(200);
    const { avatarId, url, expiresInSeconds } = body<AvatarUploadLink>(link).data;
    expect(expiresInSeconds).toBe(300);
    expect((await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } })).status).toBe(200);
    return { avatarId, complete: await h.call<Envelope<UserView>>('/user/profile/avatar/complete', { token, body: { avatarId } }) };
  }

  async function mailboxLink(to: string): Promise<string | undefined> {
    const response = await fetch(`${h.server.url}/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    return messages[0]?.text.match(/\/mailconfirm\?token=([A-Za-z0-9_-]+)/)?.[1];
  }

  it('asks a visitor to sign in for every call but the confirmation link', async () => {
    for (const path of ['/user/profile/nickname', '/user/profile/avatar/link', '/user/profile/avatar/complete', '/user/email/bind', '/user/sessions/end-all']) {
      const visitor = await h.call(path, { body: { nickname: 'x' } });
      expect(visitor.status).toBe(401);
      expect(body(visitor).code).toBe(1001);
    }
  });

  it('changes the caller’s nickname, trimmed, and refuses bad ones with localized 4xx messages', async () => {
    const token = await h.signIn('13900000301');
    const set = await h.call<Envelope<UserView>>('/user/profile/nickname', { token, body: { nickname: '  小明 Ming  ' } });
    expect(set.status).toBe(200);
    expect(body<UserView>(set).data.nickname).toBe('小明 Ming');
    expect(body<UserView>(await session(token)).data.nickname).toBe('小明 Ming');
    expect((await h.call('/user/profile/nickname', { token, body: { nickname: 'x'.repeat(30) } })).status).toBe(200);

    const bad: unknown[] = [{ nickname: '' }, { nickname: '   ' }, { nickname: 'x'.repeat(31) }, { nickname: 'a\u0000b' }, { nickname: 12 }, { nickname: 1e308 }, { nickname: null }, {}, { nickname: ['a'] }];
    for (const payload of bad) {
      const refused = await h.call('/user/profile/nickname', { token, body: payload, lang: 'zh-CN' });
      expect(refused.status).toBe(422);
      expect(body(refused).success).toBe(false);
      expect(body(refused).message).toMatch(/[\u4e00-\u9fff]/);
    }
    // Not JSON at all.
    expect((await h.call('/user/profile/nickname', { token, raw: '{"nickname":' })).status).toBeLessThan(500);
    expect(body<UserView>(await session(token)).data.nickname).toBe('x'.repeat(30));
  });

  it('keeps a 256 px rendition of a real picture, serves it, and refuses other files, sizes and others’ uploads', async () => {
    const token = await h.signIn('13900000302');
    const first = await upload(token, await picture(900, 500).jpeg().toBuffer(), 'image/jpeg');
    expect(first.complete.status).toBe(200);
    const url = body<UserView>(first.complete).data.avatarUrl!;
    expect(url).toMatch(/^\/api\/user\/avatar\/.+\.webp$/);
    expect(body<UserView>(await session(token)).data.avatarUrl).toBe(url);
    const served = await fetch(absolute(url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    // A WebP replaces it; the old rendition is no longer served.
    const second = await upload(token, await picture(300, 300).webp().toBuffer(), 'image/webp');
    expect(second.complete.status).toBe(200);
    const newUrl = body<UserView>(second.complete).data.avatarUrl!;
    expect(newUrl).not.toBe(url);
    expect((await fetch(absolute(url))).status).toBe(404);
    expect((await fetch(absolute(newUrl))).status).toBe(200);

    // Bytes that are not a JPEG, PNG or WebP, whatever was declared, are refused and leave nothing behind.
    for (const bytes of [Buffer.from('not a picture at all'), await picture(40, 40).gif().toBuffer(), (await picture(400, 400).jpeg().toBuffer()).subarray(0, 300)]) {
      const refused = await upload(token, bytes, 'image/png');
      expect(refused.complete.status).toBe(422);
      expect(body(refused.complete).code).toBe(ErrorCode.AVATAR_INVALID);
      expect((await h.call('/user/profile/avatar/complete', { token, body: { avatarId: refused.avatarId } })).status).toBe(404);
    }
    expect(body<UserView>(await session(token)).data.avatarUrl).toBe(newUrl);

    // Another user's upload does not exist for the caller.
    const other = await h.signIn('13900000303');
    const link = await h.call<Envelope<AvatarUploadLink>>('/user/profile/avatar/link', { token, body: { contentType: 'image/png', size: 10 } });
    const stolen = await h.call('/user/profile/avatar/complete', { token: other, body: { avatarId: body<AvatarUploadLink>(link).data.avatarId } });
    expect(stolen.status).toBe(404);
    expect(body(stolen).code).toBe(ErrorCode.AVATAR_NOT_FOUND);

    for (const bad of [
      { contentType: 'image/gif', size: 10 },
      { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 },
      { contentType: 'image/png', size: 1e308 },
      { contentType: 'image/png', size: -1 },
      { contentType: 'image/png', size: '10' },
    ]) {
      expect((await h.call('/user/profile/avatar/link', { token, body: bad })).status).toBe(422);
    }
    for (const avatarId of ['not-a-uuid', 12, null]) {
      expect((await h.call('/user/profile/avatar/complete', { token, body: { avatarId } })).status).toBe(422);
    }
    const missing = await fetch(`${h.server.url}/api/user/avatar/uploads/whatever`, { headers: { 'accept-language': 'en' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 1004, success: false, message: 'The requested resource does not exist', data: null });
    expect((await fetch(`${h.server.url}/api/user/avatar/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('binds an e-mail through a single-use link, and refuses expired, made-up and taken ones', async () => {
    const token = await h.signIn('13900000304');
    const sent = await h.call('/user/email/bind', { token, body: { email: '  Buyer.Bind@Example.com ' } });
    expect(sent.status).toBe(200);
    expect(body(sent).data).toEqual({ emailMasked: 'b********d@example.com', validHours: 24 });
    const linkToken = (await mailboxLink('buyer.bind@example.com'))!;
    expect(linkToken).toHaveLength(43);
    // Only a hash is stored.
    expect(await h.sql(`SELECT 1 FROM identity.email_confirmations WHERE token_hash = $1`, [linkToken])).toHaveLength(0);

    const confirmed = await h.call('/user/email/confirm', { body: { token: linkToken } });
    expect(confirmed.status).toBe(200);
    expect(body(confirmed).data).toEqual({ emailMasked: 'b********d@example.com' });
    expect(body<UserView>(await session(token)).data.email).toBe('buyer.bind@example.com');

    const again = await h.call('/user/email/confirm', { body: { token: linkToken }, lang: 'zh-CN' });
    expect(again.status).toBe(409);
    expect(body(again)).toMatchObject({ code: ErrorCode.EMAIL_LINK_USED, message: '确认链接已使用过' });

    const alreadyMine = await h.call('/user/email/bind', { token, body: { email: 'buyer.bind@example.com' } });
    expect(body(alreadyMine).code).toBe(ErrorCode.EMAIL_ALREADY_BOUND);

    // The bound address now signs the same account in.
    const viaEmail = await h.signIn('buyer.bind@example.com');
    expect(body<UserView>(await session(viaEmail)).data.phone).toBe('13900000304');

    // Another account cannot take it, neither when asking nor when a link asked for earlier is opened.
    const other = await h.signIn('13900000305');
    const taken = await h.call('/user/email/bind', { token: other, body: { email: 'BUYER.bind@example.com' }, lang: 'en' });
    expect(taken.status).toBe(409);
    expect(body(taken)).toMatchObject({ code: ErrorCode.EMAIL_TAKEN, message: expect.stringContaining('another account') });
    expect((await h.call('/user/email/bind', { token: other, body: { email: 'race@example.com' } })).status).toBe(200);
    const raceToken = (await mailboxLink('race@example.com'))!;
    await h.sql(`UPDATE identity.users SET email = 'race@example.com' WHERE phone = '13900000301'`);
    const raced = await h.call('/user/email/confirm', { body: { token: raceToken } });
    expect(raced.status).toBe(409);
    expect(body(raced).code).toBe(ErrorCode.EMAIL_TAKEN);

    // An expired link says so.
    expect((await h.call('/user/email/bind', { token: other, body: { email: 'late@example.com' } })).status).toBe(200);
    const lateToken = (await mailboxLink('late@example.com'))!;
    await h.sql(`UPDATE identity.email_confirmations SET expires_at = now() - interval '1 minute' WHERE email = 'late@example.com'`);
    const expired = await h.call('/user/email/confirm', { body: { token: lateToken } });
    expect(expired.status).toBe(410);
    expect(body(expired).code).toBe(ErrorCode.EMAIL_LINK_EXPIRED);
    expect(body<UserView>(await session(other)).data.email).toBeNull();

    const madeUp = await h.call('/user/email/confirm', { body: { token: 'A'.repeat(43) } });
    expect(madeUp.status).toBe(404);
    expect(body(madeUp).code).toBe(ErrorCode.EMAIL_LINK_INVALID);
    for (const bad of [{ token: 'short' }, { token: 'A'.repeat(42) + '\u0000' }, { token: 5 }, {}]) {
      expect((await h.call('/user/email/confirm', { body: bad })).status).toBe(422);
    }
    for (const email of ['not-an-email', 'a\u0000b@example.com', 'x'.repeat(250) + '@example.com', 42]) {
      expect((await h.call('/user/email/bind', { token: other, body: { email } })).status).toBe(422);
    }
  });

  it('signs the caller out of every device and nothing of anyone else', async () => {
    const phone = '13900000306';
    const first = await h.signIn(phone);
    const second = await h.signIn(phone);
    const bystander = await h.signIn('13900000307');
    const ended = await h.call('/user/sessions/end-all', { token: first });
    expect(ended.status).toBe(200);
    expect(body(ended).data).toEqual({ ended: 2 });
    for (const token of [first, second]) expect((await session(token)).status).toBe(401);
    expect((await h.call('/user/refresh', { token: second })).status).toBe(401);
    expect((await session(bystander)).status).toBe(200);
  });

  it('is documented in the generated OpenAPI document with request schemas', async () => {
    const doc = (await (await fetch(`${h.server.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    const props = (path: string) => doc.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties;
    expect(props('/api/user/profile/nickname')).toHaveProperty('nickname');
    expect(props('/api/user/profile/avatar/link')).toHaveProperty('size');
    expect(props('/api/user/profile/avatar/complete')).toHaveProperty('avatarId');
    expect(props('/api/user/email/bind')).toHaveProperty('email');
    expect(props('/api/user/email/confirm')).toHaveProperty('token');
    expect(doc.paths['/api/user/sessions/end-all']?.post?.tags).toEqual(['store: user centre']);
  });
});
