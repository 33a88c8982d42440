import { type DependencyList, useCallback, useEffect, useState } from 'react';

export interface Remote<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Loads data when the dependencies change, dropping answers that arrive after a newer request
 * started (fast paging or filter clicks must never show an older page).
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Remote<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    load(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ data: null, error, loading: false });
      });
    return () => controller.abort();
    // The caller names what the load depends on; `load` itself is a fresh closure every render.
  }, [...deps, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
