import { request } from 'node:http';
import { Clock } from '@mkt/platform';
import { startIdentity, type Harness } from './identity-harness.js';

interface Answer {
  status: number;
  body: { code: number; success: boolean; message: string; data?: unknown };
}

/**
 * Staff sign-in guessed from several addresses: wrong passwords count per username and source
 * address, unknown names count like known ones, and the lock ends with its window. Requests come
 * from distinct loopback addresses (127.0.0.x), which the service sees as request.ip.
 */
describe('identity: staff sign-in lockout per username and address', () => {
  let h: Harness;
  let minutesAhead = 0;
  beforeAll(async () => {
    h = await startIdentity();
    // The service's clock, moved by the tests to step past a lock's window.
    const clock = h.server.app.get(Clock);
    const real = clock.now.bind(clock);
    clock.now = () => new Date(real().getTime() + minutesAhead * 60_000);
  });
  afterAll(async () => {
    await h?.close();
  });

  function login(from: string, username: string, password: string, lang = 'en'): Promise<Answer> {
    const url = new URL('/admin-api/auth/login', h.server.url);
    const payload = JSON.stringify({ username, password });
    return new Promise((resolve, reject) => {
      const call = request(
        url,
        { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'accept-language': lang, 'content-length': Buffer.byteLength(payload) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }));
        },
      );
      call.on('error', reject);
      call.end(payload);
    });
  }

  async function failTenTimes(from: string, username: string): Promise<void> {
    for (let i = 0; i < 10; i += 1) expect((await login(from, username, `wrong-${i}`)).status).toBe(401);
  }

  it("locks the guesser's address, not the account: the owner signs in from elsewhere", async () => {
    await failTenTimes('127.0.0.2', 'contest');
    const guesser = await login('127.0.0.2', 'contest', 'contest12345', 'zh-CN');
    expect(guesser.status).toBe(429);
    expect(guesser.body).toMatchObject({ code: 2103, message: '密码错误次数过多，请 15 分钟后再试' });
    expect((await login('127.0.0.3', 'contest', 'contest12345')).status).toBe(200);
    // The owner's success does not lift the guesser's lock.
    expect((await login('127.0.0.2', 'contest', 'contest12345')).status).toBe(429);
  });

  it('answers an unknown name exactly like a known one, wrong and locked', async () => {
    const pick = (answer: Answer) => ({ status: answer.status, code: answer.body.code, success: answer.body.success, message: answer.body.message });
    for (const lang of ['en', 'zh-CN']) {
      expect(pick(await login('127.0.0.4', 'no-such-staff', 'guess-1', lang))).toEqual(pick(await login('127.0.0.4', 'reviewer', 'guess-1', lang)));
    }
    for (let i = 0; i < 8; i += 1) {
      await login('127.0.0.4', 'no-such-staff', `guess-${i}`);
      await login('127.0.0.4', 'reviewer', `guess-${i}`);
    }
    const unknown = await login('127.0.0.4', 'no-such-staff', 'guess-x', 'zh-CN');
    const known = await login('127.0.0.4', 'reviewer', 'reviewer12345', 'zh-CN');
    expect(pick(known)).toEqual({ status: 429, code: 2103, success: false, message: '密码错误次数过多，请 15 分钟后再试' });
    expect(pick(unknown)).toEqual(pick(known));
    // Letter case and spaces do not open a second count for the same name.
    expect((await login('127.0.0.4', ' Reviewer ', 'reviewer12345')).status).toBe(429);
  });

  it('ends the lock after its window, for known and unknown names alike', async () => {
    await failTenTimes('127.0.0.5', 'finance');
    await failTenTimes('127.0.0.5', 'nobody-here');
    minutesAhead = 14;
    const finance = await login('127.0.0.5', 'finance', 'finance12345');
    const nobody = await login('127.0.0.5', 'nobody-here', 'anything-1');
    expect([finance.status, nobody.status]).toEqual([429, 429]);
    expect(finance.body.message).toBe('Too many wrong passwords, please try again in 1 minutes');
    expect(nobody.body.message).toBe(finance.body.message);
    minutesAhead = 15;
    expect((await login('127.0.0.5', 'finance', 'finance12345')).status).toBe(200);
    expect((await login('127.0.0.5', 'nobody-here', 'anything-1')).status).toBe(401);
    // A fresh count after the lock: one wrong password does not lock again.
    expect((await login('127.0.0.5', 'nobody-here', 'anything-2')).status).toBe(401);
  });
});
