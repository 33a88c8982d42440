import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, type Language, type PurchasedMaterial } from '@mkt/contracts';
import { AppError, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';

/** How long a download link works: enough to start the transfer, short enough not to be shared. */
export const DOWNLOAD_LINK_SECONDS = 300;

interface EntitlementRow {
  orderId: string;
  itemId: number;
  userId: string;
  orderNo: string;
  materialId: number;
  kind: string;
  code: string;
  titleZh: string;
  titleEn: string;
  thumbnailKey: string | null;
  originalKey: string | null;
  purchasedAt: Date;
}
const COLUMNS = `"order_id" AS "orderId", "item_id" AS "itemId", "user_id" AS "userId", "order_no" AS "orderNo", "material_id"::float8 AS "materialId", "kind", "code",
  "title_zh" AS "titleZh", "title_en" AS "titleEn", "thumbnail_key" AS "thumbnailKey", "original_key" AS "originalKey", "purchased_at" AS "purchasedAt"`;

function split(location: string | null): { bucket: string; key: string } | null {
  if (!location) return null;
  const slash = location.indexOf('/');
  return slash > 0 ? { bucket: location.slice(0, slash), key: location.slice(slash + 1) } : null;
}

/** Purchased originals: downloadable without limit by their owner, through short-lived signed links. */
@Injectable()
export class DownloadsService {
  constructor(
    @InjectDataSource('licensing') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async purchased(userId: string, language: Language): Promise<PurchasedMaterial[]> {
    const rows: EntitlementRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.entitlements WHERE "user_id" = $1 ORDER BY "purchased_at" DESC, "item_id" LIMIT 500`, [userId]);
    return Promise.all(
      rows.map(async (r) => ({
        orderId: r.orderId,
        orderNo: r.orderNo,
        itemId: r.itemId,
        materialId: r.materialId,
        kind: r.kind,
        code: r.code,
        title: language === 'en' ? r.titleEn || r.titleZh : r.titleZh,
        thumbnail: publicMediaUrl(r.thumbnailKey),
        purchasedAt: new Date(r.purchasedAt).toISOString(),
        downloadable: await this.originalReady(r.originalKey),
      })),
    );
  }

  async originalUrl(userId: string, orderId: string, itemId: number): Promise<{ url: string }> {
    const [row]: EntitlementRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.entitlements WHERE "order_id" = $1 AND "item_id" = $2`, [orderId, itemId]);
    if (!row || row.userId !== userId) throw new AppError(ErrorCode.ENTITLEMENT_NOT_FOUND, 'entitlementNotFound');
    const original = split(row.originalKey);
    // No original yet (still transcoding, or not stored): the spec's wording, and the page says to contact service after 2 hours.
    if (!original || !(await this.storage.stat(original.bucket, original.key))) throw new AppError(ErrorCode.FILE_TRANSCODING, 'fileTranscoding');
    const extension = original.key.includes('.') ? original.key.slice(original.key.lastIndexOf('.')) : '';
    return { url: await this.storage.signedGetUrl(original.bucket, original.key, DOWNLOAD_LINK_SECONDS, { downloadName: `${row.code}${extension}` }) };
  }

  private async originalReady(location: string | null): Promise<boolean> {
    const original = split(location);
    return !!original && !!(await this.storage.stat(original.bucket, original.key));
  }
}

/** Same rule as the catalogue's public media route (copied: services never import each other). */
export function publicMediaUrl(location: string | null): string | null {
  const ref = split(location);
  if (!ref || ref.bucket !== 'renditions') return null;
  return `/api/media/renditions/${ref.key.split('/').map(encodeURIComponent).join('/')}`;
}
