import { startIdentity, type Harness } from './identity-harness.js';

type Envelope<T = unknown> = { code: number; success: boolean; message: string; data: T };

describe('identity: sign-in with a verification code (real HTTP, real PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(async () => {
    await h?.close();
  });

  const body = <T>(reply: { body: unknown }) => reply.body as Envelope<T>;

  it('refuses an account that is neither a phone number nor an e-mail, in both languages', async () => {
    const en = await h.call('/user/code/send', { body: { account: 'not-an-account' } });
    expect(en.status).toBe(422);
    expect(body(en)).toMatchObject({ code: 2006, success: false, message: 'Please enter a valid phone number or e-mail address' });
    const zh = await h.call('/user/code/send', { body: { account: '123' }, lang: 'zh-CN,zh;q=0.9' });
    expect(body(zh).message).toBe('请输入正确的手机号或邮箱');
  });

  it('answers malformed JSON and missing fields with 4xx envelopes, never a 500', async () => {
    const malformed = await h.call('/user/login', { raw: '{"account":' });
    expect(malformed.status).toBe(400);
    expect(body(malformed)).toMatchObject({ code: 1401, success: false });
    const missing = await h.call('/user/login', { body: { account: '13900000000' } });
    expect(missing.status).toBe(422);
    expect(body(missing).code).toBe(1400);
    expect(body(missing).message).toMatch(/code/);
    const wrongType = await h.call('/user/login', { body: { account: 42, code: '123456' } });
    expect(wrongType.status).toBe(422);
    const huge = await h.call('/user/code/send', { body: { account: 'x'.repeat(5000) } });
    expect(huge.status).toBe(422);
  });

  it('creates the user on first sign-in, announces it once, and /session returns the user fields', async () => {
    const account = '13911110001';
    const sent = await h.call<Envelope<{ resendAfterSeconds: number; expiresInSeconds: number }>>('/user/code/send', { body: { account } });
    expect(sent.status).toBe(200);
    expect(body(sent)).toMatchObject({ code: 0, success: true, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const code = await h.codeFor(account);
    expect(code).toMatch(/^\d{6}$/);
    const login = await h.call('/user/login', { body: { account, code } });
    expect(login.status).toBe(200);
    const { token, user } = body<{ token: string; user: Record<string, unknown> }>(login).data;
    expect(user).toMatchObject({ phone: account, gid: 0, verity: true, signFlag: false, nickname: '用户0001' });

    const session = await h.call('/session', { token });
    expect(body(session)).toMatchObject({ code: 0, data: { id: user.id, verity: true, gid: 0, signFlag: false } });
    for (const field of ['videoFlag', 'photoFlag', 'customerId', 'customerStatus', 'customerType', 'projectId', 'nickname']) {
      expect(body<Record<string, unknown>>(session).data).toHaveProperty(field);
    }
    const events = await h.sql<{ name: string }>(`SELECT name FROM identity.outbox WHERE aggregate_id = $1`, [user.id]);
    expect(events.map((e) => e.name)).toEqual(['user.registered']);

    // The same code cannot be used twice, and a second sign-in does not register again.
    const again = await h.call('/user/login', { body: { account, code } });
    expect(body(again).code).toBe(2002);
    await h.sql(`UPDATE identity.verification_codes SET sent_at = sent_at - interval '2 minutes' WHERE account = $1`, [account]);
    await h.signIn(account);
    const after = await h.sql(`SELECT 1 FROM identity.outbox WHERE aggregate_id = $1`, [user.id]);
    expect(after).toHaveLength(1);
  });

  it('accepts e-mail accounts case-insensitively', async () => {
    const token = await h.signIn('Editor@Example.COM');
    const session = await h.call('/session', { token });
    expect(body<{ email: string; nickname: string }>(session).data).toMatchObject({ email: 'editor@example.com', nickname: 'editor' });
  });

  it('holds the resend countdown for 60 seconds', async () => {
    const account = '13911110002';
    expect((await h.call('/user/code/send', { body: { account } })).status).toBe(200);
    const again = await h.call('/user/code/send', { body: { account }, lang: 'zh-CN' });
    expect(again.status).toBe(429);
    expect(body<{ resendAfterSeconds: number }>(again)).toMatchObject({ code: 2004 });
    expect(body<{ resendAfterSeconds: number }>(again).data.resendAfterSeconds).toBeGreaterThan(55);
    expect(body(again).message).toMatch(/^请在 \d+ 秒后再获取验证码$/);
  });

  it('limits sends to five an hour per account', async () => {
    const account = 'limit@example.com';
    for (let i = 0; i < 5; i += 1) {
      const sent = await h.call('/user/code/send', { body: { account } });
      expect(sent.status).toBe(200);
      await h.sql(`UPDATE identity.verification_codes SET sent_at = sent_at - interval '61 seconds' WHERE account = $1`, [account]);
    }
    const sixth = await h.call('/user/code/send', { body: { account } });
    expect(sixth.status).toBe(429);
    expect(body(sixth)).toMatchObject({ code: 2005, message: 'Too many codes requested, please try again in an hour' });
  });

  it('counts wrong codes and spends the code after five', async () => {
    const account = '13911110003';
    await h.call('/user/code/send', { body: { account } });
    const code = await h.codeFor(account);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await h.call('/user/login', { body: { account, code: wrong } });
    expect(first.status).toBe(422);
    expect(body(first)).toMatchObject({ code: 2001, message: 'Wrong verification code, 4 attempts left', data: { remaining: 4 } });
    for (let i = 0; i < 3; i += 1) await h.call('/user/login', { body: { account, code: wrong } });
    const fifth = await h.call('/user/login', { body: { account, code: wrong } });
    expect(fifth.status).toBe(429);
    expect(body(fifth).code).toBe(2003);
    const right = await h.call('/user/login', { body: { account, code } });
    expect(body(right).code).toBe(2003);
  });

  it('refuses an expired code', async () => {
    const account = '13911110004';
    await h.call('/user/code/send', { body: { account } });
    const code = await h.codeFor(account);
    await h.sql(`UPDATE identity.verification_codes SET expires_at = now() - interval '1 second' WHERE account = $1`, [account]);
    const late = await h.call('/user/login', { body: { account, code }, lang: 'zh-CN' });
    expect(late.status).toBe(422);
    expect(body(late)).toMatchObject({ code: 2002, message: '验证码已过期，请重新获取' });
  });

  it('answers 1001 for missing, malformed and ended tokens; refresh rotates; logoff ends', async () => {
    expect(body(await h.call('/session')).code).toBe(1001);
    const garbage = await h.call('/session', { token: 'garbage' });
    expect(garbage.status).toBe(401);
    expect(body(garbage)).toMatchObject({ code: 1001, message: 'Your session has expired, please sign in again' });

    const token = await h.signIn('13911110005');
    const refreshed = await h.call('/user/refresh', { token });
    expect(body(refreshed)).toMatchObject({ code: 0, success: true });
    const newToken = body<{ token: string }>(refreshed).data.token;
    expect(newToken).not.toBe(token);
    // The old token keeps working for a short grace period (calls in flight), then stops.
    expect(body(await h.call('/session', { token })).code).toBe(0);
    const [grace] = await h.sql<{ seconds: number }>(
      `SELECT EXTRACT(EPOCH FROM expires_at - now())::int AS seconds FROM identity.sessions WHERE kind = 'user' ORDER BY created_at DESC OFFSET 1 LIMIT 1`,
    );
    expect(grace!.seconds).toBeLessThanOrEqual(30);
    await h.sql(`UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE expires_at < now() + interval '31 seconds'`);
    expect(body(await h.call('/session', { token })).code).toBe(1001);
    expect(body(await h.call('/session', { token: newToken })).code).toBe(0);

    expect(body(await h.call('/logoff', { token: newToken })).code).toBe(0);
    expect(body(await h.call('/session', { token: newToken })).code).toBe(1001);
  });

  it('answers code 3 for a disabled account, on sign-in and on an open session', async () => {
    const account = '13911110006';
    const token = await h.signIn(account);
    await h.sql(`UPDATE identity.users SET disabled = true WHERE phone = $1`, [account]);
    const session = await h.call('/session', { token, lang: 'zh-CN' });
    expect(session.status).toBe(403);
    expect(body(session)).toMatchObject({ code: 3, message: '账号已被停用，请联系客服' });
    await h.sql(`UPDATE identity.verification_codes SET sent_at = sent_at - interval '2 minutes' WHERE account = $1`, [account]);
    await h.call('/user/code/send', { body: { account } });
    const login = await h.call('/user/login', { body: { account, code: await h.codeFor(account) } });
    expect(body(login).code).toBe(3);
  });
});
