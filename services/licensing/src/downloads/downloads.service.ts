import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, PERSONAL_LICENCE_LIMIT, type Language, type PurchasedMaterial } from '@mkt/contracts';
import { AppError, OBJECT_STORAGE, parseObjectLocation, publicRenditionPath, type ObjectStorage } from '@mkt/platform';
import { DeliveriesService, type DeliveryProfile } from './deliveries.service.js';

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
  delivery: DeliveryProfile;
  projectId: string | null;
  /** The reduced file of a personal licence, once the uploads service made it. */
  deliveryKey: string | null;
}
// A personal right hands out the reduced file, and only once it is ready; every other right the original.
const SELECT = `SELECT e."order_id" AS "orderId", e."item_id" AS "itemId", e."user_id" AS "userId", e."order_no" AS "orderNo", e."material_id"::float8 AS "materialId",
  e."kind", e."code", e."title_zh" AS "titleZh", e."title_en" AS "titleEn", e."thumbnail_key" AS "thumbnailKey", e."original_key" AS "originalKey",
  e."purchased_at" AS "purchasedAt", e."delivery", e."project_id" AS "projectId", d."delivery_key" AS "deliveryKey"
  FROM licensing.entitlements e
  LEFT JOIN licensing.deliveries d ON e."delivery" = 'personal' AND d."source_key" = e."original_key" AND d."profile" = 'personal' AND d."status" = 'ready'`;

/** The file a right hands out now, or null while it does not exist yet. */
function fileOf(row: EntitlementRow): string | null {
  return row.delivery === 'personal' ? row.deliveryKey : row.originalKey;
}

/** "V123.mp4", or "V123-1080P.mp4" / "P9-medium.jpg" when the file was reduced for a personal licence. */
export function downloadName(row: Pick<EntitlementRow, 'code' | 'kind' | 'originalKey'>, file: string): string {
  const extension = file.includes('.') && file.lastIndexOf('.') > file.lastIndexOf('/') ? file.slice(file.lastIndexOf('.')) : '';
  const reduced = file !== row.originalKey ? `-${row.kind === 'video' ? PERSONAL_LICENCE_LIMIT.video : PERSONAL_LICENCE_LIMIT.photo}` : '';
  return `${row.code}${reduced}${extension}`;
}

/** Licensed files: downloadable without limit by their owner, through short-lived signed links. */
@Injectable()
export class DownloadsService {
  constructor(
    @InjectDataSource('licensing') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly deliveries: DeliveriesService,
  ) {}

  /** Every licensed material of the user, or only those downloaded under an enterprise project. */
  async purchased(userId: string, language: Language, source: 'all' | 'project' = 'all'): Promise<PurchasedMaterial[]> {
    const rows: EntitlementRow[] = await this.dataSource.query(
      `${SELECT} WHERE e."user_id" = $1 ${source === 'project' ? `AND e."project_id" IS NOT NULL` : ''} ORDER BY e."purchased_at" DESC, e."item_id" LIMIT 500`,
      [userId],
    );
    return Promise.all(
      rows.map(async (r) => ({
        orderId: r.orderId,
        orderNo: r.orderNo,
        itemId: r.itemId,
        materialId: r.materialId,
        kind: r.kind,
        code: r.code,
        title: language === 'en' ? r.titleEn || r.titleZh : r.titleZh,
        thumbnail: publicRenditionPath(r.thumbnailKey),
        purchasedAt: new Date(r.purchasedAt).toISOString(),
        downloadable: await this.stored(fileOf(r)),
        delivery: r.delivery,
        projectId: r.projectId,
      })),
    );
  }

  async originalUrl(userId: string, orderId: string, itemId: number): Promise<{ url: string }> {
    const [row]: EntitlementRow[] = await this.dataSource.query(`${SELECT} WHERE e."order_id" = $1 AND e."item_id" = $2`, [orderId, itemId]);
    if (!row || row.userId !== userId) throw new AppError(ErrorCode.ENTITLEMENT_NOT_FOUND, 'entitlementNotFound');
    const file = fileOf(row);
    const location = parseObjectLocation(file);
    // Not there yet (the original still transcoding, or the personal file still being made): the
    // spec's wording, and the order page says to contact service after 2 hours.
    if (!file || !location || !(await this.storage.stat(location.bucket, location.key))) {
      if (row.delivery === 'personal' && !row.deliveryKey && row.originalKey) await this.deliveries.retryFailed(row.originalKey, row.kind as 'video' | 'photo');
      throw new AppError(ErrorCode.FILE_TRANSCODING, 'fileTranscoding');
    }
    return { url: await this.storage.signedGetUrl(location.bucket, location.key, DOWNLOAD_LINK_SECONDS, { downloadName: downloadName(row, file) }) };
  }

  private async stored(file: string | null): Promise<boolean> {
    const location = parseObjectLocation(file);
    return !!location && !!(await this.storage.stat(location.bucket, location.key));
  }
}

