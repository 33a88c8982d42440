import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The SKUs an enterprise customer has contracted; loaded by the store after login. */
@Entity({ name: 'customer_skus' })
export class CustomerSkuEntity {
  @PrimaryColumn({ name: 'customer_id', type: 'varchar', length: 64 })
  customerId: string;

  @PrimaryColumn({ name: 'sku_id', type: 'varchar', length: 64 })
  skuId: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  category: 'video' | 'photo' | 'music';

  /** Money is integer fen. */
  @Column({ name: 'price_fen', type: 'int' })
  priceFen: number;
}
