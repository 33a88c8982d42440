import { ADMIN_API_PREFIX, type StandingView } from '@mkt/contracts';
import { httpClient } from '../../providers';

/** What publishing answers: how many entries were ranked, prizes awarded and participants given points. */
export interface PublishedResults {
  contestId: number;
  publishedAt: string;
  ranked: number;
  awards: number;
  participants: number;
}

/** A judge as the console lists them; the key itself is never kept, only its last characters. */
export interface JudgeRecord {
  id: string;
  contestId: number;
  name: string;
  keyHint: string;
  trackIds: number[];
  revokedAt: string | null;
  createdAt: string;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await httpClient(`${ADMIN_API_PREFIX}${path}`, init);
  return response.json as T;
}

const post = <T>(path: string, body?: object) => call<T>(path, { method: 'POST', ...(body ? { body: JSON.stringify(body) } : {}) });
const id = (value: string | number) => encodeURIComponent(String(value));

/** The contests calls beyond simple REST: standings, publishing, judges' keys and entry review. */
export const contestCalls = {
  standings: (contestId: number) => call<StandingView[]>(`/contests/${id(contestId)}/standings`),
  publishResults: (contestId: number) => post<PublishedResults>(`/contests/${id(contestId)}/publish-results`),
  /**
   * Straight to the API rather than through react-admin's create, whose cache would keep the
   * answer: it carries the judge's key, which must live only in the dialog that shows it.
   */
  createJudge: (body: { contestId: number; name: string; trackIds: number[] }) => post<JudgeRecord & { key: string }>('/contest-judges', body),
  revokeJudge: (judgeId: string) => post<JudgeRecord>(`/contest-judges/${id(judgeId)}/revoke`),
  approveEntry: (entryId: number) => post<unknown>(`/contest-entries/${id(entryId)}/approve`),
  rejectEntry: (entryId: number, reason: string) => post<unknown>(`/contest-entries/${id(entryId)}/reject`, { reason: reason.trim() }),
};
