import { randomUUID } from 'node:crypto';
import { RealNameVerified, type BankInfoSubmitRequest, type BankInfoView, type MaterialPublished, type OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import type { PayoutsHarness } from './payouts-harness.js';

/** Events as the catalogue and orders announce them, for the payouts tests. */
type Confirmed = PayloadOf<typeof OrderConfirmed>;

export function publishedMaterial(materialId: number, contributorId: string | null): PayloadOf<typeof MaterialPublished> {
  return {
    materialId,
    code: `V${materialId}`,
    kind: 'video',
    onlineAt: '2025-01-01T00:00:00.000Z',
    contributorId,
    sale: { titleZh: `素材${materialId}`, titleEn: `Clip ${materialId}`, from: 'own', maxResolution: '4K', width: 3840, height: 2160, duration: 10, thumbnailKey: null, originalKey: null, releases: { model: false, property: false, editorialOnly: false } },
  };
}

export function confirmedOrder(confirmedAt: string, items: { materialId: number; priceFen: number }[], kind: Confirmed['kind'] = 'material'): Confirmed {
  return {
    orderId: randomUUID(),
    orderNo: `ORD${Math.floor(Math.random() * 1e9)}`,
    userId: randomUUID(),
    kind,
    projectId: kind === 'project' ? 'PRJ-1' : null,
    confirmedAt,
    paidAt: confirmedAt,
    totalFen: items.reduce((sum, i) => sum + i.priceFen, 0),
    terms: kind === 'project' ? null : { licenceType: 'commercial', buyerCompany: 'ACME', userCompany: 'ACME', projectType: 'ad', projectName: 'Spring', brand: 'ACME', purpose: 'web', region: 'mainland', duration: '1y', contact: 'Li' },
    items: items.map((item, index) => ({
      itemId: index + 1,
      materialId: item.materialId,
      kind: 'video',
      code: `V${item.materialId}`,
      titleZh: `素材${item.materialId}`,
      titleEn: `Clip ${item.materialId}`,
      thumbnailKey: null,
      originalKey: null,
      priceFen: item.priceFen,
      musicLicence: null,
      releases: null,
    })),
  };
}

/** A valid resident identity number (GB 11643 check character) for the forms. */
export const TEST_ID_NUMBER = '11010519491231002X';

export function bankForm(accountName: string, change: Partial<BankInfoSubmitRequest> = {}): BankInfoSubmitRequest {
  return {
    settlementType: 'personal',
    accountName,
    cardNumber: '6222020200112233445',
    bankName: '中国工商银行北京朝阳门支行',
    reservedPhone: '13800138000',
    idNumber: TEST_ID_NUMBER,
    taxNumber: TEST_ID_NUMBER,
    ...change,
  };
}

/** Identity verifies the contributor's name, they submit bank info and finance verifies it. */
export async function verifiedBankAccount(h: PayoutsHarness, contributor: { userId: string; token: string }, realName: string): Promise<BankInfoView> {
  await h.publish(RealNameVerified, contributor.userId, { userId: contributor.userId, realName, verifiedAt: new Date().toISOString() });
  await h.eventually(async () => (await h.sql(`SELECT 1 FROM payouts.real_names WHERE contributor_id = $1`, [contributor.userId])).length === 1);
  const submitted = await h.call<BankInfoView>('/bill/bank/submit', { token: contributor.token, body: bankForm(realName) });
  if (submitted.status !== 200) throw new Error(`bank info refused: ${JSON.stringify(submitted.body)}`);
  const [{ id }] = await h.sql<{ id: string }>(`SELECT id FROM payouts.bank_infos WHERE contributor_id = $1 AND status = 'verifying'`, [contributor.userId]);
  const verified = await h.admin('POST', `/bank-infos/${id}/verify`, { token: await h.staffToken(['finance']) });
  if (verified.status !== 200) throw new Error(`bank info not verified: ${JSON.stringify(verified.body)}`);
  return (await h.call<BankInfoView>('/bill/bank/detail', { token: contributor.token })).body.data;
}
