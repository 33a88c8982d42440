import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, UserRegistered, normaliseAccount, type Language, type LoginResponse, type SendCodeResponse } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter } from '@mkt/platform';
import { UserEntity } from '../entities/user.entity.js';
import { SessionService } from '../sessions/session.service.js';
import { VerificationCodeService, type Account } from './verification-code.service.js';
import { defaultNickname, toUserView } from './user-view.js';

/** Sign-in with a phone number or e-mail and a code; the first sign-in creates the account. */
@Injectable()
export class SignInService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly codes: VerificationCodeService,
    private readonly sessions: SessionService,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  sendCode(rawAccount: string, language: Language): Promise<SendCodeResponse> {
    return this.codes.send(parseAccount(rawAccount), language);
  }

  async signIn(rawAccount: string, code: string, userAgent?: string): Promise<LoginResponse> {
    const account = parseAccount(rawAccount);
    await this.codes.consume(account, code);
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const where = account.kind === 'phone' ? { phone: account.value } : { email: account.value };
      let user = await users.findOne({ where, lock: { mode: 'pessimistic_write' } });
      const now = this.clock.now();
      if (!user) {
        // ON CONFLICT keeps two first sign-ins racing on one account from failing or duplicating;
        // only the one that inserted announces the new user.
        const inserted = await users
          .createQueryBuilder()
          .insert()
          .values({ ...where, nickname: defaultNickname(account), lastLoginAt: now })
          .orIgnore()
          .returning(['id'])
          .execute();
        user = await users.findOneOrFail({ where });
        if ((inserted.raw as unknown[]).length > 0) {
          await this.outbox.add(manager, UserRegistered, user.id, {
            userId: user.id,
            accountKind: account.kind,
            gid: user.gid,
            registeredAt: now.toISOString(),
          });
        }
      }
      if (user.disabled) throw AppError.accountDisabled();
      user.lastLoginAt = now;
      await users.update(user.id, { lastLoginAt: now });
      const token = await this.sessions.openForUser(manager, user.id, userAgent);
      return { token, user: toUserView(user) };
    });
  }
}

function parseAccount(raw: string): Account {
  const account = normaliseAccount(raw);
  if (!account) throw new AppError(ErrorCode.ACCOUNT_INVALID, 'accountInvalid');
  return account;
}
