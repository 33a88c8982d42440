import type { CompanyLicencePage } from '@mkt/contracts/web';
import { CompanyLicenceCalls, LicensingCalls } from '@mkt/contracts/web';
import { type CallOptions, post, postForFile } from './client';

export interface CompanyLicenceFilter {
  projectId?: string;
  q: string;
}

export const COMPANY_LICENCE_PAGE_SIZE = 20;

const filterBody = (filter: CompanyLicenceFilter) => ({ ...(filter.projectId ? { projectId: filter.projectId } : {}), q: filter.q });

/** The company licence history of an enterprise administrator (orders) and its files (licensing). */
export const companyLicenceCalls = {
  list: (filter: CompanyLicenceFilter, pageNo: number, options?: CallOptions) =>
    post<CompanyLicencePage>(CompanyLicenceCalls.list, { ...filterBody(filter), pageNo, pageSize: COMPANY_LICENCE_PAGE_SIZE }, options),
  csv: (filter: CompanyLicenceFilter) => postForFile(CompanyLicenceCalls.csv, filterBody(filter)),
  file: (grant: string) => post<{ url: string }>(LicensingCalls.companyFile, { grant }),
};
