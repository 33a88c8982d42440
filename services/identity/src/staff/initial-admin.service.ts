import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { StaffEntity } from '../entities/staff.entity.js';
import { hashPassword } from '@mkt/platform';

/**
 * A new deployment has no console account, and every other one is created from the console: the
 * first administrator comes from INITIAL_ADMIN_USERNAME / INITIAL_ADMIN_PASSWORD (a Secret in
 * Kubernetes). Created only when no account has that name, so a password changed or an account
 * disabled in the console stays as it is; several replicas starting together insert it once.
 */
@Injectable()
export class InitialAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger('InitialAdmin');

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.initialAdmin;
    if (!admin) return;
    const staff = this.dataSource.getRepository(StaffEntity);
    if (await staff.existsBy({ username: admin.username })) return;
    const inserted = await staff
      .createQueryBuilder()
      .insert()
      .values({ username: admin.username, displayName: admin.username, passwordHash: await hashPassword(admin.password), roles: ['admin'] })
      .orIgnore()
      .execute();
    if (inserted.identifiers.length > 0) this.logger.log({ msg: 'initial administrator created', username: admin.username });
  }
}
