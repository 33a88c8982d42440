import { Injectable } from '@nestjs/common';
import { ErrorCode, type CampaignPage, type CampaignSetup, type CampaignView, type Language } from '@mkt/contracts';
import { AppError, Clock, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { ResultsService } from '../results/results.service.js';
import { contestCard, pick } from '../setup/contest-views.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import { CampaignsRepository, type CampaignRow } from './campaigns.repository.js';

const notFound = () => new AppError(ErrorCode.CAMPAIGN_NOT_FOUND, 'campaignNotFound');

const adminView = (row: CampaignRow) => ({ id: row.slug, ...row, updatedAt: new Date(row.updatedAt).toISOString() });

/**
 * Campaign pages as contest managers keep them in the console: texts and sections in both
 * languages, a banner, and the contest whose winners (and their real media) the page shows.
 * Nothing of a campaign is written into the store's code.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly setup: ContestSetupService,
    private readonly results: ResultsService,
    private readonly clock: Clock,
    private readonly audit: StaffAuditWriter,
  ) {}

  async view(slug: CampaignPage, language: Language): Promise<CampaignView> {
    const row = await this.campaigns.find(slug);
    if (!row || !row.published) throw notFound();
    const contest = row.contestId === null ? null : await this.setup.require(row.contestId).catch(() => null);
    const published = contest?.resultsPublishedAt ? await this.results.published(contest.id, language) : null;
    const winners = (published?.winners ?? []).slice(0, row.winnersShown);
    const best = winners[0]?.files.find((file) => file.role === 'cover' || file.role === 'photo');
    return {
      slug: row.slug,
      title: pick(language, row.titleZh, row.titleEn),
      subtitle: pick(language, row.subtitleZh, row.subtitleEn),
      heroUrl: row.bannerUrl ?? contest?.bannerUrl ?? best?.url ?? null,
      sections: row.sections.map((section) => ({ heading: pick(language, section.headingZh, section.headingEn), text: pick(language, section.textZh, section.textEn) })).filter((section) => section.heading || section.text),
      contest: contest ? contestCard(contest, language, this.clock.now()) : null,
      winners,
    };
  }

  async list(query: ListQuery<{ id?: CampaignPage[] }>) {
    const { rows, total } = await this.campaigns.list(query.filter.id, query.sortOrder, query.skip, query.take);
    return { rows: rows.map(adminView), total };
  }

  async get(slug: string) {
    const row = await this.campaigns.find(slug);
    if (!row) throw notFound();
    return adminView(row);
  }

  async save(staff: AuthenticatedStaff, campaign: CampaignSetup) {
    if (campaign.contestId !== null) await this.setup.require(campaign.contestId);
    await this.campaigns.transaction(async (manager) => {
      const before = await this.campaigns.find(campaign.slug, manager);
      await this.campaigns.save(manager, campaign, this.clock.now());
      const after = await this.campaigns.find(campaign.slug, manager);
      await this.audit.record(manager, staff, { action: before ? 'campaign.update' : 'campaign.create', resource: 'campaigns', resourceId: campaign.slug, before, after });
    });
    return this.get(campaign.slug);
  }

  /** The demo data's pages: no staff action to audit. */
  /** A demo page, unless the page is there already: what staff changed in the console is kept. */
  async saveDemo(campaign: CampaignSetup): Promise<void> {
    await this.campaigns.transaction(async (manager) => {
      if (await this.campaigns.find(campaign.slug, manager)) return;
      await this.campaigns.save(manager, campaign, this.clock.now());
    });
  }
}
