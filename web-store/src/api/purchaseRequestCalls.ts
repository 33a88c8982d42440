import type { PurchaseRequestPage, PurchaseRequestStatus, PurchaseRequestView } from '@mkt/contracts/web';
import { PurchaseRequestCalls } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

export interface NewPurchaseRequest {
  materialIds: number[];
  boardId?: number;
  boardName: string;
  contact: string;
  phone: string;
  note: string;
  /** The music licence for the music and sound effects among materialIds (the cascade's answers, and how they read). */
  music?: { sceneId: string; channelId: string; periodId: string; authAreaId: string; label: string };
}

/** Purchase approval of enterprise customers (the orders service). */
export const purchaseRequestCalls = {
  request: (request: NewPurchaseRequest) => post<{ id: string }>(PurchaseRequestCalls.request, request),
  mine: (pageNo: number, options?: CallOptions) => post<PurchaseRequestPage>(PurchaseRequestCalls.mine, { pageNo, pageSize: 20 }, options),
  company: (status: PurchaseRequestStatus | undefined, pageNo: number, options?: CallOptions) =>
    post<PurchaseRequestPage>(PurchaseRequestCalls.company, { ...(status ? { status } : {}), pageNo, pageSize: 20 }, options),
  approve: (id: string) => post<PurchaseRequestView>(PurchaseRequestCalls.approve, { id }),
  decline: (id: string, reason: string) => post<PurchaseRequestView>(PurchaseRequestCalls.decline, { id, reason }),
};
