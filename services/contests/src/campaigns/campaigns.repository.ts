import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CampaignPage, CampaignSetup } from '@mkt/contracts';

export interface CampaignRow {
  slug: CampaignPage;
  contestId: number | null;
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  bannerUrl: string | null;
  sections: CampaignSetup['sections'];
  winnersShown: number;
  published: boolean;
  updatedAt: Date;
}

const COLUMNS = `"slug", "contest_id" AS "contestId", "title_zh" AS "titleZh", "title_en" AS "titleEn", "subtitle_zh" AS "subtitleZh", "subtitle_en" AS "subtitleEn",
  "banner_url" AS "bannerUrl", "sections", "winners_shown" AS "winnersShown", "published", "updated_at" AS "updatedAt"`;

/** SQL of campaign pages. */
@Injectable()
export class CampaignsRepository {
  constructor(@InjectDataSource('contests') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(slug: string, manager?: EntityManager): Promise<CampaignRow | null> {
    const [row] = (await (manager ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM "contests"."campaigns" WHERE "slug" = $1`, [slug])) as CampaignRow[];
    return row ?? null;
  }

  async list(slugs: string[] | undefined, order: 'ASC' | 'DESC', skip: number, take: number): Promise<{ rows: CampaignRow[]; total: number }> {
    const where = slugs ? `WHERE "slug" = ANY($1::text[])` : '';
    const params = slugs ? [slugs] : [];
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS "total" FROM "contests"."campaigns" ${where}`, params)) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "contests"."campaigns" ${where} ORDER BY "slug" ${order} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, skip, take],
    )) as CampaignRow[];
    return { rows, total };
  }

  async save(manager: EntityManager, campaign: CampaignSetup, at: Date): Promise<void> {
    await manager.query(
      `INSERT INTO "contests"."campaigns" ("slug", "contest_id", "title_zh", "title_en", "subtitle_zh", "subtitle_en", "banner_url", "sections", "winners_shown", "published", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)
       ON CONFLICT ("slug") DO UPDATE SET "contest_id" = EXCLUDED."contest_id", "title_zh" = EXCLUDED."title_zh", "title_en" = EXCLUDED."title_en",
         "subtitle_zh" = EXCLUDED."subtitle_zh", "subtitle_en" = EXCLUDED."subtitle_en", "banner_url" = EXCLUDED."banner_url", "sections" = EXCLUDED."sections",
         "winners_shown" = EXCLUDED."winners_shown", "published" = EXCLUDED."published", "updated_at" = EXCLUDED."updated_at"`,
      [campaign.slug, campaign.contestId, campaign.titleZh, campaign.titleEn, campaign.subtitleZh, campaign.subtitleEn, campaign.bannerUrl, JSON.stringify(campaign.sections), campaign.winnersShown, campaign.published, at],
    );
  }
}
