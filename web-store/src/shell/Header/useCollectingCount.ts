import { ContestCalls, type ContestListResponse } from '@mkt/contracts/web';
import { useEffect, useState } from 'react';
import { post } from '../../api/client';

let cached: Promise<number> | null = null;

/**
 * How many contests take entries now, for the header's contests entry (spec: "the menu shows the
 * count of contests in progress"). Asked once per page load: the count changes a few times a year.
 */
export function useCollectingCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    cached ??= post<ContestListResponse>(ContestCalls.gameList, { pageNo: 1, pageSize: 1 })
      .then((answer) => answer.collectingGameCount)
      .catch(() => {
        cached = null;
        return 0;
      });
    let live = true;
    void cached.then((value) => live && setCount(value));
    return () => {
      live = false;
    };
  }, []);
  return count;
}
