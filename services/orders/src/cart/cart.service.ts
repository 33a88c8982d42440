import { Injectable } from '@nestjs/common';
import { CART_CATEGORIES, CartChanged, ErrorCode, type CartListResponse, type Language } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, publicRenditionPath } from '@mkt/platform';
import { titleIn } from '../orders/order-view.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { CartRepository } from './cart.repository.js';

/**
 * The buyer's cart: videos and photos on sale, one row per material. Every change is announced as
 * cart.changed in its transaction, so the catalogue's header counts (/home/preference) follow.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly lines: CartRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async add(userId: string, materialId: number): Promise<{ cartId: number }> {
    const material = await this.orders.material(materialId);
    if (!material || !material.onSale || (material.kind !== 'video' && material.kind !== 'photo')) {
      throw new AppError(ErrorCode.CART_MATERIAL_UNAVAILABLE, 'cartMaterialUnavailable');
    }
    const category = CART_CATEGORIES[material.kind];
    return this.lines.transaction(async (manager) => {
      const cartId = await this.lines.addLine(manager, userId, materialId, category);
      await this.outbox.add(manager, CartChanged, userId, { userId, added: [materialId], removed: [], changedAt: this.clock.now().toISOString() });
      return { cartId };
    });
  }

  async list(userId: string, category: number, pageNo: number, pageSize: number, language: Language): Promise<CartListResponse> {
    const [rows, counts] = await Promise.all([this.lines.pageOfLines(userId, category, pageSize, (pageNo - 1) * pageSize), this.lines.countsByCategory(userId)]);
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
    return this.lines.transaction(async (manager) => {
      // Another user's cart id deletes nothing and answers as a missing item.
      const materialId = await this.lines.removeLine(manager, userId, cartId);
      if (materialId === null) throw new AppError(ErrorCode.CART_ITEM_NOT_FOUND, 'cartItemNotFound');
      await this.outbox.add(manager, CartChanged, userId, { userId, added: [], removed: [materialId], changedAt: this.clock.now().toISOString() });
      return { cartId };
    });
  }
}
