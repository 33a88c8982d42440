import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource } from 'typeorm';
import { CustomerProfileChanged, CustomerProjectChanged } from '@mkt/contracts';
import { APP_CONFIG, OutboxWriter, type AppConfig } from '@mkt/platform';
import { CustomerSkuEntity } from '../entities/customer-sku.entity.js';
import { ProjectEntity } from '../entities/project.entity.js';
import { StaffEntity } from '../entities/staff.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { hashPassword } from '@mkt/platform';
import { projectChangedPayload } from '../projects/project-admin.service.js';
import { customerProfileOf } from '../users/user-admin.service.js';
import { DEMO_CUSTOMER_SKUS, DEMO_PROJECTS, DEMO_STAFF, DEMO_USERS } from './demo-accounts.js';

/**
 * Creates the demo accounts when they are missing (never overwrites, so changes made in the
 * console survive restarts). Off in production unless SEED_DEMO=true.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('IdentitySeed');

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxWriter,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.seed();
  }

  async seed(): Promise<void> {
    // Hashing is deliberately slow: only hash the demo staff that do not exist yet.
    const existing = new Set(
      (await this.dataSource.getRepository(StaffEntity).find({ select: { username: true } })).map((s) => s.username),
    );
    const staffRows = await Promise.all(
      DEMO_STAFF.filter((staff) => !existing.has(staff.username)).map(async ({ password, ...staff }) => ({
        ...staff,
        passwordHash: await hashPassword(password),
      })),
    );
    await this.dataSource.transaction(async (manager) => {
      await manager.createQueryBuilder().insert().into(ProjectEntity).values(DEMO_PROJECTS.map((p) => ({ ...p }))).orIgnore().execute();
      await manager.createQueryBuilder().insert().into(UserEntity).values(DEMO_USERS.map((u) => ({ ...u }))).orIgnore().execute();
      if (staffRows.length > 0) {
        await manager.createQueryBuilder().insert().into(StaffEntity).values(staffRows).orIgnore().execute();
      }
      await manager
        .createQueryBuilder()
        .insert()
        .into(CustomerSkuEntity)
        .values(DEMO_CUSTOMER_SKUS.map((s) => ({ ...s })))
        .orIgnore()
        .execute();
      // Announced on every start (consumers upsert): services that keep customer fields catch up
      // even when they were added after the accounts.
      const customers = await manager.getRepository(UserEntity).find({ where: { customerId: Not(IsNull()) } });
      for (const user of customers) await this.outbox.add(manager, CustomerProfileChanged, user.id, customerProfileOf(user));
      for (const project of await manager.getRepository(ProjectEntity).find()) {
        await this.outbox.add(manager, CustomerProjectChanged, project.id, projectChangedPayload(project));
      }
    });
    this.logger.log({ users: DEMO_USERS.length, staff: DEMO_STAFF.length }, 'demo accounts ready');
  }
}
