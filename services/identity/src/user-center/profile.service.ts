import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserView } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { UserEntity } from '../entities/user.entity.js';
import { toUserView } from '../sign-in/user-view.js';

/** What a user changes about how others see them; the nickname arrives validated (nicknameUpdateSchema). */
@Injectable()
export class ProfileService {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  setNickname(userId: string, nickname: string): Promise<UserView> {
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const user = await users.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw AppError.tokenInvalid();
      user.nickname = nickname;
      await users.update(user.id, { nickname });
      return toUserView(user);
    });
  }
}
