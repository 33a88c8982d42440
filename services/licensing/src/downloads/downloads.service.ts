import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PERSONAL_LICENCE_LIMIT, type Language, type PurchasedMaterial } from '@mkt/contracts';
import { AppError, OBJECT_STORAGE, parseObjectLocation, publicRenditionPath, type ObjectStorage } from '@mkt/platform';
import { DeliveriesService } from './deliveries.service.js';
import { EntitlementsRepository, type EntitlementRow } from './entitlements.repository.js';

/** How long a download link works: enough to start the transfer, short enough not to be shared. */
export const DOWNLOAD_LINK_SECONDS = 300;

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
    private readonly entitlements: EntitlementsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly deliveries: DeliveriesService,
  ) {}

  /** Every licensed material of the user, or only those downloaded under an enterprise project. */
  async purchased(userId: string, language: Language, source: 'all' | 'project' = 'all'): Promise<PurchasedMaterial[]> {
    const rows = await this.entitlements.ofUser(userId, source === 'project');
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
    const row = await this.entitlements.byItem(orderId, itemId);
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

