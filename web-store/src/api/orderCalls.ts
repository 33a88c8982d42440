import {
  type CartListResponse,
  type LicenceForm,
  type LicenceVerification,
  type LicenceView,
  LicensingCalls,
  OrderCalls,
  type OrderListResponse,
  type OrderView,
  type PurchasedMaterial,
  type VipInfo,
} from '@mkt/contracts/web';
import { type CallOptions, post, postForm } from './client';

export type InvoiceForm = {
  orderId: string;
  region: 'mainland' | 'hong-kong' | 'macao' | 'taiwan' | 'overseas';
  companyName: string;
  taxNumber: string;
  bank: string;
  account: string;
  address: string;
  phone: string;
  recipient: string;
  recipientAddress: string;
  recipientPhone: string;
};

export interface InvoiceDetail {
  id: string;
  orderNo: string;
  status: 'applied' | 'processing' | 'downloadable';
  amountFen: number;
  taxFen: number;
  createdAt: string;
}

/** Cart, order, invoice, refund, VIP, licence and download calls of the orders and licensing services. */
export const orderCalls = {
  cartAdd: (materialId: number) => post<{ cartId: number }>(OrderCalls.cartAdd, { materialId }),
  cartList: (category: number, pageNo = 1, pageSize = 6, options?: CallOptions) => post<CartListResponse>(OrderCalls.cartList, { category, pageNo, pageSize }, options),
  cartRemove: (cartId: number) => post<{ cartId: number }>(OrderCalls.cartRemove, { cartId }),
  create: (cartIds: number[], licence: LicenceForm) => post<{ orderId: string; orderNo: string }>(OrderCalls.orderCreate, { cartIds, licence }),
  list: (pageNo: number, pageSize: number, options?: CallOptions) => post<OrderListResponse>(OrderCalls.orderList, { pageNo, pageSize }, options),
  detail: (id: string, options?: CallOptions) => post<OrderView>(OrderCalls.orderDetail, { id }, options),
  companyOrders: (pageNo: number, pageSize: number, options?: CallOptions) => post<OrderListResponse>(OrderCalls.companyOrders, { pageNo, pageSize }, options),
  hide: (id: string, hidden: boolean) => post<{ id: string; hiddenFromCompany: boolean }>(OrderCalls.orderHide, { id, hidden }),
  cancel: (id: string, reason: string) => post<{ status: string }>(OrderCalls.orderCancel, { id, reason }),
  pay: (id: string, accountName: string, voucher: File) => {
    const form = new FormData();
    form.set('id', id);
    form.set('accountName', accountName);
    form.set('voucher', voucher);
    return postForm<{ status: string }>(OrderCalls.orderPay, form);
  },
  invoiceApply: (form: InvoiceForm) => post<{ invoiceId: string; amountFen: number; taxFen: number }>(OrderCalls.invoiceApply, form),
  invoiceDetail: (orderId: string, options?: CallOptions) => post<InvoiceDetail | null>(OrderCalls.invoiceDetail, { orderId }, options),
  invoiceDownload: (orderId: string) => post<{ url: string }>(OrderCalls.invoiceDownload, { orderId }),
  refund: (orderId: string, description: string) => post<{ refundId: string }>(OrderCalls.refundApply, { orderId, reason: 'quality', description }),
  vipInfo: (options?: CallOptions) => post<VipInfo>(OrderCalls.vipInfo, {}, options),
  vipOrder: () => post<{ orderId: string; orderNo: string }>(OrderCalls.vipOrderCreate, {}),
  /** Licensed materials; 'project': only those downloaded under an enterprise project (/DownloadList). */
  purchased: (options?: CallOptions, source: 'all' | 'project' = 'all') => post<PurchasedMaterial[]>(LicensingCalls.materials, { source }, options),
  licences: (orderId?: string, options?: CallOptions) => post<LicenceView[]>(LicensingCalls.list, orderId ? { orderId } : {}, options),
  generateLicences: (orderId: string) => post<LicenceView[]>(LicensingCalls.generate, { orderId }),
  licenceFile: (licenceId: string) => post<{ url: string }>(LicensingCalls.file, { licenceId }),
  verify: (code: string, options?: CallOptions) => post<LicenceVerification>(LicensingCalls.verify, { code }, options),
  downloadOriginal: (orderId: string, itemId: number) => post<{ url: string }>(LicensingCalls.downloadOriginal, { orderId, itemId }),
};

/** Starts a browser download of a signed link (or of a file made in the page, named `downloadName`). */
export function openLink(url: string, downloadName?: string): void {
  const a = document.createElement('a');
  a.href = url;
  if (downloadName) a.download = downloadName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
