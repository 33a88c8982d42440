import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { ShopProductInput } from '@mkt/contracts';
import { APP_CONFIG, Clock, type AppConfig } from '@mkt/platform';
import { ShopRepository } from '../shop/shop.repository.js';

/** A few download packs for the demo shop; prices in fen. */
export const DEMO_SHOP_PRODUCTS: ShopProductInput[] = [
  {
    kind: 'download-pack',
    nameZh: '入门视频包 · 5 条',
    nameEn: 'Starter video pack · 5 clips',
    descriptionZh: '90 天内任选 5 条视频，个人非商业授权，1080P 交付。适合个人创作与学习。',
    descriptionEn: 'Any 5 videos within 90 days under an individual non-commercial licence, delivered in 1080P. For personal projects and study.',
    priceFen: 19_900,
    videoCount: 5,
    photoCount: 0,
    validDays: 90,
    licenceType: 'personal',
    region: 'mainland',
    duration: 'permanent',
    enabled: true,
    sortOrder: 10,
  },
  {
    kind: 'download-pack',
    nameZh: '商用混合包 · 10 视频 + 20 图片',
    nameEn: 'Commercial mix · 10 videos + 20 photos',
    descriptionZh: '一年内任选 10 条视频和 20 张图片，商业授权，原始文件交付，全球范围。',
    descriptionEn: 'Any 10 videos and 20 photos within a year under a commercial licence, original files, worldwide.',
    priceFen: 299_900,
    videoCount: 10,
    photoCount: 20,
    validDays: 365,
    licenceType: 'commercial',
    region: 'global',
    duration: 'permanent',
    enabled: true,
    sortOrder: 20,
  },
  {
    kind: 'download-pack',
    nameZh: '图片包 · 30 张',
    nameEn: 'Photo pack · 30 photos',
    descriptionZh: '180 天内任选 30 张图片，商业授权，中国大陆范围。',
    descriptionEn: 'Any 30 photos within 180 days under a commercial licence, mainland China.',
    priceFen: 99_900,
    videoCount: 0,
    photoCount: 30,
    validDays: 180,
    licenceType: 'commercial',
    region: 'mainland',
    duration: 'permanent',
    enabled: true,
    sortOrder: 30,
  },
];

/**
 * Puts the demo packs in an empty shop. Once staff have any product, nothing is added again, so
 * products edited or disabled in the console stay as they left them. Off unless SEED_DEMO.
 */
@Injectable()
export class ShopDemoSeed implements OnApplicationBootstrap {
  constructor(
    private readonly shop: ShopRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.shop.transaction(async (manager) => {
      // Two replicas starting together: the lock makes the second see the first one's rows.
      await manager.query(`LOCK TABLE orders.shop_products IN SHARE ROW EXCLUSIVE MODE`);
      const [{ count }] = await manager.query(`SELECT count(*)::int AS "count" FROM orders.shop_products`);
      if (count > 0) return;
      for (const product of DEMO_SHOP_PRODUCTS) await this.shop.insertProduct(manager, product, this.clock.now());
    });
  }
}
