import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A cart line with the material's sale snapshot, as the cart page lists it. */
export interface CartLineView {
  cartId: number;
  id: number;
  code: string;
  category: number;
  thumbnailKey: string | null;
  titleZh: string;
  titleEn: string;
  maxResolution: string;
}

/** SQL of the buyer's cart (`orders.cart_items` joined to the materials on sale). */
@Injectable()
export class CartRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  /** Adding a material twice keeps one line (and its place in the list). */
  async addLine(manager: EntityManager, userId: string, materialId: number, category: number): Promise<number> {
    const [row] = await manager.query(
      `INSERT INTO orders.cart_items ("user_id", "material_id", "category") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "material_id") DO UPDATE SET "created_at" = orders.cart_items."created_at" RETURNING "id"`,
      [userId, materialId, category],
    );
    return row.id as number;
  }

  /** Lines whose material is still on sale, newest first. */
  pageOfLines(userId: string, category: number, take: number, skip: number): Promise<CartLineView[]> {
    return this.dataSource.query(
      `SELECT c."id" AS "cartId", m."material_id"::float8 AS "id", m."code", c."category", m."thumbnail_key" AS "thumbnailKey",
         m."title_zh" AS "titleZh", m."title_en" AS "titleEn", m."max_resolution" AS "maxResolution"
       FROM orders.cart_items c JOIN orders.materials m ON m."material_id" = c."material_id"
       WHERE c."user_id" = $1 AND c."category" = $2 AND m."on_sale"
       ORDER BY c."created_at" DESC, c."id" DESC LIMIT $3 OFFSET $4`,
      [userId, category, take, skip],
    );
  }

  countsByCategory(userId: string): Promise<{ category: number; n: number }[]> {
    return this.dataSource.query(
      `SELECT c."category", count(*)::int AS n FROM orders.cart_items c JOIN orders.materials m ON m."material_id" = c."material_id"
       WHERE c."user_id" = $1 AND m."on_sale" GROUP BY c."category"`,
      [userId],
    );
  }

  /** The removed line's material; null when the line is not the user's (or does not exist). */
  async removeLine(manager: EntityManager, userId: string, cartId: number): Promise<number | null> {
    // A SELECT around the DELETE: TypeORM hands back DELETE … RETURNING as [rows, count].
    const [row] = (await manager.query(
      `WITH removed AS (DELETE FROM orders.cart_items WHERE "id" = $1 AND "user_id" = $2 RETURNING "material_id") SELECT "material_id"::float8 AS "materialId" FROM removed`,
      [cartId, userId],
    )) as { materialId: number }[];
    return row ? row.materialId : null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
