import { ManualClock } from '@mkt/platform';
import type { DataSource } from 'typeorm';
import type { OutboxWriter } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { MaterialActivityCounted, entriesOfBatch } from './activity-batch.events.js';
import { ActivityCounter } from './activity-counter.js';
import { ActivityRecorder } from './activity.recorder.js';

type Written = PayloadOf<typeof MaterialActivityCounted>;
/** A written batch's entries, checked against the event's schema first. */
const entriesOf = (batch: Written) => entriesOfBatch(MaterialActivityCounted.schema.parse(batch)).map(({ day, materialId, appearances, views, favourites }) => ({ day, materialId, appearances, views, favourites }));

/** An outbox that keeps what it was given, or refuses while `down`; a data source whose transactions just run. */
function recorderWith(materialAnalytics = true) {
  const written: Written[] = [];
  const state = { down: false };
  const outbox = {
    add: async (_manager: unknown, _definition: unknown, _aggregate: string, payload: Written) => {
      if (state.down) throw new Error('database away');
      written.push(payload);
    },
  } as unknown as OutboxWriter;
  const dataSource = { transaction: (work: (manager: unknown) => Promise<unknown>) => work({}) } as unknown as DataSource;
  const clock = new ManualClock(new Date('2026-03-01T17:00:00Z'));
  return { recorder: new ActivityRecorder({ materialAnalytics }, dataSource, outbox, clock), written, state, clock };
}

describe('ActivityCounter', () => {
  it('adds a material-day up in one entry and hands out batches of the size asked', () => {
    const counter = new ActivityCounter(10);
    counter.add('2026-03-02', 7, { appearances: 1 });
    counter.add('2026-03-02', 7, { appearances: 1, views: 1 });
    counter.add('2026-03-02', 8, { favourites: 1 });
    counter.add('2026-03-03', 7, { views: 1 });
    const batches = counter.drain(2);
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    expect(batches.flat()).toContainEqual({ day: '2026-03-02', materialId: 7, appearances: 2, views: 1, favourites: 0, cartAdds: 0, sales: 0, earningsFen: 0 });
    expect(counter.size).toBe(0);
  });

  it('drops new keys beyond its bound, still adding to the keys it holds', () => {
    const counter = new ActivityCounter(1);
    counter.add('2026-03-02', 1, { views: 1 });
    counter.add('2026-03-02', 2, { views: 1 });
    counter.add('2026-03-02', 1, { views: 1 });
    expect(counter.dropped).toBe(1);
    expect(counter.drain(10)).toEqual([[expect.objectContaining({ materialId: 1, views: 2 })]]);
  });
});

describe('ActivityRecorder', () => {
  it('counts in memory under the UTC+8 day and sends one batch per flush', async () => {
    const { recorder, written } = recorderWith();
    recorder.appeared([1, 2, 1]);
    recorder.viewed(1);
    recorder.favourited(2);
    expect(written).toHaveLength(0);
    await recorder.flush();
    expect(written).toHaveLength(1);
    expect(written[0]!.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entriesOf(written[0]!)).toEqual(
      expect.arrayContaining([
        { day: '2026-03-02', materialId: 1, appearances: 2, views: 1, favourites: 0 },
        { day: '2026-03-02', materialId: 2, appearances: 1, views: 0, favourites: 1 },
      ]),
    );
    await recorder.flush();
    expect(written).toHaveLength(1);
  });

  it('writes a failed batch again under the same id, beside what was counted meanwhile', async () => {
    const { recorder, written, state } = recorderWith();
    recorder.viewed(5);
    state.down = true;
    await expect(recorder.flush()).rejects.toThrow('database away');
    recorder.viewed(5);
    state.down = false;
    await recorder.flush();
    expect(written).toHaveLength(2);
    expect(new Set(written.map((batch) => batch.batchId)).size).toBe(2);
    await recorder.flush();
    const [retried, fresh] = written;
    expect(entriesOf(retried!)).toEqual([{ day: '2026-03-02', materialId: 5, appearances: 0, views: 1, favourites: 0 }]);
    expect(entriesOf(fresh!)).toEqual([{ day: '2026-03-02', materialId: 5, appearances: 0, views: 1, favourites: 0 }]);
  });

  it('keeps the id of a batch whose write failed', async () => {
    const { recorder, written, state } = recorderWith();
    const ids: string[] = [];
    const outbox = (recorder as unknown as { outbox: { add: (...args: unknown[]) => Promise<void> } }).outbox;
    const add = outbox.add;
    outbox.add = async (...args: unknown[]) => {
      ids.push((args[3] as Written).batchId);
      return add(...args);
    };
    recorder.appeared([9]);
    state.down = true;
    await expect(recorder.flush()).rejects.toThrow();
    state.down = false;
    await recorder.flush();
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(written).toHaveLength(1);
  });

  it('counts nothing when switched off', async () => {
    const { recorder, written } = recorderWith(false);
    recorder.appeared([1]);
    recorder.viewed(1);
    recorder.favourited(1);
    await recorder.flush();
    expect(written).toHaveLength(0);
  });
});
