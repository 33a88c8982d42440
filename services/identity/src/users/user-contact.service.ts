import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { mayRevealContactDetails, type UserContactRevealed } from '@mkt/contracts';
import { AppError, StaffAuditWriter, type AuthenticatedStaff } from '@mkt/platform';
import { UserEntity } from '../entities/user.entity.js';

/**
 * A user's phone number and e-mail in full, for the staff roles whose work needs them
 * (CONTACT_DETAILS_ACCESS); the console shows them masked otherwise. Every reveal is audited, so
 * who saw whose contact details can be answered later.
 */
@Injectable()
export class UserContactService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
  ) {}

  async reveal(staff: AuthenticatedStaff, id: string): Promise<UserContactRevealed> {
    // The route checks the same table; this keeps the rule where the data leaves.
    if (!mayRevealContactDetails(staff.roles)) throw AppError.forbidden();
    const user = z.uuid().safeParse(id).success ? await this.dataSource.getRepository(UserEntity).findOneBy({ id }) : null;
    if (!user) throw AppError.notFound();
    const fields = [user.phone !== null && 'phone', user.email !== null && 'email'].filter(Boolean);
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, staff, { action: 'reveal', resource: 'users', resourceId: id, before: null, after: { fields } }),
    );
    return { id, phone: user.phone, email: user.email };
  }
}
