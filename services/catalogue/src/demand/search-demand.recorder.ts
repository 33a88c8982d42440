import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ErrorCode, SEARCH_DEMAND_LIMITS, type SearchDemandFollowUp, type SearchDemandKind } from '@mkt/contracts';
import { APP_CONFIG, AppError, Clock, type AppConfig } from '@mkt/platform';
import { demandDay } from './demand-calendar.js';
import { keyOfString, keyString, noCounts, type DemandCounts, type DemandKey } from './demand-key.js';
import { normalizeDemandQuery } from './demand-query.js';
import { SearchDemandTokens } from './demand-tokens.js';
import { FollowUpsSeen } from './follow-ups-seen.js';
import { SearchDemandRepository } from './search-demand.repository.js';

const FLUSH_EVERY_MS = 10_000;
/** Keys held before a flush starts without waiting for the next tick. */
const FLUSH_AT_KEYS = 5_000;
/** Keys held while the database refuses writes; counts of new keys beyond it are dropped. */
const KEEP_AT_MOST_KEYS = 100_000;
/** Rows of one INSERT. */
const BATCH = 2_000;

/** A keyword search as the store answered it. */
export interface AnsweredSearch {
  kind: SearchDemandKind;
  categoryId?: number;
  keyword: string;
  total: number;
}

/**
 * Counts the store's keyword searches and their follow-ups in memory and adds them to
 * catalogue.search_demand_daily in batches (every 10 s, at 5,000 keys, at shutdown), so a search
 * costs a Map update and never waits for the database. A failed flush keeps its counts for the
 * next one; if the database stays away, new keys beyond KEEP_AT_MOST_KEYS are dropped (counted
 * and logged) rather than growing memory without bound. Counts of an unclean exit (a crash) since
 * the last flush are lost: demand figures are trends, not a ledger.
 */
@Injectable()
export class SearchDemandRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger('SearchDemand');
  private pending = new Map<string, DemandCounts>();
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  private readonly seen = new FollowUpsSeen(SEARCH_DEMAND_LIMITS.tokenHours * 3_600_000, 500_000);

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'searchDemand'>,
    private readonly repository: SearchDemandRepository,
    private readonly tokens: SearchDemandTokens,
    private readonly clock: Clock,
  ) {}

  /** Counts a search; returns the token its answer carries, none when it is not demand (no words) or recording is off. */
  record(search: AnsweredSearch): string | undefined {
    if (!this.config.searchDemand) return undefined;
    const query = normalizeDemandQuery(search.keyword);
    if (!query) return undefined;
    const key: DemandKey = { day: demandDay(this.clock.now()), kind: search.kind, categoryId: search.categoryId ?? 0, query };
    const total = Math.max(0, Math.trunc(search.total));
    this.add(key, { searches: 1, zeroResults: total === 0 ? 1 : 0, resultsSum: total, opened: 0, ordered: 0 });
    return this.tokens.issue(key);
  }

  /** Counts what a search led to; a token not issued here, or expired, is refused (422). */
  followUp(token: string, action: SearchDemandFollowUp): void {
    const ticket = this.tokens.read(token);
    if (!ticket) throw new AppError(ErrorCode.VALIDATION_FAILED, 'searchDemandTokenInvalid');
    if (!this.config.searchDemand || !this.seen.firstTime(`${action}:${ticket.nonce}`, this.clock.now().getTime())) return;
    this.add(ticket.key, { ...noCounts(), [action === 'open' ? 'opened' : 'ordered']: 1 });
  }

  @Interval(FLUSH_EVERY_MS)
  scheduledFlush(): void {
    // Errors are logged by flush and the counts kept; nothing to add here.
    void this.flush().catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush().catch(() => undefined);
  }

  /** Writes everything counted so far (one flush at a time; a call during one waits for it, then writes what came since). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private add(key: DemandKey, counts: DemandCounts): void {
    const id = keyString(key);
    const held = this.pending.get(id);
    if (held) {
      addInto(held, counts);
      return;
    }
    if (this.pending.size >= KEEP_AT_MOST_KEYS) {
      this.dropped += 1;
      return;
    }
    this.pending.set(id, counts);
    if (this.pending.size >= FLUSH_AT_KEYS && !this.flushing) this.scheduledFlush();
  }

  private async write(batch: Map<string, DemandCounts>): Promise<void> {
    const entries = [...batch].map(([id, counts]) => [keyOfString(id), counts] as const);
    let written = 0;
    try {
      for (; written < entries.length; written += BATCH) await this.repository.add(entries.slice(written, written + BATCH));
    } catch (error) {
      // What was not written goes back beside what was counted meanwhile.
      for (const [key, counts] of entries.slice(written)) this.add(key, counts);
      this.logger.warn({ msg: 'search demand not written, kept for the next flush', keys: entries.length - written, error: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      if (this.dropped > 0) {
        this.logger.warn({ msg: 'search demand dropped: too many keys waiting for the database', dropped: this.dropped });
        this.dropped = 0;
      }
    }
  }
}

function addInto(target: DemandCounts, more: DemandCounts): void {
  target.searches += more.searches;
  target.zeroResults += more.zeroResults;
  target.resultsSum += more.resultsSum;
  target.opened += more.opened;
  target.ordered += more.ordered;
}
