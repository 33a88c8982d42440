import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CustomerProfileChanged, CustomerProjectChanged, MaterialPublished, PayloadOf } from '@mkt/contracts';

/**
 * SQL of what orders keeps of other services: materials on sale (catalogue), customers and
 * enterprise projects (identity). Every write is an upsert, so the latest announcement wins and a
 * redelivery changes nothing.
 */
@Injectable()
export class ReadModelsRepository {
  async upsertMaterial(manager: EntityManager, payload: PayloadOf<typeof MaterialPublished>): Promise<void> {
    const s = payload.sale;
    await manager.query(
      `INSERT INTO orders.materials ("material_id", "code", "kind", "on_sale", "title_zh", "title_en", "source", "max_resolution", "width", "height", "duration", "thumbnail_key", "original_key", "releases", "updated_at")
       VALUES ($1, $2, $3, true, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now())
       ON CONFLICT ("material_id") DO UPDATE SET "code" = EXCLUDED."code", "kind" = EXCLUDED."kind", "on_sale" = true, "title_zh" = EXCLUDED."title_zh",
         "title_en" = EXCLUDED."title_en", "source" = EXCLUDED."source", "max_resolution" = EXCLUDED."max_resolution", "width" = EXCLUDED."width",
         "height" = EXCLUDED."height", "duration" = EXCLUDED."duration", "thumbnail_key" = EXCLUDED."thumbnail_key", "original_key" = EXCLUDED."original_key", "releases" = EXCLUDED."releases", "updated_at" = now()`,
      [payload.materialId, payload.code, payload.kind, s.titleZh, s.titleEn, s.from, s.maxResolution, s.width, s.height, s.duration, s.thumbnailKey, s.originalKey, JSON.stringify(s.releases)],
    );
  }

  async takeMaterialOffSale(manager: EntityManager, materialId: number): Promise<void> {
    await manager.query(`UPDATE orders.materials SET "on_sale" = false, "updated_at" = now() WHERE "material_id" = $1`, [materialId]);
  }

  async upsertCustomer(manager: EntityManager, payload: PayloadOf<typeof CustomerProfileChanged>): Promise<void> {
    await manager.query(
      `INSERT INTO orders.customers ("user_id", "customer_id", "customer_status", "customer_type", "project_id", "enterprise_admin", "updated_at") VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT ("user_id") DO UPDATE SET "customer_id" = EXCLUDED."customer_id", "customer_status" = EXCLUDED."customer_status",
         "customer_type" = EXCLUDED."customer_type", "project_id" = EXCLUDED."project_id", "enterprise_admin" = EXCLUDED."enterprise_admin", "updated_at" = now()`,
      [payload.userId, payload.customerId, payload.customerStatus, payload.customerType, payload.projectId, payload.enterpriseAdmin],
    );
  }

  async upsertProject(manager: EntityManager, payload: PayloadOf<typeof CustomerProjectChanged>): Promise<void> {
    await manager.query(
      `INSERT INTO orders.projects ("project_id", "customer_id", "name", "company_name", "status", "video_branches", "photo_branches", "project_type", "region", "duration", "purpose", "valid_until", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
       ON CONFLICT ("project_id") DO UPDATE SET "customer_id" = EXCLUDED."customer_id", "name" = EXCLUDED."name", "company_name" = EXCLUDED."company_name",
         "status" = EXCLUDED."status", "video_branches" = EXCLUDED."video_branches", "photo_branches" = EXCLUDED."photo_branches", "project_type" = EXCLUDED."project_type",
         "region" = EXCLUDED."region", "duration" = EXCLUDED."duration", "purpose" = EXCLUDED."purpose", "valid_until" = EXCLUDED."valid_until", "updated_at" = now()`,
      [payload.projectId, payload.customerId, payload.name, payload.companyName, payload.status, payload.videoBranches, payload.photoBranches, payload.projectType, payload.region, payload.duration, payload.purpose, payload.validUntil],
    );
  }
}
