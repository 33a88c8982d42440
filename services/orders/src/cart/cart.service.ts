import { Injectable } from '@nestjs/common';
import { CART_CATEGORIES, ErrorCode, type CartListResponse, type Language } from '@mkt/contracts';
import { AppError, publicRenditionPath } from '@mkt/platform';
import { OrdersRepository } from '../orders/orders.repository.js';
import { titleIn } from '../orders/order-view.js';

/** The buyer's cart: videos and photos on sale, one row per material. */
@Injectable()
export class CartService {
  constructor(private readonly repository: OrdersRepository) {}

  async add(userId: string, materialId: number): Promise<{ cartId: number }> {
    const material = await this.repository.material(materialId);
    if (!material || !material.onSale || (material.kind !== 'video' && material.kind !== 'photo')) {
      throw new AppError(ErrorCode.CART_MATERIAL_UNAVAILABLE, 'cartMaterialUnavailable');
    }
    const [row] = await this.repository.dataSource.query(
      `INSERT INTO orders.cart_items ("user_id", "material_id", "category") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "material_id") DO UPDATE SET "created_at" = orders.cart_items."created_at" RETURNING "id"`,
      [userId, materialId, CART_CATEGORIES[material.kind]],
    );
    return { cartId: row.id as number };
  }

  async list(userId: string, category: number, pageNo: number, pageSize: number, language: Language): Promise<CartListResponse> {
    const rows: { cartId: number; id: number; code: string; category: number; thumbnailKey: string | null; titleZh: string; titleEn: string; maxResolution: string }[] =
      await this.repository.dataSource.query(
        `SELECT c."id" AS "cartId", m."material_id"::float8 AS "id", m."code", c."category", m."thumbnail_key" AS "thumbnailKey",
           m."title_zh" AS "titleZh", m."title_en" AS "titleEn", m."max_resolution" AS "maxResolution"
         FROM orders.cart_items c JOIN orders.materials m ON m."material_id" = c."material_id"
         WHERE c."user_id" = $1 AND c."category" = $2 AND m."on_sale"
         ORDER BY c."created_at" DESC, c."id" DESC LIMIT $3 OFFSET $4`,
        [userId, category, pageSize, (pageNo - 1) * pageSize],
      );
    const counts: { category: number; n: number }[] = await this.repository.dataSource.query(
      `SELECT c."category", count(*)::int AS n FROM orders.cart_items c JOIN orders.materials m ON m."material_id" = c."material_id"
       WHERE c."user_id" = $1 AND m."on_sale" GROUP BY c."category"`,
      [userId],
    );
    const count = (c: number) => counts.find((r) => r.category === c)?.n ?? 0;
    return {
      infos: rows.map((r) => ({
        cartId: r.cartId,
        id: r.id,
        code: r.code,
        category: r.category,
        thumbnail: publicRenditionPath(r.thumbnailKey),
        userTitle: titleIn(language, r.titleZh, r.titleEn),
        title: titleIn(language, r.titleZh, r.titleEn),
        skuName: r.maxResolution,
      })),
      total: count(category),
      counts: { video: count(CART_CATEGORIES.video), photo: count(CART_CATEGORIES.photo) },
    };
  }

  async remove(userId: string, cartId: number): Promise<{ cartId: number }> {
    // Another user's cart id deletes nothing and answers as a missing item.
    const [, affected] = await this.repository.dataSource.query(`DELETE FROM orders.cart_items WHERE "id" = $1 AND "user_id" = $2`, [cartId, userId]);
    if (!affected) throw new AppError(ErrorCode.CART_ITEM_NOT_FOUND, 'cartItemNotFound');
    return { cartId };
  }
}
