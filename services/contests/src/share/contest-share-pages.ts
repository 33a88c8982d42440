import { Injectable } from '@nestjs/common';
import { SharePagePaths, contestIdRequestSchema, formatMessage, type Language } from '@mkt/contracts';
import type { SharePage } from '@mkt/platform';
import { ContestSetupService } from '../setup/contest-setup.service.js';

type Query = Readonly<Record<string, unknown>>;

/**
 * The contests' shared pages (ADR 0029): a contest as the store's contest calls show it, on its
 * entry page (/ActivityDetail) or its winners' page (/postActivityDetail). An id the store's calls
 * would refuse, or a contest they answer 404 for, shows nothing.
 */
@Injectable()
export class ContestSharePages {
  constructor(private readonly setup: ContestSetupService) {}

  async contest(query: Query, language: Language): Promise<SharePage | null> {
    const contest = await this.detail(query, language);
    return contest && this.page(contest, contest.title, SharePagePaths.contests.contestDetail[0], language);
  }

  async pastContest(query: Query, language: Language): Promise<SharePage | null> {
    const contest = await this.detail(query, language);
    if (!contest) return null;
    const title = contest.resultsPublished ? formatMessage(language, 'shareContestWinnersTitle', { title: contest.title }) : contest.title;
    return this.page(contest, title, SharePagePaths.contests.pastContestDetail[0], language);
  }

  private async detail(query: Query, language: Language) {
    const request = contestIdRequestSchema.safeParse({ id: query.id });
    return request.success ? this.setup.detail(request.data.id, language) : null;
  }

  private page(contest: { id: number; rules: string; bannerUrl: string | null }, title: string, path: string, language: Language): SharePage {
    return {
      title,
      // The rules as written, cut to a description's length where the head is made.
      description: contest.rules || formatMessage(language, 'shareContestDescription'),
      path: `${path}?id=${contest.id}`,
      type: 'website',
      image: contest.bannerUrl ? { src: contest.bannerUrl } : null,
    };
  }
}
