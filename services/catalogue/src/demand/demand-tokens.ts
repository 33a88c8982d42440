import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_DEMAND_KINDS, SEARCH_DEMAND_LIMITS, type SearchDemandKind } from '@mkt/contracts';
import { APP_CONFIG, Clock, SignedGrants, resolveSecrets, type AppConfig } from '@mkt/platform';
import type { DemandKey } from './demand-key.js';

/** Its own purpose, so no other grant signed with the token secret reads as a demand token. */
export const SEARCH_DEMAND_PURPOSE = 'search-demand';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A follow-up's key and the search it follows (the nonce: one follow-up of each action per search). */
export interface DemandTicket {
  key: DemandKey;
  nonce: string;
}

/**
 * The key a search was counted under, signed into its answer, so a follow-up ("opened", "ordered")
 * can only add to a key the server counted a search under, and only within a visit.
 */
@Injectable()
export class SearchDemandTokens {
  private readonly grants: SignedGrants;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.grants = new SignedGrants(resolveSecrets(config).token, SEARCH_DEMAND_PURPOSE);
  }

  issue(key: DemandKey): string {
    const expires = new Date(this.clock.now().getTime() + SEARCH_DEMAND_LIMITS.tokenHours * 3_600_000);
    return this.grants.issue({ d: key.day, k: key.kind, c: key.categoryId, q: key.query, n: randomBytes(9).toString('base64url') }, expires);
  }

  /** The ticket of a token this service issued and that has not expired; null for anything else. */
  read(token: string): DemandTicket | null {
    const claims = this.grants.read(token, this.clock.now());
    if (!claims) return null;
    const { d, k, c, q, n } = claims;
    const valid =
      typeof d === 'string' && DAY.test(d) &&
      SEARCH_DEMAND_KINDS.includes(k as SearchDemandKind) &&
      typeof c === 'number' && Number.isInteger(c) && c >= 0 &&
      typeof q === 'string' && q.length > 0 &&
      typeof n === 'string';
    return valid ? { key: { day: d, kind: k as SearchDemandKind, categoryId: c, query: q }, nonce: n } : null;
  }
}
