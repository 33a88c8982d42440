import { SearchDemandCalls, type SearchDemandFollowUp } from '@mkt/contracts/web';
import { post } from '../api/client';

/**
 * What a keyword search led to in this visit (the tab's session), told back to the catalogue as
 * anonymous demand figures: the last search's token, the materials opened from its results, and
 * an order placed with any of them. The server counts one "open" and one "order" per search, so
 * each is sent once per token.
 */
const KEY = 'mkt.searchDemand';
/** Searches remembered per tab: enough for a visit, small enough for sessionStorage. */
const KEPT = 20;

interface Followed {
  token: string;
  opened: number[];
}
interface Visit {
  /** The search whose results are on screen. */
  last: string | null;
  followed: Followed[];
}

function read(): Visit {
  try {
    const visit = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Visit | null;
    return visit && Array.isArray(visit.followed) ? visit : { last: null, followed: [] };
  } catch {
    return { last: null, followed: [] };
  }
}

function write(visit: Visit): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(visit));
  } catch {
    // Storage full or refused (private mode): demand figures are not worth bothering the buyer.
  }
}

/** Fire and forget, like click tracking: a failure never reaches the buyer. */
function send(token: string, action: SearchDemandFollowUp): void {
  post<null>(SearchDemandCalls.followUp, { token, action }).catch(() => undefined);
}

/** The answer shown now; its token is what the next opened result follows up. */
export function rememberSearch(token: string | undefined): void {
  const visit = read();
  if (visit.last !== (token ?? null)) write({ ...visit, last: token ?? null });
}

/** A result of the search on screen was opened. */
export function noteOpened(materialId: number): void {
  const visit = read();
  const token = visit.last;
  if (!token) return;
  const known = visit.followed.find((followed) => followed.token === token);
  if (known?.opened.includes(materialId)) return;
  if (!known) send(token, 'open');
  const followed = known ? visit.followed.map((f) => (f === known ? { ...f, opened: [...f.opened, materialId] } : f)) : [...visit.followed, { token, opened: [materialId] }];
  write({ ...visit, followed: followed.slice(-KEPT) });
}

/** An order went in with these materials: each search they were opened from led to it. */
export function noteOrdered(materialIds: readonly number[]): void {
  const visit = read();
  const ordered = visit.followed.filter((followed) => followed.opened.some((id) => materialIds.includes(id)));
  if (ordered.length === 0) return;
  for (const followed of ordered) send(followed.token, 'order');
  // Counted once: the searches are forgotten, so another order in this visit does not count them again.
  write({ ...visit, followed: visit.followed.filter((followed) => !ordered.includes(followed)) });
}
