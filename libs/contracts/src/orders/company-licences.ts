import type { MaterialKind } from '../catalogue/api.js';
import type { LicenceType } from './api.js';

/**
 * The company licence history of an enterprise customer, for its administrators: every material
 * licensed by an account of the company (who, what, under which project, on what terms) with
 * its authorization file, and the same as a CSV file. Orders their owners hid from the company
 * are left out, as in the company's order list.
 */
export const CompanyLicenceCalls = {
  /** { pageNo, pageSize, projectId?, q? } → CompanyLicencePage. */
  list: '/project/licences',
  /** The same filters → the whole history as CSV (UTF-8 with a byte-order mark). */
  csv: '/project/licences/csv',
} as const;

/** What a line's file grant is signed for (the orders service signs, licensing checks). */
export const COMPANY_LICENCE_GRANT_PURPOSE = 'company-licence';
/** How long a line's file grant lets its administrator fetch the authorization file. */
export const COMPANY_LICENCE_GRANT_MINUTES = 30;
/** The most lines one CSV export holds, newest first. */
export const COMPANY_LICENCE_CSV_MAX = 20_000;

export interface CompanyLicenceLine {
  orderId: string;
  orderNo: string;
  itemId: number;
  /** When the order was confirmed (the licence's date). */
  licensedAt: string;
  /** The member's nickname and masked contact. */
  member: string;
  memberContact: string;
  materialId: number;
  kind: MaterialKind;
  code: string;
  title: string;
  projectName: string | null;
  licenceType: LicenceType | null;
  /** Music: the licence's scene; otherwise the licence form's purpose. */
  usage: string;
  priceFen: number;
  /** For licensing's company-file call (LicensingCalls.companyFile): a signed, short-lived permission. */
  fileGrant: string;
}

export interface CompanyLicencePage {
  infos: CompanyLicenceLine[];
  total: number;
  /** The company's projects, for the filter. */
  projects: { projectId: string; name: string }[];
}
