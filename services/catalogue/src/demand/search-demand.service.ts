import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_DEMAND_LIMITS, type SearchDemandLists, type SearchDemandQuery } from '@mkt/contracts';
import { APP_CONFIG, Clock, type AppConfig } from '@mkt/platform';
import { ReadThroughCache } from '../store/read-through-cache.js';
import { windowDays } from './demand-calendar.js';
import { FEW_RESULTS, RISING_MIN_SEARCHES, rankRising, rankUnmet, toRow } from './demand-ranking.js';
import { SearchDemandRepository, type DemandScope } from './search-demand.repository.js';

/**
 * Unmet and rising are ranked here by formulas the database does not know; it hands over this
 * many of the most searched candidates, so a query ranked lower by searches than that is left out
 * (at a million searches a day, a few tens of thousands of queries a window).
 */
const CANDIDATES = 1_000;

/** As long as the recorder's flush interval: longer would hide what was just written. */
const LISTS_CACHE_SECONDS = 10;

/** The three lists of a window, kind and category: what contributors and staff read. */
@Injectable()
export class SearchDemandService {
  // The lists are trends, read at most once per flush interval and scope: a contributor who looks
  // again sees the searches of the last flush, and a busy console does not re-run the aggregates.
  private readonly cache: ReadThroughCache<SearchDemandLists>;

  constructor(
    private readonly repository: SearchDemandRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'readCacheSeconds'>,
  ) {
    this.cache = new ReadThroughCache(Math.min(config.readCacheSeconds, LISTS_CACHE_SECONDS) * 1000, 500);
  }

  /** The lists as of now, through the short cache. */
  current(query: SearchDemandQuery): Promise<SearchDemandLists> {
    const now = this.clock.now();
    return this.cache.get(`${query.window}:${query.kind}:${query.categoryId ?? 0}`, () => this.lists(query, now));
  }

  async lists(query: SearchDemandQuery, now: Date): Promise<SearchDemandLists> {
    const days = windowDays(query.window, now);
    const scope: DemandScope = { kind: query.kind, categoryId: query.categoryId ?? null, from: days.from, to: days.to };
    const limit = SEARCH_DEMAND_LIMITS.rowsMax;
    const [top, few, grown] = await Promise.all([
      this.repository.mostSearched(scope, limit),
      this.repository.fewResults(scope, FEW_RESULTS, CANDIDATES),
      this.repository.grown(scope, days.previousFrom, RISING_MIN_SEARCHES, CANDIDATES),
    ]);
    return {
      window: query.window,
      kind: query.kind,
      categoryId: scope.categoryId,
      from: days.from,
      to: days.to,
      top: top.map(toRow),
      unmet: rankUnmet(few, limit),
      rising: rankRising(grown, limit),
    };
  }
}
