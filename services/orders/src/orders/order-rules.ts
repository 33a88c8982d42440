import { ErrorCode, type LicenceType, type MaterialReleases, type OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { transition, type OrderAction } from './order-state-machine.js';
import type { OrderItemRow, OrderRow } from './orders.repository.js';

/** The same answer for a missing order and another user's: ids are not probed. */
export const orderNotFound = () => new AppError(ErrorCode.ORDER_NOT_FOUND, 'orderNotFound');

export const transitionRefused = (order: OrderRow, action: OrderAction) =>
  new AppError(ErrorCode.ORDER_TRANSITION_REFUSED, 'orderTransitionRefused', { status: order.status, action });

/** The status `action` moves the order to; anything the state machine does not allow is refused. */
export function moveOrder(order: OrderRow, action: OrderAction) {
  const result = transition(order.status, action);
  if (result.kind !== 'moved') throw transitionRefused(order, action);
  return result.to;
}

/**
 * A material sold for editorial use only (no model or property release where one was needed) is
 * never licensed commercially: the licence form, a company's purchase approval, a project
 * download and a pack under commercial terms are refused, naming the materials.
 */
export function assertLicensable(licenceType: LicenceType, materials: readonly { code: string; releases: MaterialReleases | null }[]): void {
  if (licenceType !== 'commercial') return;
  const editorial = materials.filter((material) => material.releases?.editorialOnly);
  if (editorial.length > 0) throw new AppError(ErrorCode.EDITORIAL_ONLY_COMMERCIAL, 'editorialOnlyCommercial', { codes: editorial.map((material) => material.code).join(', ') });
}

/** What the audit log keeps of an order before and after a staff action. */
export const orderAuditSummary = (order: OrderRow) => ({ status: order.status, totalFen: order.totalFen, quoteValidUntil: order.quoteValidUntil, closedReason: order.closedReason });

export function confirmedPayload(order: OrderRow, items: OrderItemRow[], now: Date): PayloadOf<typeof OrderConfirmed> {
  const licence = order.licence;
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    kind: order.kind,
    projectId: order.projectId,
    confirmedAt: now.toISOString(),
    paidAt: order.paidAt ? new Date(order.paidAt).toISOString() : null,
    totalFen: order.totalFen ?? 0,
    terms: licence
      ? {
          licenceType: licence.licenceType,
          buyerCompany: licence.buyerCompany,
          userCompany: licence.userCompany,
          projectType: licence.projectType,
          projectName: licence.projectName,
          brand: licence.brand,
          purpose: licence.purpose,
          region: licence.region,
          duration: licence.duration,
          contact: licence.contact,
        }
      : null,
    items: items.map((i) => ({
      itemId: i.id,
      materialId: i.materialId,
      kind: i.kind,
      code: i.code,
      titleZh: i.titleZh,
      titleEn: i.titleEn,
      thumbnailKey: i.thumbnailKey,
      originalKey: i.originalKey,
      priceFen: i.priceFen ?? 0,
      musicLicence: i.musicLicence,
      releases: i.releases,
    })),
  };
}
