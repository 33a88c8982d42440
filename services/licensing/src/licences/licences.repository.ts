import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LicenceTerms } from './licence-terms.js';

export interface LicenceRow {
  id: string;
  orderId: string;
  itemId: number;
  userId: string;
  orderNo: string;
  verificationCode: string;
  terms: LicenceTerms;
  status: 'not-generated' | 'generated';
  fileKey: string | null;
  generatedAt: Date | null;
}

export interface NewLicenceRow {
  id: string;
  orderId: string;
  itemId: number;
  userId: string;
  orderNo: string;
  verificationCode: string;
  terms: LicenceTerms;
  createdAt: Date;
}

const COLUMNS = `"id", "order_id" AS "orderId", "item_id" AS "itemId", "user_id" AS "userId", "order_no" AS "orderNo", "verification_code" AS "verificationCode",
  "terms", "status", "file_key" AS "fileKey", "generated_at" AS "generatedAt"`;

/** SQL of authorization files (licensing.licences); writers take the manager of the caller's transaction. */
@Injectable()
export class LicencesRepository {
  constructor(@InjectDataSource('licensing') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One licence per order item: a redelivered order.confirmed keeps the first one and its code. */
  async insertIfAbsent(manager: EntityManager, licence: NewLicenceRow): Promise<void> {
    await manager.query(
      `INSERT INTO licensing.licences ("id", "order_id", "item_id", "user_id", "order_no", "verification_code", "terms", "status", "created_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'not-generated', $8) ON CONFLICT ("order_id", "item_id") DO NOTHING`,
      [licence.id, licence.orderId, licence.itemId, licence.userId, licence.orderNo, licence.verificationCode, JSON.stringify(licence.terms), licence.createdAt],
    );
  }

  /** The order's licences without a file yet, locked so two generations of one order do not overlap. */
  async lockNotGenerated(manager: EntityManager, orderId: string): Promise<LicenceRow[]> {
    return manager.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "order_id" = $1 AND "status" = 'not-generated' ORDER BY "item_id" FOR UPDATE`, [orderId]);
  }

  async markGenerated(manager: EntityManager, id: string, fileKey: string, at: Date): Promise<void> {
    await manager.query(`UPDATE licensing.licences SET "status" = 'generated', "file_key" = $2, "generated_at" = $3 WHERE "id" = $1`, [id, fileKey, at]);
  }

  async ownsAnyOf(userId: string, orderId: string): Promise<boolean> {
    const [owned] = await this.dataSource.query(`SELECT 1 FROM licensing.licences WHERE "order_id" = $1 AND "user_id" = $2 LIMIT 1`, [orderId, userId]);
    return !!owned;
  }

  /** The user's licences, newest first, optionally of one order. */
  async ofUser(userId: string, orderId: string | undefined): Promise<LicenceRow[]> {
    const params: unknown[] = [userId];
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM licensing.licences WHERE "user_id" = $1 ${orderId ? `AND "order_id" = $${params.push(orderId)}` : ''} ORDER BY "created_at" DESC, "item_id"`,
      params,
    );
  }

  async byId(id: string): Promise<LicenceRow | null> {
    const [row]: LicenceRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "id" = $1`, [id]);
    return row ?? null;
  }

  /** The licence of one order line. */
  async ofItem(orderId: string, itemId: number): Promise<LicenceRow | null> {
    const [row]: LicenceRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "order_id" = $1 AND "item_id" = $2`, [orderId, itemId]);
    return row ?? null;
  }

  /** Only a licence whose file exists answers to its code. */
  async generatedByCode(verificationCode: string): Promise<LicenceRow | null> {
    const [row]: LicenceRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "verification_code" = $1 AND "status" = 'generated'`, [
      verificationCode,
    ]);
    return row ?? null;
  }
}
