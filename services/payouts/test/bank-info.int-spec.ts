import { ContributorProtocolAnswered, MaterialPublished, OrderConfirmed, RealNameVerified, type BankInfoAdminView, type BankInfoRevealed, type BankInfoView, type StatementListResponse } from '@mkt/contracts';
import { bankForm, confirmedOrder, publishedMaterial, TEST_ID_NUMBER } from './payouts-fixtures.js';
import { startPayouts, type PayoutsHarness } from './payouts-harness.js';

describe('bank info', () => {
  let h: PayoutsHarness;
  beforeAll(async () => {
    h = await startPayouts();
  });
  afterAll(() => h.close());

  const submit = (token: string, body: unknown, lang = 'en') => h.call<BankInfoView>('/bill/bank/submit', { token, body, lang });
  const pendingId = async (userId: string) => (await h.sql<{ id: string }>(`SELECT id FROM payouts.bank_infos WHERE contributor_id = $1 AND status = 'verifying'`, [userId]))[0]!.id;
  const verifyName = async (userId: string, realName: string) => {
    await h.publish(RealNameVerified, userId, { userId, realName, verifiedAt: new Date().toISOString() });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.real_names WHERE contributor_id = $1`, [userId])).length === 1);
  };

  it('takes only an account in the verified real name, keeps the numbers encrypted, and locks a verified change for a year', async () => {
    h.setNow('2026-03-10T02:00:00.000Z');
    const contributor = await h.user('contributor');
    const finance = await h.staffToken(['finance']);

    const early = await submit(contributor.token, bankForm('张伟'), 'zh-CN');
    expect([early.status, early.body.code, early.body.message]).toEqual([409, 7012, '请先完成实名认证，再填写银行信息']);
    await verifyName(contributor.userId, '张伟');
    const wrong = await submit(contributor.token, bankForm('张三'), 'zh-CN');
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([422, 7013, '开户名须与合同一致：张伟']);

    const accepted = await submit(contributor.token, bankForm(' 张伟 '));
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'verifying',
      settlementType: 'personal',
      accountName: '张伟',
      cardNumberMasked: '6222***********3445',
      idNumberMasked: '1****************X',
      taxNumberMasked: '11**************2X',
      reservedPhone: '138****8000',
      bankName: '中国工商银行北京朝阳门支行',
      lockedUntil: null,
      contract: { realName: '张伟', companyName: null },
    });
    // Encrypted at rest: no column of the row holds the card or ID number in the clear.
    const [stored] = await h.sql<Record<string, unknown>>(`SELECT * FROM payouts.bank_infos WHERE contributor_id = $1`, [contributor.userId]);
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain('6222020200112233445');
    expect(everything).not.toContain(TEST_ID_NUMBER);
    expect(everything).not.toContain('110105194912');
    expect(String(stored!.card_number_encrypted)).toMatch(/^v1\./);

    // Another submission while the first waits replaces it.
    await submit(contributor.token, bankForm('张伟', { cardNumber: '6222 0202 0099 8877 665' }));
    expect(await h.sql(`SELECT 1 FROM payouts.bank_infos WHERE contributor_id = $1`, [contributor.userId])).toHaveLength(1);

    // Finance sees it masked, reveals the numbers (audited), rejects with a reason.
    const listed = await h.admin<BankInfoAdminView[]>('GET', `/bank-infos?filter=${encodeURIComponent(JSON.stringify({ contributorId: contributor.userId }))}`, { token: finance });
    expect(listed.body.map((row) => [row.status, row.cardNumberMasked])).toEqual([['verifying', '6222***********7665']]);
    const id = listed.body[0]!.id;
    expect(JSON.stringify(listed.body)).not.toContain('62220202009988');
    const revealed = await h.admin<BankInfoRevealed>('POST', `/bank-infos/${id}/reveal`, { token: finance });
    expect(revealed.body).toEqual({ id, cardNumber: '6222020200998877665', idNumber: TEST_ID_NUMBER, taxNumber: TEST_ID_NUMBER });
    expect((await h.admin('POST', `/bank-infos/${id}/reveal`, { token: await h.staffToken(['sales']) })).status).toBe(403);
    const reveals = await h.sql<{ staff_username: string; after: { contributorId: string } }>(`SELECT staff_username, after FROM payouts.audit_log WHERE resource = 'bank-infos' AND action = 'reveal'`);
    expect(reveals).toEqual([{ staff_username: 'staff-finance', after: { contributorId: contributor.userId, fields: ['cardNumber', 'idNumber', 'taxNumber'] } }]);

    const rejected = await h.admin<BankInfoAdminView>('POST', `/bank-infos/${id}/reject`, { token: finance, body: { reason: '卡号与开户行不符' } });
    expect(rejected.body).toMatchObject({ status: 'failed', rejectReason: '卡号与开户行不符' });
    expect((await h.call<BankInfoView>('/bill/bank/detail', { token: contributor.token })).body.data).toMatchObject({ status: 'failed', rejectReason: '卡号与开户行不符' });
    const twice = await h.admin<{ code: number }>('POST', `/bank-infos/${id}/verify`, { token: finance });
    expect([twice.status, twice.body.code]).toEqual([409, 7014]);

    // Submitted again after the failure, verified, and then locked until the same day next year (UTC+8).
    await submit(contributor.token, bankForm('张伟'));
    const verified = await h.admin<BankInfoAdminView>('POST', `/bank-infos/${await pendingId(contributor.userId)}/verify`, { token: finance });
    expect(verified.body.status).toBe('verified');
    const view = (await h.call<BankInfoView>('/bill/bank/detail', { token: contributor.token })).body.data;
    expect(view).toMatchObject({ status: 'verified', verifiedAt: '2026-03-10T02:00:00.000Z', lockedUntil: '2027-03-10T02:00:00.000Z', rejectReason: null });
    h.setNow('2027-03-10T01:59:00.000Z');
    const locked = await submit(contributor.token, bankForm('张伟'), 'zh-CN');
    expect([locked.status, locked.body.code, locked.body.message]).toEqual([409, 7011, '银行信息修改成功后一年内不能再修改，2027-03-10 之后可以修改']);
    const lockedEn = await submit(contributor.token, bankForm('张伟'));
    expect(lockedEn.body.message).toBe('Bank info cannot be changed within a year of its last change; it can be changed after 2027-03-10');
    h.setNow('2027-03-10T02:00:00.000Z');
    const changed = await submit(contributor.token, bankForm('张伟', { cardNumber: '6217000010001234567' }));
    // The verified account keeps being paid while the change waits for review.
    expect(changed.body.data).toMatchObject({ status: 'verifying', cardNumberMasked: '6217***********4567', paidTo: { accountName: '张伟', cardNumberMasked: '6222***********3445' } });

    const audit = await h.sql<{ action: string; staff_username: string }>(`SELECT action, staff_username FROM payouts.audit_log WHERE resource = 'bank-infos' ORDER BY at`);
    expect(audit.map((a) => a.action).sort()).toEqual(['reject', 'reveal', 'verify']);
    expect(JSON.stringify(await h.sql(`SELECT before, after FROM payouts.audit_log`))).not.toContain('6222020200112233445');
  });

  it('pays a company only under the name its contract gives, and withholds no tax from it', async () => {
    h.setNow('2026-05-01T02:00:00.000Z');
    const contributor = await h.user('contributor');
    const finance = await h.staffToken(['finance']);
    const company = bankForm('北京光影文化传媒有限公司（上海分公司）', { settlementType: 'company', taxNumber: '91110105MA01ABCD2X' });
    const missing = await submit(contributor.token, company);
    expect([missing.status, missing.body.code]).toEqual([409, 7012]);
    expect(missing.body.message).toBe('Your contract names no company, so company settlement is not possible; please contact finance');

    // Finance sets a contract's company for a contributor payouts knows: here, one who answered the agreement.
    await h.publish(ContributorProtocolAnswered, contributor.userId, { userId: contributor.userId, gid: 3, agreed: true, photoFlag: true });
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.contributors WHERE contributor_id = $1`, [contributor.userId])).length === 1);
    const set = await h.admin('PUT', `/contributor-shares/${contributor.userId}`, { token: finance, body: { sharePercent: 60, companyName: '北京光影文化传媒有限公司(上海分公司)' } });
    expect(set.body).toMatchObject({ sharePercent: 60, companyName: '北京光影文化传媒有限公司(上海分公司)' });
    const accepted = await submit(contributor.token, company);
    expect(accepted.body.data).toMatchObject({ status: 'verifying', settlementType: 'company', contract: { realName: null, companyName: '北京光影文化传媒有限公司(上海分公司)' } });
    // Setting only the share keeps the company name.
    await h.admin('PUT', `/contributor-shares/${contributor.userId}`, { token: finance, body: { sharePercent: 55 } });
    expect((await h.admin<{ companyName: string }>('GET', `/contributor-shares/${contributor.userId}`, { token: finance })).body.companyName).toBe('北京光影文化传媒有限公司(上海分公司)');

    // Verified as a company, its statements withhold no tax (a person's ¥5,500 would lose ¥880).
    expect((await h.admin('POST', `/bank-infos/${await pendingId(contributor.userId)}/verify`, { token: finance })).status).toBe(200);
    await h.publish(MaterialPublished, '9501', publishedMaterial(9501, contributor.userId));
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.materials WHERE material_id = 9501`)).length === 1);
    const sale = confirmedOrder('2026-02-10T02:00:00.000Z', [{ materialId: 9501, priceFen: 1_000_000 }]);
    await h.publish(OrderConfirmed, sale.orderId, sale);
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.ledger WHERE contributor_id = $1`, [contributor.userId])).length === 1);
    await h.admin('POST', '/statements/generate', { token: finance, body: { year: 2026, quarter: 1 } });
    const [statement] = (await h.call<StatementListResponse>('/bill/statement/list', { token: contributor.token })).body.data.infos;
    expect(statement).toMatchObject({ grossFen: 550_000, taxFen: 0, netFen: 550_000 });
  });

  it('refuses buyers, visitors, other staff roles and malformed input with a 4xx', async () => {
    const contributor = await h.user('contributor');
    const buyer = await h.user('buyer');
    expect((await h.call('/bill/bank/detail', { token: buyer.token })).status).toBe(403);
    expect((await h.call('/bill/bank/detail', {})).status).toBe(401);
    expect((await h.admin('GET', '/bank-infos', { token: await h.staffToken(['reviewer']) })).status).toBe(403);
    expect((await h.admin('GET', '/bank-infos', { token: contributor.token })).status).toBe(401);
    expect((await h.admin<{ code: number }>('POST', '/bank-infos/1e99/verify', { token: await h.staffToken(['finance']) })).body.code).toBe(7010);
    // A contributor's own detail is all they can read: there is no id to try.
    expect((await h.call<BankInfoView>('/bill/bank/detail', { token: contributor.token, body: { contributorId: buyer.userId } })).body.data.status).toBe('none');
    for (const body of [
      bankForm('张伟\u0000'),
      bankForm('张伟', { cardNumber: '6222abc' }),
      bankForm('张伟', { bankName: '工商银行' }),
      bankForm('张伟', { idNumber: '110105194912310021' }),
      bankForm('张伟', { reservedPhone: '12345' }),
      { ...bankForm('张伟'), settlementType: 'offshore' },
      { ...bankForm('张伟'), cardNumber: 6222020200 },
    ]) {
      const reply = await submit(contributor.token, body);
      expect([reply.status, reply.body.code]).toEqual([422, 1400]);
    }
  });
});
