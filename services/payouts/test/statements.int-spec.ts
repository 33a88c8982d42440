import { MaterialPublished, OrderConfirmed, type StatementAdminView, type StatementDetail, type StatementListResponse, type StatementSummary, type EarningsResponse } from '@mkt/contracts';
import { confirmedOrder, publishedMaterial, verifiedBankAccount } from './payouts-fixtures.js';
import { pdfText } from '@mkt/platform/testing';
import { startPayouts, type PayoutsHarness } from './payouts-harness.js';

describe('quarterly statements', () => {
  let h: PayoutsHarness;
  beforeAll(async () => {
    h = await startPayouts();
  });
  afterAll(() => h.close());

  it('states each closed quarter once per contributor, in UTC+8, and takes it from confirmation to remittance', async () => {
    const contributor = await h.user('contributor');
    const stranger = await h.user('contributor');
    const buyer = await h.user('buyer');
    const finance = await h.staffToken(['finance']);
    const sales = await h.staffToken(['sales']);
    await h.publish(MaterialPublished, '9201', publishedMaterial(9201, contributor.userId));
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.materials WHERE material_id = 9201`)).length === 1);
    // 23:00 on 31 March in UTC+8 is Q1; 00:30 on 1 April is Q2.
    const march = confirmedOrder('2025-03-31T15:00:00.000Z', [{ materialId: 9201, priceFen: 200_000 }]);
    const april = confirmedOrder('2025-03-31T16:30:00.000Z', [{ materialId: 9201, priceFen: 10_000 }]);
    await h.publish(OrderConfirmed, march.orderId, march);
    await h.publish(OrderConfirmed, april.orderId, april);
    await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.ledger WHERE contributor_id = $1`, [contributor.userId])).length === 2);

    h.setNow('2025-04-01T03:00:00.000Z');
    const early = await h.admin<{ code: number; message: string }>('POST', '/statements/generate', { token: finance, body: { year: 2020, quarter: 3 } });
    expect([early.status, early.body.code, early.body.message]).toEqual([422, 7004, 'Statements are recorded from Q4 2020']);
    const open = await h.admin<{ code: number; message: string }>('POST', '/statements/generate', { token: finance, body: { year: 2025, quarter: 2 } });
    expect([open.status, open.body.code, open.body.message]).toEqual([409, 7003, 'Q2 2025 has not ended yet; its statements can be produced once it has']);
    expect((await h.admin('POST', '/statements/generate', { token: sales, body: { year: 2025, quarter: 1 } })).status).toBe(403);
    expect((await h.admin<{ created: number }>('POST', '/statements/generate', { token: finance, body: { year: 2025, quarter: 1 } })).body).toEqual({ created: 1 });
    expect((await h.admin<{ created: number }>('POST', '/statements/generate', { token: finance, body: { year: 2025, quarter: 1 } })).body).toEqual({ created: 0 });

    const list = await h.call<StatementListResponse>('/bill/statement/list', { token: contributor.token, body: {} });
    expect(list.body.data.years).toEqual([2025]);
    expect(list.body.data.infos).toHaveLength(1);
    // ¥2000 at 50% = ¥1000; (1000 − 800) × 20% = ¥40 withheld.
    const first = list.body.data.infos[0]!;
    expect(first).toMatchObject({ year: 2025, quarter: 1, status: 'toBeConfirmed', lineCount: 1, grossFen: 100_000, taxFen: 4_000, netFen: 96_000 });
    const detail = await h.call<StatementDetail>('/bill/statement/detail', { token: contributor.token, body: { id: first.id }, lang: 'zh-CN' });
    expect(detail.body.data.lines).toEqual([
      { entryType: 'sale', orderNo: march.orderNo, materialId: 9201, code: 'V9201', kind: 'video', title: '素材9201', licenceType: 'commercial', soldAt: '2025-03-31T15:00:00.000Z', amountFen: 200_000, sharePercent: 50, earningFen: 100_000 },
    ]);
    expect((await h.announced<{ statementId: string }>('statement.generated')).map((e) => e.statementId)).toEqual([first.id]);

    // Nobody else reads or moves it; buyers have no statements at all.
    expect((await h.call('/bill/statement/detail', { token: stranger.token, body: { id: first.id } })).status).toBe(404);
    expect((await h.call('/bill/statement/confirm', { token: stranger.token, body: { id: first.id } })).status).toBe(404);
    expect((await h.call('/bill/statement/list', { token: buyer.token, body: {} })).status).toBe(403);
    expect((await h.call('/bill/statement/list', { body: {} })).status).toBe(401);
    const malformed = await h.call<never>('/bill/statement/detail', { token: contributor.token, body: { id: 'x\u0000' } });
    expect([malformed.status, malformed.body.code]).toEqual([422, 1400]);

    // Rejected with a reason; finance corrects it; the contributor confirms the corrected one.
    const rejected = await h.call<StatementSummary>('/bill/statement/reject', { token: contributor.token, body: { id: first.id, reason: 'Missing a sale' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Missing a sale' });
    const again = await h.call<never>('/bill/statement/confirm', { token: contributor.token, body: { id: first.id } });
    expect([again.status, again.body.code]).toEqual([409, 7002]);
    const corrected = await h.admin<StatementAdminView>('POST', `/statements/${first.id}/correct`, { token: finance });
    expect(corrected.body).toMatchObject({ status: 'toBeConfirmed', year: 2025, quarter: 1, lineCount: 1, netFen: 96_000 });
    expect((await h.admin<StatementAdminView>('GET', `/statements/${first.id}`, { token: finance })).body).toMatchObject({ status: 'invalid', replacedBy: corrected.body.id });
    const listed = (await h.call<StatementListResponse>('/bill/statement/list', { token: contributor.token, body: { year: 2025 } })).body.data.infos;
    expect(listed.map((s) => [s.id, s.status])).toEqual([[corrected.body.id, 'toBeConfirmed']]);
    expect((await h.call<StatementSummary>('/bill/statement/confirm', { token: contributor.token, body: { id: corrected.body.id } })).body.data.status).toBe('generated');

    // Nobody is paid without a verified bank account.
    const unpaid = await h.admin<{ code: number; message: string }>('POST', '/statements/remit', { token: finance, body: { ids: [corrected.body.id] } });
    expect([unpaid.status, unpaid.body.code, unpaid.body.message]).toEqual([404, 7010, `The contributor of statement ${corrected.body.id} has no verified bank info to be paid to`]);
    await verifiedBankAccount(h, contributor, '李明');
    const remitted = await h.admin<{ batch: string; statements: StatementAdminView[] }>('POST', '/statements/remit', { token: finance, body: { ids: [corrected.body.id] } });
    expect(remitted.body.statements.map((s) => s.status)).toEqual(['remitted']);
    const csv = await h.admin('GET', `/remittances/${remitted.body.batch}`, { token: finance });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[1]).toBe(
      `${corrected.body.id},${contributor.userId},2025,1,李明,中国工商银行北京朝阳门支行,"=""6222020200112233445""",1000.00,40.00,960.00,2025-04-01T03:00:00.000Z`,
    );
    const file = await h.call<{ url: string }>('/bill/statement/file', { token: contributor.token, body: { id: corrected.body.id } });
    expect((await h.call('/bill/statement/file', { token: stranger.token, body: { id: corrected.body.id } })).status).toBe(404);
    const pdf = Buffer.from(await (await h.fetchLink(file.body.data.url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of ['供稿人季度结算单', '2025 年第 1 季度', '已汇款 / Remitted', '¥1,000.00', '¥40.00', '¥960.00', march.orderNo, 'V9201 素材9201', '2025-03-31', contributor.userId]) {
      expect(text).toContain(expected);
    }
    const twice = await h.admin<{ code: number }>('POST', '/statements/remit', { token: finance, body: { ids: [corrected.body.id] } });
    expect([twice.status, twice.body.code]).toEqual([409, 7002]);

    const earnings = (await h.call<EarningsResponse>('/bill/earnings', { token: contributor.token, lang: 'en' })).body.data;
    expect(earnings).toMatchObject({ totalFen: 105_000, remittedFen: 96_000, unstatedFen: 5_000 });
    expect(earnings.quarters).toEqual([
      { year: 2025, quarter: 1, earningFen: 100_000, saleCount: 1 },
      { year: 2025, quarter: 2, earningFen: 5_000, saleCount: 1 },
    ]);
    expect(earnings.bestSellers).toEqual([
      {
        materialId: 9201,
        code: 'V9201',
        title: 'Clip 9201',
        saleCount: 2,
        earningFen: 105_000,
        quarters: [
          { year: 2025, quarter: 1, earningFen: 100_000 },
          { year: 2025, quarter: 2, earningFen: 5_000 },
        ],
      },
    ]);

    const audit = await h.sql<{ action: string }>(`SELECT action FROM payouts.audit_log WHERE resource = 'statements' ORDER BY at, action`);
    expect(audit.map((a) => a.action).sort()).toEqual(['correct', 'generate', 'generate', 'remit']);
    const exported = await h.sql<{ resource_id: string }>(`SELECT resource_id FROM payouts.audit_log WHERE resource = 'remittances' AND action = 'export'`);
    expect(exported.map((a) => a.resource_id)).toEqual([remitted.body.batch]);
  });
});
