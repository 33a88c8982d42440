/**
 * Orders and licensing contracts: cart, licence form, orders and their states, vouchers,
 * invoices, VIP, refunds, authorization files and downloads (spec sections 2 to 9).
 * Money is integer fen everywhere; the console enters yuan and converts before sending.
 */
export type { InvoiceApplication, LicenceForm, OrderQuote } from './schemas.js';
import type { InvoiceApplication, LicenceForm } from './schemas.js';
import type { ShopOrderProduct } from '../shop/api.js';

/** Store call paths of the orders and licensing services (POST below /api). */
export const OrderCalls = {
  cartAdd: '/cart/add',
  cartList: '/cart/list',
  cartRemove: '/cart/remove',
  orderCreate: '/order/create',
  orderList: '/order/list',
  orderDetail: '/order/detail',
  orderPay: '/order/pay',
  orderCancel: '/order/cancel',
  invoiceApply: '/invoice/apply',
  invoiceDetail: '/invoice/detail',
  invoiceDownload: '/invoice/download',
  refundApply: '/refund/apply',
  vipInfo: '/vip/info',
  vipOrderCreate: '/vip/order/create',
  companyOrders: '/order/company/list',
  orderHide: '/order/hide',
  projectInfo: '/project/info',
  projectDownload: '/project/download',
} as const;

export const LicensingCalls = {
  materials: '/licence/materials',
  list: '/licence/list',
  generate: '/licence/generate',
  file: '/licence/file',
  verify: '/licence/verify',
  downloadOriginal: '/download/original',
  /** { grant } → { url }: an enterprise administrator's link to a member's file (a line of the company licence history). */
  companyFile: '/licence/company-file',
} as const;

/** Cart and header tabs: targetType / category 0 video, 1 photo (spec section 2, /Cart). */
export const CART_CATEGORIES = { video: 0, photo: 1 } as const;
export const CART_PREVIEW_SIZE = 6;

export const LICENCE_TYPES = ['personal', 'commercial'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_DURATIONS = ['1m', '1y', '3y', '5y', 'permanent', 'buyout'] as const;
export type LicenceDuration = (typeof LICENCE_DURATIONS)[number];
export const LICENCE_REGIONS = ['mainland', 'greater-china', 'global'] as const;
export type LicenceRegion = (typeof LICENCE_REGIONS)[number];
export const PROJECT_TYPES = ['advertising', 'film-tv', 'online-video', 'corporate', 'news', 'education', 'other'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/**
 * What the licence form asks for each licence type; the store's form and the server's schema both
 * read it. A commercial licence asks what spec section 5 lists (buyer and user companies among
 * them); an individual non-commercial one is a person's: no company or brand is asked or kept, and
 * its project is of a non-commercial kind (never advertising or corporate promotion). The project
 * type has no default: the buyer chooses it.
 */
export const LICENCE_FORM_RULES: Record<LicenceType, { companies: boolean; brand: boolean; projectTypes: readonly ProjectType[] }> = {
  commercial: { companies: true, brand: true, projectTypes: PROJECT_TYPES },
  personal: { companies: false, brand: false, projectTypes: ['film-tv', 'online-video', 'news', 'education', 'other'] },
};

/** The licence form's required fields for a licence type, in the form's order. */
export function licenceRequiredFields(type: LicenceType): ('buyerCompany' | 'userCompany' | 'projectType' | 'projectName' | 'purpose' | 'region' | 'duration' | 'contact')[] {
  const companies = LICENCE_FORM_RULES[type].companies;
  return [...(companies ? (['buyerCompany', 'userCompany'] as const) : []), 'projectType', 'projectName', 'purpose', 'region', 'duration', 'contact'];
}

/** Labels printed on the authorization file and shown in both web apps. */
export const LICENCE_LABELS = {
  type: { personal: ['个人非商业授权', 'Individual non-commercial'], commercial: ['商业授权', 'Commercial'] },
  duration: {
    '1m': ['1 个月', '1 month'],
    '1y': ['1 年', '1 year'],
    '3y': ['3 年', '3 years'],
    '5y': ['5 年', '5 years'],
    permanent: ['永久', 'Permanent'],
    buyout: ['独家买断', 'Exclusive buyout'],
  },
  region: { mainland: ['中国大陆', 'Mainland China'], 'greater-china': ['大中华区', 'Greater China'], global: ['全球', 'Global'] },
  projectType: {
    advertising: ['广告', 'Advertising'],
    'film-tv': ['影视', 'Film and TV'],
    'online-video': ['网络视频', 'Online video'],
    corporate: ['企业宣传', 'Corporate'],
    news: ['新闻', 'News'],
    education: ['教育', 'Education'],
    other: ['其他', 'Other'],
  },
} as const;

/** A personal licence covers at most 1080P video or a medium-size photo (spec section 9). */
export const PERSONAL_LICENCE_LIMIT = { video: '1080P', photo: 'medium' } as const;
/**
 * What those words mean in pixels. 1080P: the frame fits 1920x1080 (1080x1920 when upright).
 * Medium: the long side is at most 1,000 px, the "medium" of the large stock agencies.
 */
export const PERSONAL_DELIVERY_BOX = { video: { long: 1920, short: 1080 }, photo: { long: 1000, short: 1000 } } as const;

/**
 * The size a personal licence delivers for a file of this size, or null when the file is already
 * within the limit and is delivered as it is. Never enlarges; sides stay even for video encoders.
 */
export function personalDeliverySize(kind: 'video' | 'photo', width: number, height: number): { width: number; height: number } | null {
  const box = PERSONAL_DELIVERY_BOX[kind];
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (!(long > 0 && short > 0)) return null;
  const scale = Math.min(box.long / long, box.short / short);
  if (scale >= 1) return null;
  const side = (value: number) => (kind === 'video' ? Math.max(2, Math.floor((value * scale) / 2) * 2) : Math.max(1, Math.round(value * scale)));
  return { width: side(width), height: side(height) };
}
export const SPECIAL_REQUEST_MAX = 499;

/** The voucher image sent with /order/pay. */
export const VOUCHER_MAX_BYTES = 10 * 1024 * 1024;
export const VOUCHER_TYPES = ['image/jpeg', 'image/png'] as const;

/** Invoice form (spec section 5): every field required; refused for HK, Macao, Taiwan and overseas. */
export const INVOICE_REGIONS = ['mainland', 'hong-kong', 'macao', 'taiwan', 'overseas'] as const;
export const INVOICE_TYPES = ['normal', 'special'] as const;

export const ORDER_STATUSES = ['submitted', 'quoted', 'paid', 'confirmed', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** 'project': a download under an enterprise project's contract (created confirmed, never priced). */
/** 'product': a shop product bought at its fixed price; 'pack': one download drawn from a bought pack. */
export const ORDER_KINDS = ['material', 'music', 'vip', 'project', 'product', 'pack'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const INVOICE_STATUSES = ['applied', 'processing', 'downloadable'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const REFUND_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** VAT is 6% and included in the price. */
export const VAT_RATE_PERCENT = 6;
/**
 * The tax inside a VAT-inclusive amount: amount × 6 / 106, rounded half up to the fen (integer
 * arithmetic, never floats), so tax + net always equals the amount.
 */
export function vatIncludedFen(amountFen: number): { taxFen: number; netFen: number } {
  const taxFen = Math.floor((amountFen * VAT_RATE_PERCENT * 2 + (100 + VAT_RATE_PERCENT)) / ((100 + VAT_RATE_PERCENT) * 2));
  return { taxFen, netFen: amountFen - taxFen };
}

/** VIP: a yearly membership bought through the voucher flow; members pay a share of list price, never below half. */
export const VIP_PRICE_FEN = 99_900;
export const VIP_DAYS = 365;
export const VIP_PRICE_PERCENT = 80;
export const VIP_MIN_PRICE_PERCENT = 50;
/** A member's price: list × percent / 100, rounded half up to the fen; the percent is clamped so the discount never goes past half price. */
export function vipPriceFen(listFen: number, percent: number = VIP_PRICE_PERCENT): number {
  const p = Math.min(100, Math.max(VIP_MIN_PRICE_PERCENT, Math.round(percent)));
  return Math.floor((listFen * p * 2 + 100) / 200);
}

/** Quote promise (spec section 9). */
export const QUOTE_HOURS = { weekday: 12, holiday: 24 } as const;
export const REFUND_WINDOW_DAYS = 7;
/** After this long in transcoding the order page tells buyers to contact service. */
export const TRANSCODING_CONTACT_HOURS = 2;

export interface CartItem {
  cartId: number;
  id: number;
  code: string;
  category: number;
  thumbnail: string | null;
  userTitle: string;
  title: string;
  skuName: string;
}
export interface CartListResponse {
  infos: CartItem[];
  total: number;
  counts: { video: number; photo: number };
}

export interface OrderItemView {
  itemId: number;
  materialId: number;
  kind: 'video' | 'photo' | 'music' | 'sfx';
  code: string;
  title: string;
  thumbnail: string | null;
  listPriceFen: number | null;
  priceFen: number | null;
  licence: { scene: string; channel: string; period: string; area: string } | null;
}
export interface OrderView {
  id: string;
  orderNo: string;
  kind: OrderKind;
  status: OrderStatus;
  createdAt: string;
  licence: LicenceForm | null;
  items: OrderItemView[];
  totalFen: number | null;
  vipPricePercent: number | null;
  quoteValidUntil: string | null;
  voucherSubmitted: boolean;
  voucherRejectedReason: string | null;
  paidAt: string | null;
  confirmedAt: string | null;
  closedReason: string | null;
  invoiceStatus: InvoiceStatus | null;
  refundStatus: RefundStatus | null;
  /** Hidden by its owner from the company's enterprise administrators. */
  hiddenFromCompany: boolean;
  /** Set on 'project' orders: the enterprise project the download was made under. */
  projectId: string | null;
  /** Set on 'product' orders: what was bought, as it was when bought. */
  product: ShopOrderProduct | null;
}
export interface OrderListResponse {
  infos: OrderView[];
  total: number;
}
export interface VipInfo {
  active: boolean;
  validUntil: string | null;
  priceFen: number;
  pricePercent: number;
}

export interface LicenceView {
  licenceId: string;
  orderId: string;
  orderNo: string;
  itemId: number;
  materialId: number;
  code: string;
  title: string;
  status: 'generated' | 'not-generated';
  verificationCode: string;
  generatedAt: string | null;
}
export interface PurchasedMaterial {
  orderId: string;
  orderNo: string;
  itemId: number;
  materialId: number;
  kind: string;
  code: string;
  title: string;
  thumbnail: string | null;
  purchasedAt: string;
  downloadable: boolean;
  /** 'personal': the file is reduced to the personal licence's limit (1080P, medium photo). */
  delivery: 'original' | 'personal';
  /** Set for materials downloaded under an enterprise project. */
  projectId: string | null;
}

/**
 * The project data of the session (spec section 3): the enterprise project a customer downloads
 * under, its status (1 in progress) and how many videos and photos ("branches") it covers.
 */
export const PROJECT_STATUSES = { pending: 0, active: 1, ended: 2 } as const;
export interface ProjectData {
  projectId: string;
  name: string;
  companyName: string;
  projectStatus: number;
  videoBranches: number;
  photoBranches: number;
  videoUsed: number;
  photoUsed: number;
  videoCanDownload: boolean;
  photoCanDownload: boolean;
  validUntil: string | null;
}
export interface ProjectDownloadResult {
  orderId: string;
  itemId: number;
  /** The material was already licensed to the project: nothing more was counted. */
  alreadyLicensed: boolean;
}
export interface LicenceVerification {
  valid: boolean;
  licence: null | {
    verificationCode: string;
    orderNo: string;
    materialCode: string;
    title: string;
    licenceType: string;
    region: string;
    duration: string;
    licensee: string;
    issuedAt: string;
  };
}

/* Console (react-admin) records of the orders service; instants are ISO strings. */

/** An order as staff see it: the buyer's view, the buyer, the voucher's account name and what may be done next. */
export interface OrderAdminView extends Omit<OrderView, 'voucherSubmitted'> {
  userId: string;
  voucherAccountName: string | null;
  /** A short-lived signed link to the voucher image; only on a single record, null without a voucher. */
  voucherUrl?: string | null;
  /** The actions the order's state allows (quote, confirm, reject, close ...). */
  allowedActions: string[];
}

export interface InvoiceAdminView {
  id: string;
  orderId: string;
  orderNo: string;
  userId: string;
  status: InvoiceStatus;
  form: Omit<InvoiceApplication, 'orderId'>;
  amountFen: number;
  taxFen: number;
  createdAt: string;
  issuedAt: string | null;
  /** A short-lived signed link to the invoice PDF; only on a single record, null until uploaded. */
  fileUrl?: string | null;
}

export interface RefundAdminView {
  id: string;
  orderId: string;
  orderNo: string;
  userId: string;
  status: RefundStatus;
  reason: string;
  description: string;
  staffNote: string | null;
  createdAt: string;
  handledAt: string | null;
}
