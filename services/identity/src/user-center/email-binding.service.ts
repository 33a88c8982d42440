import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource } from 'typeorm';
import {
  EMAIL_CONFIRM_VALID_HOURS,
  ErrorCode,
  formatMessage,
  maskEmail,
  type EmailBindingSent,
  type EmailConfirmed,
  type Language,
} from '@mkt/contracts';
import { APP_CONFIG, AppError, Clock, NOTIFIER, type AppConfig, type Notifier } from '@mkt/platform';
import { UserEntity } from '../entities/user.entity.js';
import { EmailConfirmationsRepository } from './email-confirmations.repository.js';
import {
  confirmationExpiry,
  confirmationLink,
  confirmationState,
  hashConfirmationToken,
  newConfirmationToken,
} from './email-confirmation-rules.js';

/**
 * Binding an e-mail address to an account: a link is mailed to the address and binds it when
 * opened (once, within 24 hours). An address bound to another account is refused both when the
 * link is asked for and when it is opened, since another account may have taken it in between.
 */
@Injectable()
export class EmailBindingService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly links: EmailConfirmationsRepository,
    private readonly clock: Clock,
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async requestLink(userId: string, email: string, language: Language): Promise<EmailBindingSent> {
    if (!this.notifier.supports('email')) throw new AppError(ErrorCode.CODE_CHANNEL_UNAVAILABLE, 'codeChannelUnavailable');
    const token = newConfirmationToken();
    await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const user = await users.findOneBy({ id: userId });
      if (!user) throw AppError.tokenInvalid();
      if (user.email === email) throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'emailAlreadyBound');
      const holder = await users.findOneBy({ email });
      if (holder) throw emailTaken();
      const now = this.clock.now();
      await this.links.add(manager, { userId, email, tokenHash: hashConfirmationToken(token), createdAt: now, expiresAt: confirmationExpiry(now) });
      // Sent inside the transaction: a link that could not be delivered is not kept.
      await this.notifier.send({
        channel: 'email',
        to: email,
        subject: formatMessage(language, 'emailConfirmSubject'),
        text: formatMessage(language, 'emailConfirmBody', {
          hours: EMAIL_CONFIRM_VALID_HOURS,
          link: confirmationLink(this.config.http.publicUrl, token),
        }),
      });
    });
    return { emailMasked: maskEmail(email), validHours: EMAIL_CONFIRM_VALID_HOURS };
  }

  /** Opened from the mail, possibly on another device: the token alone says whose address it is. */
  async confirm(token: string): Promise<EmailConfirmed> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const link = await this.links.findForUpdate(manager, hashConfirmationToken(token));
        if (!link) throw new AppError(ErrorCode.EMAIL_LINK_INVALID, 'emailLinkInvalid');
        const now = this.clock.now();
        const state = confirmationState(link, now);
        if (state === 'used') throw new AppError(ErrorCode.EMAIL_LINK_USED, 'emailLinkUsed');
        if (state === 'expired') throw new AppError(ErrorCode.EMAIL_LINK_EXPIRED, 'emailLinkExpired', { hours: EMAIL_CONFIRM_VALID_HOURS });
        const users = manager.getRepository(UserEntity);
        const holder = await users.findOneBy({ email: link.email });
        if (holder && holder.id !== link.userId) throw emailTaken();
        const updated = await users.update({ id: link.userId }, { email: link.email });
        if (!updated.affected) throw new AppError(ErrorCode.EMAIL_LINK_INVALID, 'emailLinkInvalid');
        await this.links.markUsed(manager, link.id, now);
        return { emailMasked: maskEmail(link.email) };
      });
    } catch (error) {
      // Two accounts confirming one address at the same moment: the unique index decides.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505') throw emailTaken();
      throw error;
    }
  }
}

const emailTaken = () => new AppError(ErrorCode.EMAIL_TAKEN, 'emailTaken');
