import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  COMPANY_LICENCE_CSV_MAX,
  COMPANY_LICENCE_GRANT_PURPOSE,
  COMPANY_LICENCE_GRANT_MINUTES,
  type CompanyLicenceLine,
  type CompanyLicencePage,
  type Language,
  type LicenceType,
  type MaterialKind,
} from '@mkt/contracts';
import { ACCOUNT_DIRECTORY, APP_CONFIG, AppError, Clock, SignedGrants, chinaDateTime, csvTable, resolveSecrets, type AccountDirectory, type AppConfig } from '@mkt/platform';
import { OrdersRepository } from '../orders/orders.repository.js';
import { CompanyLicencesRepository, type CompanyLicenceFilter, type CompanyLicenceRow } from './company-licences.repository.js';

export interface CompanyLicenceQuery {
  projectId?: string | undefined;
  q: string;
}

const CSV_HEADERS: Record<Language, string[]> = {
  'zh-CN': ['授权日期 (UTC+8)', '订单号', '成员', '联系方式', '素材编号', '标题', '类型', '项目', '授权类型', '用途', '金额 (元)'],
  en: ['Licensed (UTC+8)', 'Order no.', 'Member', 'Contact', 'Material code', 'Title', 'Kind', 'Project', 'Licence type', 'Usage', 'Price (CNY)'],
};

const KIND_LABELS: Record<Language, Record<MaterialKind, string>> = {
  'zh-CN': { video: '视频', photo: '图片', music: '音乐', sfx: '音效' },
  en: { video: 'Video', photo: 'Photo', music: 'Music', sfx: 'Sound effect' },
};
const LICENCE_TYPE_LABELS: Record<Language, Record<LicenceType, string>> = {
  'zh-CN': { personal: '个人授权', commercial: '商业授权' },
  en: { personal: 'Personal', commercial: 'Commercial' },
};

/**
 * The company licence history, for an enterprise customer's administrators only (anyone else is
 * refused as the company order list refuses them). Each line carries a grant the licensing
 * service honours for that administrator alone, for a short while: the orders service knows
 * who may see a member's licence, licensing holds the file, and neither asks the other.
 */
@Injectable()
export class CompanyLicencesService {
  private readonly grants: SignedGrants;

  constructor(
    private readonly licences: CompanyLicencesRepository,
    private readonly orders: OrdersRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(ACCOUNT_DIRECTORY) private readonly directory?: AccountDirectory,
  ) {
    this.grants = new SignedGrants(resolveSecrets(config).token, COMPANY_LICENCE_GRANT_PURPOSE);
  }

  async page(adminId: string, query: CompanyLicenceQuery, pageNo: number, pageSize: number, language: Language): Promise<CompanyLicencePage> {
    const filter = await this.filter(adminId, query);
    const [{ rows, total }, projects] = await Promise.all([this.licences.page(filter, pageSize, (pageNo - 1) * pageSize), this.licences.projects(filter.customerId)]);
    return { infos: await this.lines(adminId, rows, language), total, projects };
  }

  /** The whole history under the filters (newest first, up to COMPANY_LICENCE_CSV_MAX lines). */
  async csv(adminId: string, query: CompanyLicenceQuery, language: Language): Promise<string> {
    const filter = await this.filter(adminId, query);
    const { rows } = await this.licences.page(filter, COMPANY_LICENCE_CSV_MAX, 0);
    const lines = await this.lines(adminId, rows, language);
    return csvTable(
      CSV_HEADERS[language],
      lines.map((line) => [
        chinaDateTime(new Date(line.licensedAt)),
        line.orderNo,
        line.member,
        line.memberContact,
        line.code,
        line.title,
        KIND_LABELS[language][line.kind],
        line.projectName ?? '',
        line.licenceType ? LICENCE_TYPE_LABELS[language][line.licenceType] : '',
        line.usage,
        (line.priceFen / 100).toFixed(2),
      ]),
    );
  }

  private async filter(adminId: string, query: CompanyLicenceQuery): Promise<CompanyLicenceFilter> {
    const customerId = await this.orders.enterpriseCompanyOf(adminId);
    if (!customerId) throw AppError.forbidden();
    return { customerId, projectId: query.projectId, q: query.q };
  }

  private async lines(adminId: string, rows: readonly CompanyLicenceRow[], language: Language): Promise<CompanyLicenceLine[]> {
    const members = (await this.directory?.byIds([...new Set(rows.map((row) => row.userId))])) ?? new Map();
    const expires = new Date(this.clock.now().getTime() + COMPANY_LICENCE_GRANT_MINUTES * 60_000);
    return rows.map((row) => {
      const member = members.get(row.userId);
      return {
        orderId: row.orderId,
        orderNo: row.orderNo,
        itemId: row.itemId,
        licensedAt: new Date(row.confirmedAt).toISOString(),
        member: member?.nickname ?? '',
        memberContact: member?.contact ?? '',
        materialId: row.materialId,
        kind: row.kind,
        code: row.code,
        title: language === 'en' ? row.titleEn || row.titleZh : row.titleZh || row.titleEn,
        projectName: row.projectName,
        licenceType: row.licenceType,
        usage: row.musicScene ?? row.purpose ?? '',
        priceFen: row.priceFen,
        fileGrant: this.grants.issue({ orderId: row.orderId, itemId: row.itemId, userId: adminId }, expires),
      };
    });
  }
}
