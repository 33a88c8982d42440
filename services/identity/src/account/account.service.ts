import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ContributorProtocolAnswered, ErrorCode, type SkuItem, type UserView } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter } from '@mkt/platform';
import { CustomerSkuEntity } from '../entities/customer-sku.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { AccountReadCache } from '../sessions/account-read-cache.js';
import { toUserView } from '../sign-in/user-view.js';

/** What a signed-in user reads and answers about their own account. */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly cache: AccountReadCache,
  ) {}

  /** Read on every page load (POST /api/session), so kept between writes to users (AccountReadCache). */
  async view(userId: string): Promise<UserView> {
    const view = await this.cache.read(`user-view:${userId}`, async () => {
      const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
      return user ? Object.freeze(toUserView(user)) : undefined;
    });
    if (!view) throw AppError.tokenInvalid();
    return { ...view };
  }

  /**
   * The contributor notice (spec section 4): gid 3 acknowledges (photo rights are in their
   * contract); gid 2 agrees to the photo supplement, which enables photo upload, or declines.
   */
  answerProtocol(userId: string, agreed: boolean): Promise<UserView> {
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const user = await users.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw AppError.tokenInvalid();
      const applicable = user.signFlag && (user.gid === 2 || user.gid === 3);
      if (!applicable || (user.gid === 3 && !agreed)) {
        throw new AppError(ErrorCode.PROTOCOL_NOT_APPLICABLE, 'protocolNotApplicable');
      }
      // One answer: a later "disagree" must not leave photo upload enabled by an earlier "agree".
      if (user.protocolAgreed !== null) {
        throw new AppError(ErrorCode.PROTOCOL_ALREADY_ANSWERED, 'protocolAlreadyAnswered');
      }
      user.protocolAgreed = agreed;
      user.protocolAnsweredAt = this.clock.now();
      // gid 3 acknowledges rights its contract already holds; the upload rights staff chose when
      // approving the signing (video, photo or both) stand as they are.
      if (agreed && user.gid === 2) user.photoFlag = true;
      await users.save(user);
      await this.outbox.add(manager, ContributorProtocolAnswered, user.id, {
        userId: user.id,
        gid: user.gid,
        agreed,
        photoFlag: user.photoFlag,
      });
      return toUserView(user);
    });
  }

  /** Contracted SKUs, for customers with customerId, customerStatus 1 and customerType 1 only. */
  async skuList(userId: string): Promise<SkuItem[]> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw AppError.tokenInvalid();
    if (!user.customerId || user.customerStatus !== 1 || user.customerType !== 1) throw AppError.forbidden();
    const skus = await this.dataSource
      .getRepository(CustomerSkuEntity)
      .find({ where: { customerId: user.customerId }, order: { skuId: 'ASC' } });
    return skus.map((sku) => ({ id: sku.skuId, name: sku.name, category: sku.category, priceFen: sku.priceFen }));
  }
}
