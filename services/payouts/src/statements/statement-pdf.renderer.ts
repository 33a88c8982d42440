import type { StatementDetail } from '@mkt/contracts';
import { chinaDate, chinaDateTime } from '@mkt/platform';
import { drawLabelledRows, renderCjkPdf } from '@mkt/platform/pdf';

/** Turns a statement into its PDF; behind an interface so services are tested without pdfkit. */
export interface StatementFileRenderer {
  render(statement: StatementDetail, contributorId: string): Promise<Buffer>;
}
export const STATEMENT_FILE_RENDERER = Symbol('STATEMENT_FILE_RENDERER');

const STATUS: Record<StatementDetail['status'], string> = {
  toBeConfirmed: '待确认 / To be confirmed',
  generated: '已生成 / Generated',
  rejected: '已驳回 / Rejected',
  remitted: '已汇款 / Remitted',
  invalid: '已作废 / Invalid',
};
const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** x positions and widths of the lines table, inside the 56 pt margins of A4 (483 pt wide). */
const COLUMNS = [
  { title: '日期 Date', x: 56, width: 70 },
  { title: '订单 Order', x: 128, width: 92 },
  { title: '素材 Material', x: 222, width: 130 },
  { title: '授权 Licence', x: 354, width: 56 },
  { title: '金额 Amount', x: 412, width: 56 },
  { title: '收益 Earning', x: 470, width: 69 },
];

/** A4, every label in Chinese and English, the lines as a table that continues over pages. */
export class PdfkitStatementRenderer implements StatementFileRenderer {
  render(statement: StatementDetail, contributorId: string): Promise<Buffer> {
    return renderCjkPdf(`结算单 Statement ${statement.year} Q${statement.quarter}`, (doc) => {
      doc.fontSize(20).text('供稿人季度结算单', { align: 'center' });
      doc.fontSize(12).text(`Contributor statement · ${statement.year} Q${statement.quarter}`, { align: 'center' });
      doc.moveDown(1.2);
      doc.fontSize(10);
      drawLabelledRows(doc, [
        ['结算单编号 / Statement', statement.id],
        ['供稿人 / Contributor', contributorId],
        ['结算期间 / Period', `${statement.year} 年第 ${statement.quarter} 季度 (Q${statement.quarter} ${statement.year})`],
        ['状态 / Status', STATUS[statement.status]],
        ['生成时间 / Produced', `${chinaDateTime(new Date(statement.createdAt))} (UTC+8)`],
        ['销售分成 / Earnings', yuan(statement.grossFen)],
        ['代扣个人所得税 / Tax withheld', yuan(statement.taxFen)],
        ['实付 / Net payable', yuan(statement.netFen)],
        ...(statement.remittedAt ? [['汇款时间 / Remitted', `${chinaDateTime(new Date(statement.remittedAt))} (UTC+8)`] as [string, string]] : []),
      ]);
      doc.moveDown(1);
      const header = () => {
        const y = doc.y;
        doc.fontSize(8);
        for (const column of COLUMNS) doc.text(column.title, column.x, y, { width: column.width });
        doc.moveTo(56, doc.y + 2).lineTo(539, doc.y + 2).stroke();
        doc.y += 6;
      };
      header();
      for (const line of statement.lines) {
        if (doc.y > doc.page.height - 90) {
          doc.addPage();
          header();
        }
        const y = doc.y;
        const cells = [
          chinaDate(new Date(line.soldAt)),
          line.orderNo,
          `${line.code} ${line.title}`,
          line.entryType === 'reversal' ? `退款 Refund` : line.licenceType,
          yuan(line.amountFen),
          `${yuan(line.earningFen)} (${line.sharePercent}%)`,
        ];
        let bottom = y;
        cells.forEach((cell, i) => {
          doc.text(cell, COLUMNS[i]!.x, y, { width: COLUMNS[i]!.width });
          bottom = Math.max(bottom, doc.y);
        });
        doc.y = bottom + 4;
      }
      doc.moveDown(1);
      doc.fontSize(8).text('金额单位为人民币元；时间为北京时间 (UTC+8)。 Amounts in CNY; times in UTC+8.', 56, doc.y, { width: 483 });
    });
  }
}
