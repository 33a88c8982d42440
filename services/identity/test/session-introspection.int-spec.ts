import { ErrorCode, INTROSPECTION_SIGNATURE_HEADER, SESSION_INTROSPECTION_PATH } from '@mkt/contracts';
import { AppError, SessionIntrospectionClient, TokenService, resolveSecrets, RemoteStaffSessionValidator, RemoteUserSessionValidator, APP_CONFIG, type AppConfig } from '@mkt/platform';
import { startIdentity, type Harness } from './identity-harness.js';

/** What a service deployed without identity does with IDENTITY_URL: ask identity about each session. */
describe('identity: session introspection for services deployed apart', () => {
  let h: Harness;
  let tokens: TokenService;
  let client: SessionIntrospectionClient;

  beforeAll(async () => {
    h = await startIdentity();
    const secret = resolveSecrets(h.server.app.get<AppConfig>(APP_CONFIG)).token;
    tokens = new TokenService(secret);
    // No reuse of answers here, so each step sees identity's current state.
    client = new SessionIntrospectionClient(h.server.url, secret, fetch, 0);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('accepts a live user session and refuses it after logoff', async () => {
    const token = await h.signIn('13800000003');
    const claims = (await tokens.verify(token, 'user'))!;
    const users = new RemoteUserSessionValidator(client);
    // Contributor rights travel too, so an uploads service deployed apart knows who may upload.
    expect(await users.validate(claims)).toMatchObject({ userId: claims.userId, sessionId: claims.sessionId, contributor: { gid: 3, videoFlag: true } });
    expect((await h.call('/logoff', { token })).status).toBe(200);
    await expect(users.validate(claims)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
  });

  it('reads staff roles fresh and says when the account is disabled', async () => {
    const admin = await h.staffToken('admin', 'admin12345');
    const salesToken = await h.staffToken('sales', 'sales12345');
    const claims = (await tokens.verify(salesToken, 'staff'))!;
    const staff = new RemoteStaffSessionValidator(client);
    expect(await staff.validate(claims)).toMatchObject({ username: 'sales', roles: ['sales'] });
    expect((await h.admin('PUT', `/staff/${claims.staffId}`, { token: admin, body: { disabled: true } })).status).toBe(200);
    await expect(staff.validate(claims)).rejects.toMatchObject({ code: ErrorCode.ACCOUNT_DISABLED });
  });

  it('answers only callers that hold the token secret', async () => {
    const body = JSON.stringify({ kind: 'user', sessionId: crypto.randomUUID(), subjectId: crypto.randomUUID() });
    const forged = await fetch(`${h.server.url}${SESSION_INTROSPECTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTROSPECTION_SIGNATURE_HEADER]: 'ab'.repeat(32) },
      body,
    });
    expect(forged.status).toBe(403);
    const outsider = new SessionIntrospectionClient(h.server.url, 'x'.repeat(48), fetch, 0);
    const token = await h.signIn('13800000004');
    const claims = (await tokens.verify(token, 'user'))!;
    await expect(new RemoteUserSessionValidator(outsider).validate(claims)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
  });

  it('fails closed with a 503 when identity cannot be reached', async () => {
    const unreachable = new SessionIntrospectionClient('http://127.0.0.1:9', 'x'.repeat(48), fetch, 10_000);
    const error = await new RemoteUserSessionValidator(unreachable)
      .validate({ kind: 'user', userId: crypto.randomUUID(), sessionId: crypto.randomUUID() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.NOT_READY);
  });
});
