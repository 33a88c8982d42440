import { CoalescedSync } from './coalesced-sync.js';
import { manualFlush, settle } from './testing/manual-flush.js';

describe('CoalescedSync', () => {
  it('gives callers who ask during a flush one shared flush that starts after it', async () => {
    const { started, flush } = manualFlush();
    const syncs = new CoalescedSync(flush);
    const first = syncs.sync('/data');
    await settle();
    expect(started).toHaveLength(1);
    // These wrote after the running flush began: it may not carry their bytes.
    let laterDone = 0;
    const later = [syncs.sync('/data'), syncs.sync('/data'), syncs.sync('/data')].map((p) => p.then(() => laterDone++));
    await settle();
    expect(started).toHaveLength(1);
    started[0]!.finish();
    await first;
    await settle();
    expect(laterDone).toBe(0);
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await Promise.all(later);
    expect(laterDone).toBe(3);
    // Idle again: the next caller starts a flush at once.
    void syncs.sync('/data');
    await settle();
    expect(started).toHaveLength(3);
    started[2]!.finish();
  });

  it('keeps paths apart and passes a failed flush to its callers only', async () => {
    const { started, flush } = manualFlush();
    const syncs = new CoalescedSync(flush);
    const a = syncs.sync('/a');
    const b = syncs.sync('/b');
    await settle();
    expect(started.map((s) => s.path)).toEqual(['/a', '/b']);
    const afterA = syncs.sync('/a');
    started[0]!.finish(new Error('disk gone'));
    await expect(a).rejects.toThrow('disk gone');
    await settle();
    started[2]!.finish();
    await expect(afterA).resolves.toBeUndefined();
    started[1]!.finish();
    await expect(b).resolves.toBeUndefined();
  });
});
