import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  VERIFICATION_CODE,
  formatMessage,
  type AccountKind,
  type Language,
  type SendCodeResponse,
} from '@mkt/contracts';
import { AppError, Clock, NOTIFIER, type Notifier } from '@mkt/platform';
import { VerificationCodeEntity } from '../entities/verification-code.entity.js';
import { CodeHasher } from './code-hasher.js';

export interface Account {
  kind: AccountKind;
  value: string;
}

/**
 * The rules of sign-in codes: six digits valid 5 minutes, a new one only after 60 s, at most
 * five an hour per account, and five wrong tries before a code is spent.
 */
@Injectable()
export class VerificationCodeService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly hasher: CodeHasher,
    @Inject(NOTIFIER) private readonly notifier: Notifier,
  ) {}

  async send(account: Account, language: Language): Promise<SendCodeResponse> {
    const channel = account.kind === 'phone' ? 'sms' : 'email';
    if (!this.notifier.supports(channel)) {
      throw new AppError(ErrorCode.CODE_CHANNEL_UNAVAILABLE, 'codeChannelUnavailable');
    }
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE.length)).padStart(VERIFICATION_CODE.length, '0');
    await this.dataSource.transaction(async (manager) => {
      // One sender at a time per account, so the countdown and the hourly limit hold under races.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code:${account.value}`]);
      const now = this.clock.now();
      const hourAgo = new Date(now.getTime() - 3600_000);
      const recent = await manager
        .getRepository(VerificationCodeEntity)
        .createQueryBuilder('c')
        .where('c.account = :account AND c.sentAt > :hourAgo', { account: account.value, hourAgo })
        .orderBy('c.sentAt', 'DESC')
        .getMany();
      const last = recent[0];
      if (last) {
        const waited = (now.getTime() - last.sentAt.getTime()) / 1000;
        if (waited < VERIFICATION_CODE.resendAfterSeconds) {
          const seconds = Math.ceil(VERIFICATION_CODE.resendAfterSeconds - waited);
          throw new AppError(ErrorCode.CODE_RESEND_TOO_SOON, 'codeResendTooSoon', { seconds }, { resendAfterSeconds: seconds });
        }
      }
      if (recent.length >= VERIFICATION_CODE.maxSendsPerHour) {
        throw new AppError(ErrorCode.CODE_HOURLY_LIMIT, 'codeHourlyLimit');
      }
      await manager.getRepository(VerificationCodeEntity).insert({
        account: account.value,
        codeHash: this.hasher.hash(account.value, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE.validSeconds * 1000),
        wrongAttempts: 0,
        consumedAt: null,
      });
      // Sent inside the transaction: a code that could not be delivered is not stored, so it
      // neither starts the countdown nor counts against the hourly limit.
      await this.notifier.send({
        channel,
        to: account.value,
        subject: formatMessage(language, 'codeMailSubject'),
        text: formatMessage(language, 'codeMailBody', { code, minutes: VERIFICATION_CODE.validSeconds / 60 }),
        code,
      });
    });
    return {
      resendAfterSeconds: VERIFICATION_CODE.resendAfterSeconds,
      expiresInSeconds: VERIFICATION_CODE.validSeconds,
    };
  }

  /**
   * Spends the account's latest code if `code` matches. A wrong code is counted (and that count
   * committed) before the refusal is thrown, so attempts cannot be replayed.
   */
  async consume(account: Account, code: string): Promise<void> {
    const refusal = await this.dataSource.transaction(async (manager): Promise<AppError | null> => {
      const repository = manager.getRepository(VerificationCodeEntity);
      const latest = await repository
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.account = :account', { account: account.value })
        .orderBy('c.sentAt', 'DESC')
        .limit(1)
        .getOne();
      const now = this.clock.now();
      if (!latest || latest.consumedAt || latest.expiresAt <= now) {
        return new AppError(ErrorCode.CODE_EXPIRED, 'codeExpired');
      }
      if (latest.wrongAttempts >= VERIFICATION_CODE.maxWrongAttempts) {
        return new AppError(ErrorCode.CODE_ATTEMPTS_EXCEEDED, 'codeAttemptsExceeded');
      }
      if (!this.hasher.matches(account.value, code, latest.codeHash)) {
        const wrongAttempts = latest.wrongAttempts + 1;
        await repository.update(latest.id, { wrongAttempts });
        const remaining = VERIFICATION_CODE.maxWrongAttempts - wrongAttempts;
        return remaining <= 0
          ? new AppError(ErrorCode.CODE_ATTEMPTS_EXCEEDED, 'codeAttemptsExceeded')
          : new AppError(ErrorCode.CODE_WRONG, 'codeWrong', { remaining }, { remaining });
      }
      await repository.update(latest.id, { consumedAt: now });
      return null;
    });
    if (refusal) throw refusal;
  }
}
