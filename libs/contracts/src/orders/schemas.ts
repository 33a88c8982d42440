import { z } from 'zod';
import { CART_PREVIEW_SIZE, INVOICE_REGIONS, INVOICE_TYPES, LICENCE_DURATIONS, LICENCE_FORM_RULES, LICENCE_REGIONS, LICENCE_TYPES, PROJECT_TYPES, SPECIAL_REQUEST_MAX } from './api.js';
import { lineText, normaliseText } from '../text.js';
import { PURCHASE_REQUEST_LIMITS, PURCHASE_REQUEST_STATUSES } from './purchase-requests.js';
import { bigserialId, serialId, wholeNumber } from '../wire-numbers.js';
import { musicLicenceAnswers } from './events.js';

/**
 * The licence form of /Putorder (spec section 5), by licence type (LICENCE_FORM_RULES): a
 * commercial licence requires every field but brand, phone and the special request; a personal
 * one no company, and keeps none (nor a brand) even when sent, and a non-commercial project type.
 */
export const licenceFormSchema = z
  .object({
    licenceType: z.enum(LICENCE_TYPES),
    buyerCompany: lineText(0, 100).default(''),
    projectType: z.enum(PROJECT_TYPES),
    projectName: lineText(1, 100),
    brand: lineText(0, 100).default(''),
    userCompany: lineText(0, 100).default(''),
    purpose: lineText(1, 200),
    region: z.enum(LICENCE_REGIONS),
    duration: z.enum(LICENCE_DURATIONS),
    contact: lineText(1, 50),
    phone: lineText(0, 30).default(''),
    /** "under 500 characters". */
    specialRequest: z.string().max(SPECIAL_REQUEST_MAX).default(''),
  })
  .superRefine((form, context) => {
    const rules = LICENCE_FORM_RULES[form.licenceType];
    if (rules.companies) for (const field of ['buyerCompany', 'userCompany'] as const) if (!form[field]) context.addIssue({ code: 'custom', path: [field], message: 'required for this licence type' });
    if (!rules.projectTypes.includes(form.projectType)) context.addIssue({ code: 'custom', path: ['projectType'], message: 'not for this licence type' });
  })
  .transform((form) => (LICENCE_FORM_RULES[form.licenceType].companies ? form : { ...form, buyerCompany: '', userCompany: '', brand: '' }));
export type LicenceForm = z.output<typeof licenceFormSchema>;

export const cartAddRequestSchema = z.object({ materialId: bigserialId() });
export const cartListRequestSchema = z.object({
  category: wholeNumber(0, 1).default(0),
  pageNo: wholeNumber(1, 1000).default(1),
  pageSize: wholeNumber(1, 100).default(CART_PREVIEW_SIZE),
});
export const cartRemoveRequestSchema = z.object({ cartId: serialId() });
export const orderCreateRequestSchema = z.object({
  cartIds: z.array(serialId()).min(1).max(100),
  licence: licenceFormSchema,
});
export const orderListRequestSchema = z.object({
  pageNo: wholeNumber(1, 1000).default(1),
  pageSize: wholeNumber(1, 50).default(10),
});
export const orderIdRequestSchema = z.object({ id: z.uuid() });
/** /order/pay is multipart: id, accountName and the voucher image (jpg or png). */
export const orderPayFieldsSchema = z.object({ id: z.uuid(), accountName: lineText(1, 100) });
/** An order's owner hides it from (or shows it again to) the company's enterprise administrators. */
export const orderHideRequestSchema = z.object({ id: z.uuid(), hidden: z.boolean() });
export const orderCancelRequestSchema = z.object({ id: z.uuid(), reason: lineText(1, 200) });
export const invoiceApplyRequestSchema = z.object({
  orderId: z.uuid(),
  region: z.enum(INVOICE_REGIONS),
  type: z.enum(INVOICE_TYPES).default('normal'),
  content: z.string().trim().min(1).max(50).default('技术服务费'),
  companyName: lineText(1, 100),
  taxNumber: z.string().trim().regex(/^[0-9A-Z]{15,20}$/),
  bank: lineText(1, 100),
  account: z.string().trim().min(1).max(40),
  address: lineText(1, 200),
  phone: lineText(1, 30),
  recipient: lineText(1, 50),
  recipientAddress: lineText(1, 200),
  recipientPhone: lineText(1, 30),
});
export type InvoiceApplication = z.output<typeof invoiceApplyRequestSchema>;
export const invoiceOrderRequestSchema = z.object({ orderId: z.uuid() });
export const refundApplyRequestSchema = z.object({
  orderId: z.uuid(),
  reason: z.literal('quality'),
  description: z.string().trim().min(1).max(500),
});
export const projectDownloadRequestSchema = z.object({ materialId: bigserialId() });
export const licenceListRequestSchema = z.object({ orderId: z.uuid().optional() });
/** /licence/materials: every licensed material, or only those downloaded under a project (/DownloadList). */
export const licenceMaterialsRequestSchema = z.object({ source: z.enum(['all', 'project']).default('all') });
export const licenceGenerateRequestSchema = z.object({ orderId: z.uuid() });
export const licenceFileRequestSchema = z.object({ licenceId: z.uuid() });
export const companyLicenceFileRequestSchema = z.object({ grant: z.string().min(1).max(400) });
export const companyLicenceQuerySchema = z.object({
  projectId: lineText(1, 64).optional(),
  q: lineText(0, 60).default(''),
  pageNo: wholeNumber(1, 1000).default(1),
  pageSize: wholeNumber(1, 100).default(20),
});
export const licenceVerifyRequestSchema = z.object({ code: z.string().trim().min(4).max(32) });
export const downloadOriginalRequestSchema = z.object({ orderId: z.uuid(), itemId: serialId() });

/** Console bodies. */
export const orderQuoteSchema = z.object({
  items: z.array(z.object({ itemId: serialId(), priceFen: z.number().int().min(0).max(100_000_000) })).min(1),
  validUntil: z.iso.datetime({ offset: true }),
});
export type OrderQuote = z.output<typeof orderQuoteSchema>;
export const staffReasonSchema = z.object({ reason: lineText(1, 200) });

export const purchaseRequestCreateSchema = z.object({
  materialIds: z.array(bigserialId()).min(1).max(PURCHASE_REQUEST_LIMITS.itemsMax),
  boardId: bigserialId().optional(),
  boardName: lineText(0, 60).default(''),
  contact: lineText(1, PURCHASE_REQUEST_LIMITS.contactMax),
  phone: lineText(0, 30).default(''),
  note: z.string().overwrite(normaliseText).max(PURCHASE_REQUEST_LIMITS.noteMax).default(''),
  /** The music licence for the music and sound effects among the items (without it they are left out), and how the member saw it. */
  music: musicLicenceAnswers.extend({ label: lineText(1, 200) }).optional(),
});
export const purchaseRequestPageSchema = z.object({
  status: z.enum(PURCHASE_REQUEST_STATUSES).optional(),
  pageNo: wholeNumber(1, 1000).default(1),
  pageSize: wholeNumber(1, 50).default(20),
});
export const purchaseRequestIdSchema = z.object({ id: z.uuid() });
export const purchaseRequestDeclineSchema = z.object({ id: z.uuid(), reason: lineText(1, PURCHASE_REQUEST_LIMITS.reasonMax) });
