import { DevMailboxNotifier } from './dev-mailbox.notifier.js';
import { SmtpNotifier } from './smtp.notifier.js';

describe('DevMailboxNotifier', () => {
  it('keeps messages newest first, filtered by recipient, within its capacity', async () => {
    const mailbox = new DevMailboxNotifier(2);
    await mailbox.send({ channel: 'sms', to: '13800000001', subject: 's', text: 't', code: '111111' });
    await mailbox.send({ channel: 'email', to: 'A@x.cn', subject: 's', text: 't', code: '222222' });
    await mailbox.send({ channel: 'sms', to: '13800000001', subject: 's', text: 't', code: '333333' });
    expect(mailbox.list().map((m) => m.code)).toEqual(['333333', '222222']);
    expect(mailbox.list('a@x.cn').map((m) => m.code)).toEqual(['222222']);
  });
});

describe('SmtpNotifier', () => {
  it('sends e-mail through the transport and refuses phone messages', async () => {
    const sent: unknown[] = [];
    const notifier = new SmtpNotifier('from@x.cn', { sendMail: async (mail: unknown) => sent.push(mail) } as never);
    await notifier.send({ channel: 'email', to: 'b@x.cn', subject: 'Code', text: 'Your code is 1' });
    expect(sent).toEqual([{ from: 'from@x.cn', to: 'b@x.cn', subject: 'Code', text: 'Your code is 1' }]);
    expect(notifier.supports('sms')).toBe(false);
    expect(notifier.supports('email')).toBe(true);
    await expect(notifier.send({ channel: 'sms', to: '13800000001', subject: 's', text: 't' })).rejects.toMatchObject({ code: 2007 });
  });
});
