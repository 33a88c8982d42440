import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type ContributorShareView } from '@mkt/contracts';
import { AppError, Clock, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { ContributorsRepository } from '../contributors/contributors.repository.js';
import { PAYOUT_SETTINGS, type PayoutSettings } from '../payouts.settings.js';
import { SharesRepository, type StoredShare } from './shares.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each contributor's share of a sale and the company their contract names, set by finance;
 * without a share setting the configured default applies.
 */
@Injectable()
export class ContributorSharesService {
  constructor(
    private readonly repository: SharesRepository,
    private readonly contributors: ContributorsRepository,
    private readonly clock: Clock,
    private readonly audit: StaffAuditWriter,
    @Inject(PAYOUT_SETTINGS) private readonly settings: PayoutSettings,
  ) {}

  async list(query: ListQuery<{ id?: string[] }>): Promise<{ rows: ContributorShareView[]; total: number }> {
    const { rows, total } = await this.repository.list(query.filter.id, query.skip, query.take);
    return { rows: rows.map((row) => this.view(row)), total };
  }

  /** A contributor without a setting reads as the default share. */
  async get(id: string): Promise<ContributorShareView> {
    if (!UUID.test(id)) throw AppError.notFound();
    const stored = await this.repository.get(id);
    return stored ? this.view(stored) : { id, sharePercent: this.settings.defaultSharePercent, companyName: null, updatedAt: new Date(0).toISOString() };
  }

  /** Only for a contributor payouts has heard of (see ContributorsRepository): a mistyped id is refused, not stored. */
  async update(staff: AuthenticatedStaff, id: string, change: { sharePercent: number; companyName?: string | null }): Promise<ContributorShareView> {
    if (!UUID.test(id)) throw AppError.notFound();
    return this.repository.transaction(async (manager) => {
      if (!(await this.contributors.exists(id, manager))) throw new AppError(ErrorCode.CONTRIBUTOR_UNKNOWN, 'contributorUnknown', { id });
      const before = await this.get(id);
      await this.repository.upsert(manager, id, change, this.clock.now());
      const after = this.view((await this.repository.get(id, manager))!);
      await this.audit.record(manager, staff, { action: 'update', resource: 'contributor-shares', resourceId: id, before, after });
      return after;
    });
  }

  private view(stored: StoredShare): ContributorShareView {
    return { ...stored, sharePercent: stored.sharePercent ?? this.settings.defaultSharePercent };
  }
}
