import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EmailConfirmationEntity } from '../entities/email-confirmation.entity.js';

/** The queries of e-mail confirmation links. */
@Injectable()
export class EmailConfirmationsRepository {
  add(manager: EntityManager, link: Pick<EmailConfirmationEntity, 'userId' | 'email' | 'tokenHash' | 'createdAt' | 'expiresAt'>): Promise<unknown> {
    return manager.getRepository(EmailConfirmationEntity).insert({ ...link, usedAt: null });
  }

  /** The link with this token hash, locked until the transaction ends, so it is spent once. */
  findForUpdate(manager: EntityManager, tokenHash: string): Promise<EmailConfirmationEntity | null> {
    return manager.getRepository(EmailConfirmationEntity).findOne({ where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  markUsed(manager: EntityManager, id: string, at: Date): Promise<unknown> {
    return manager.getRepository(EmailConfirmationEntity).update({ id }, { usedAt: at });
  }
}
