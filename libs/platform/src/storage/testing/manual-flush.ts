/** A flush that finishes when the test says so, and the flushes started so far in order (for CoalescedSync and WriteBehind). */
export function manualFlush(): { started: { path: string; finish: (error?: Error) => void }[]; flush: (path: string) => Promise<void> } {
  const started: { path: string; finish: (error?: Error) => void }[] = [];
  const flush = (path: string) =>
    new Promise<void>((resolve, reject) => started.push({ path, finish: (error) => (error ? reject(error) : resolve()) }));
  return { started, flush };
}

/** Lets promise callbacks already due run. */
export const settle = (): Promise<unknown> => new Promise((resolve) => setImmediate(resolve));
