import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@mkt/contracts';
import { startIdentity, type Harness } from './identity-harness.js';

/**
 * Phone sign-in in the production notifier set-up (SMTP for e-mail, Alibaba Cloud SMS for
 * phones) against a local stand-in of the SMS API: the official SDK signs and sends real HTTP.
 */
describe('identity: sign-in codes by text message (Alibaba Cloud SMS)', () => {
  let h: Harness;
  let provider: Server;
  const received: { phone: string | null; code: string }[] = [];
  let answer: { Code: string; Message: string } = { Code: 'OK', Message: 'OK' };

  beforeAll(async () => {
    provider = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://sms').searchParams;
      if (request.headers['x-acs-action'] === 'SendSms' && answer.Code === 'OK') {
        received.push({ phone: query.get('PhoneNumbers'), code: (JSON.parse(query.get('TemplateParam') ?? '{}') as { code: string }).code });
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ...answer, RequestId: 'r' }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    h = await startIdentity({
      NOTIFIER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMS: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'AKID',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'Lumen Stock',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000001',
      ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    });
  });

  afterAll(async () => {
    await h?.close();
    provider?.close();
  });

  it('texts the code and signs the phone in with it', async () => {
    const sent = await h.call('/user/code/send', { body: { account: '13900000011' } });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.phone).toBe('13900000011');
    const login = await h.call<{ data: { token: string } }>('/user/login', { body: { account: '13900000011', code: received[0]!.code } });
    expect(login.status).toBe(200);
  });

  it('says try again when the provider refuses, and stores nothing (no countdown, no hourly count)', async () => {
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limited' };
    const refused = await h.call('/user/code/send', { body: { account: '13900000012' }, lang: 'zh-CN' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: ErrorCode.CODE_DELIVERY_FAILED, success: false, message: '验证码发送失败，请稍后重试' });
    expect(await h.sql(`SELECT 1 FROM identity.verification_codes WHERE account = '13900000012'`)).toHaveLength(0);
    answer = { Code: 'OK', Message: 'OK' };
    expect((await h.call('/user/code/send', { body: { account: '13900000012' } })).status).toBe(200);
  });
});
