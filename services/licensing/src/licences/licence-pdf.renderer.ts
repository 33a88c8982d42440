import { drawLabelledRows, renderCjkPdf } from '@mkt/platform/pdf';
import type { LicenceTerms } from './licence-terms.js';

/** Turns licence terms into an authorization file; behind an interface so services are tested without pdfkit. */
export interface LicenceFileRenderer {
  render(terms: LicenceTerms, verificationCode: string): Promise<Buffer>;
}
export const LICENCE_FILE_RENDERER = Symbol('LICENCE_FILE_RENDERER');

/** An A4 authorization file with every term in Chinese and English, with pdfkit and an embedded CJK font. */
export class PdfkitLicenceRenderer implements LicenceFileRenderer {
  render(terms: LicenceTerms, verificationCode: string): Promise<Buffer> {
    return renderCjkPdf(`授权书 Certificate of Authorization ${terms.orderNo}`, (doc) => {
      doc.fontSize(22).text('素材授权书', { align: 'center' });
      doc.fontSize(12).text('Certificate of Authorization', { align: 'center' });
      doc.moveDown(1.5);
      const rows: [string, string][] = [
        ['订单号 / Order number', terms.orderNo],
        ['素材编号 / Material ID', terms.materialCode],
        ['素材标题 / Title', terms.titleZh],
        ['English title', terms.titleEn],
        ['授权类型 / Licence type', terms.licenceType],
        // An individual non-commercial licence names no company.
        ['购买方公司 / Buyer company', terms.buyerCompany || '-'],
        ['使用方公司 / User company', terms.userCompany || '-'],
        ['项目名称 / Project', terms.projectName],
        ...(terms.enterpriseProject ? [['企业项目编号 / Enterprise project', terms.enterpriseProject] as [string, string]] : []),
        ['品牌 / Brand', terms.brand || '-'],
        ['作品类型 / Type of work', terms.projectType || '-'],
        ['授权地域 / Region', terms.region || '-'],
        ['用途 / Purpose', terms.purpose || '-'],
        ['授权期限 / Duration', terms.duration || '-'],
        ...(terms.releases ? [['肖像及物业许可 / Releases', terms.releases] as [string, string]] : []),
        ['授权日期 / Issued on', terms.issuedOn],
        ['有效期至 / Valid until', terms.validUntil],
        ['验证码 / Verification code', verificationCode],
      ];
      doc.fontSize(11);
      drawLabelledRows(doc, rows);
      doc.moveDown(1.5);
      doc.fontSize(9).text(
        `本授权书的真伪可在本站“授权书验证”页面输入验证码 ${verificationCode} 查询。 Check this file at /LicenceVerify?code=${verificationCode}.`,
        56,
        doc.y,
        { width: 483 },
      );
    });
  }
}
