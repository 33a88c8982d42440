import { sweepStorage, sweepStorageQuietly, type StorageSweep } from './storage-sweep.js';

function recordingLogger() {
  const lines: { level: 'log' | 'warn'; message: Record<string, unknown> }[] = [];
  return { lines, log: (message: object) => lines.push({ level: 'log', message: message as Record<string, unknown> }), warn: (message: object) => lines.push({ level: 'warn', message: message as Record<string, unknown> }) };
}

/** Items 1..n taken `limit` at a time; `failing` ones cannot be freed. */
function sweepOf(n: number, failing: number[] = []) {
  const left = Array.from({ length: n }, (_, i) => i + 1);
  const takes: number[] = [];
  const freed: number[] = [];
  const sweep: StorageSweep<number> = {
    what: 'test items',
    take: async (limit) => {
      const batch = left.splice(0, limit);
      takes.push(batch.length);
      return batch;
    },
    free: async (item) => {
      if (failing.includes(item)) throw new Error(`no ${item}`);
      freed.push(item);
    },
    describe: (item) => ({ item }),
  };
  return { sweep, takes, freed };
}

describe('sweepStorage', () => {
  it('takes batches until one comes back short and frees every item taken', async () => {
    const { sweep, takes, freed } = sweepOf(5);
    const logger = recordingLogger();
    expect(await sweepStorage(sweep, logger, 2)).toBe(5);
    expect(takes).toEqual([2, 2, 1]);
    expect(freed).toEqual([1, 2, 3, 4, 5]);
    expect(logger.lines).toEqual([{ level: 'log', message: { msg: 'test items removed', count: 5 } }]);
  });

  it('asks once more after a full last batch, and logs nothing when there was nothing', async () => {
    const full = sweepOf(4);
    expect(await sweepStorage(full.sweep, recordingLogger(), 2)).toBe(4);
    expect(full.takes).toEqual([2, 2, 0]);
    const empty = sweepOf(0);
    const logger = recordingLogger();
    expect(await sweepStorage(empty.sweep, logger)).toBe(0);
    expect(logger.lines).toEqual([]);
  });

  it('logs an item whose storage could not be freed and goes on with the others', async () => {
    const { sweep, freed } = sweepOf(3, [2]);
    const logger = recordingLogger();
    expect(await sweepStorage(sweep, logger)).toBe(3);
    expect(freed).toEqual([1, 3]);
    expect(logger.lines[0]).toEqual({ level: 'warn', message: { msg: 'test items: storage left behind', item: 2, error: 'Error: no 2' } });
  });

  it('throws a failed take; the quiet form logs it instead', async () => {
    const sweep: StorageSweep<number> = { what: 'test items', take: () => Promise.reject(new Error('database down')), free: async () => undefined, describe: () => ({}) };
    await expect(sweepStorage(sweep, recordingLogger())).rejects.toThrow('database down');
    const logger = recordingLogger();
    await expect(sweepStorageQuietly(sweep, logger)).resolves.toBeUndefined();
    expect(logger.lines).toEqual([{ level: 'warn', message: { msg: 'test items not swept; the next run tries again', error: 'Error: database down' } }]);
  });
});
