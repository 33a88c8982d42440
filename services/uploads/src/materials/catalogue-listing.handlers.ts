import { Injectable } from '@nestjs/common';
import { MaterialPublished, MaterialUnpublished, type PayloadOf } from '@mkt/contracts';
import { Clock, OnEvent, parseObjectLocation, type EventHandlerContext } from '@mkt/platform';
import { UploadEntity } from '../entities/upload.entity.js';
import { UPLOAD_BUCKETS } from '../locations.js';
import { nextUploadStatus } from '../upload-lifecycle.js';

/**
 * The material centre follows the catalogue: a contributed file the catalogue puts on sale is
 * linked to its material (the original's location names it), and staff taking that material off
 * sale or back on moves the upload along the lifecycle. Materials not made from an upload (staff
 * imports, the demo catalogue) match no row and change nothing.
 */
@Injectable()
export class CatalogueListingHandlers {
  constructor(private readonly clock: Clock) {}

  @OnEvent(MaterialPublished)
  async onMaterialPublished(payload: PayloadOf<typeof MaterialPublished>, { manager }: EventHandlerContext): Promise<void> {
    const original = parseObjectLocation(payload.sale.originalKey);
    if (!original || original.bucket !== UPLOAD_BUCKETS.originals) return;
    const repository = manager.getRepository(UploadEntity);
    const upload = await repository.findOne({ where: { filePath: original.key }, lock: { mode: 'pessimistic_write' } });
    if (!upload) return;
    // Published again after a take-down; an announcement of new text for a published one keeps it.
    const status = nextUploadStatus(upload.status, 'republish') ?? upload.status;
    if (upload.materialId === payload.materialId && status === upload.status) return;
    await repository.update(upload.id, { materialId: payload.materialId, status, updatedAt: this.clock.now() });
  }

  @OnEvent(MaterialUnpublished)
  async onMaterialUnpublished(payload: PayloadOf<typeof MaterialUnpublished>, { manager }: EventHandlerContext): Promise<void> {
    const repository = manager.getRepository(UploadEntity);
    const upload = await repository.findOne({ where: { materialId: payload.materialId }, lock: { mode: 'pessimistic_write' } });
    const status = upload && nextUploadStatus(upload.status, 'unpublish');
    if (upload && status) await repository.update(upload.id, { status, updatedAt: this.clock.now() });
  }
}
