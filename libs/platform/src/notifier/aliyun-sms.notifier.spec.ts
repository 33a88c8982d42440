import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { AliyunSmsNotifier, createDysmsClient, type SmsSendApi } from './aliyun-sms.notifier.js';
import { ChannelRoutingNotifier } from './channel-routing.notifier.js';
import { DevMailboxNotifier } from './dev-mailbox.notifier.js';

const settings = { signName: 'Lumen Stock', templateCode: 'SMS_123456' };
const code = (to = '13800000001') => ({ channel: 'sms' as const, to, subject: 's', text: 't', code: '042917' });

class FakeApi implements SmsSendApi {
  requests: Parameters<SmsSendApi['sendSms']>[0][] = [];
  constructor(private readonly answer: () => Promise<{ body?: { code?: string; message?: string } }>) {}
  sendSms(request: Parameters<SmsSendApi['sendSms']>[0]) {
    this.requests.push(request);
    return this.answer();
  }
}

describe('AliyunSmsNotifier', () => {
  it('sends the code through the approved template', async () => {
    const api = new FakeApi(async () => ({ body: { code: 'OK', message: 'OK' } }));
    await new AliyunSmsNotifier(settings, api).send(code());
    expect(api.requests).toEqual([{ phoneNumbers: '13800000001', signName: 'Lumen Stock', templateCode: 'SMS_123456', templateParam: '{"code":"042917"}' }]);
  });

  it('turns a refusal or an unreachable provider into a localized 503, reporting the reason', async () => {
    const failures: Record<string, unknown>[] = [];
    const refused = new AliyunSmsNotifier(settings, new FakeApi(async () => ({ body: { code: 'isv.BUSINESS_LIMIT_CONTROL', message: 'limit' } })), (d) => failures.push(d));
    const down = new AliyunSmsNotifier(settings, new FakeApi(() => Promise.reject(new Error('ECONNREFUSED'))), (d) => failures.push(d));
    for (const notifier of [refused, down]) {
      const error = await notifier.send(code()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(ErrorCode.CODE_DELIVERY_FAILED);
    }
    expect(failures).toEqual([
      expect.objectContaining({ code: 'isv.BUSINESS_LIMIT_CONTROL', message: 'limit' }),
      expect.objectContaining({ error: 'ECONNREFUSED' }),
    ]);
  });

  it('handles text messages only', async () => {
    const notifier = new AliyunSmsNotifier(settings, new FakeApi(async () => ({ body: { code: 'OK' } })));
    expect(notifier.supports('sms')).toBe(true);
    expect(notifier.supports('email')).toBe(false);
    await expect(notifier.send({ ...code(), channel: 'email' })).rejects.toMatchObject({ code: ErrorCode.CODE_CHANNEL_UNAVAILABLE });
  });

  it('drives the official SDK: a signed SendSms call with our fields, and its answer read back', async () => {
    const seen: { method?: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://local');
        const query = new URLSearchParams(url.search);
        for (const [k, v] of new URLSearchParams(body)) query.set(k, v);
        seen.push({ method: request.method, query, headers: request.headers });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'r-1', BizId: 'b-1' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const api = createDysmsClient({ accessKeyId: 'AKID', accessKeySecret: 'secret', endpoint: `127.0.0.1:${port}`, protocol: 'http', ...settings });
      await new AliyunSmsNotifier(settings, api).send(code('13800000002'));
      expect(seen).toHaveLength(1);
      const { query, headers } = seen[0]!;
      expect(headers['x-acs-action']).toBe('SendSms');
      expect(headers['x-acs-version']).toBe('2017-05-25');
      expect(headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=AKID,SignedHeaders=\S+,Signature=[0-9a-f]{64}$/);
      expect(query.get('PhoneNumbers')).toBe('13800000002');
      expect(query.get('SignName')).toBe('Lumen Stock');
      expect(query.get('TemplateCode')).toBe('SMS_123456');
      expect(query.get('TemplateParam')).toBe('{"code":"042917"}');
    } finally {
      server.close();
    }
  });
});

describe('ChannelRoutingNotifier', () => {
  it('sends each channel through its own notifier and refuses the others', async () => {
    const sms = new DevMailboxNotifier();
    const routing = new ChannelRoutingNotifier({ sms });
    expect(routing.supports('sms')).toBe(true);
    expect(routing.supports('email')).toBe(false);
    await routing.send(code());
    expect(sms.list('13800000001')).toHaveLength(1);
    await expect(routing.send({ ...code(), channel: 'email', to: 'a@b.cn' })).rejects.toMatchObject({ code: ErrorCode.CODE_CHANNEL_UNAVAILABLE });
  });
});
