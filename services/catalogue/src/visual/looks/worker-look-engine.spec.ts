import { MessageChannel } from 'node:worker_threads';
import { seededRandom } from '@mkt/platform';
import { randomLook } from '@mkt/platform/testing';
import { LookIndex, type LookWeights } from '@mkt/platform/visual';
import { InThreadLookEngine } from './look-engine.js';
import { LookWorkerEndpoint } from './look-worker.endpoint.js';
import { WorkerLookEngine } from './worker-look-engine.js';

/** The worker's protocol on a channel of this thread: the same messages, copied the same way. */
function engineOverChannel() {
  const { port1, port2 } = new MessageChannel();
  new LookWorkerEndpoint(new LookIndex(), port1);
  const engine = new WorkerLookEngine(port2, async () => {
    port1.close();
    port2.close();
  });
  return engine;
}

const WEIGHTS: LookWeights[] = [
  { colour: 1, composition: 1 },
  { colour: 1, composition: 0 },
  { colour: 0, composition: 1 },
];

describe('WorkerLookEngine', () => {
  it('answers what the looks in this thread answer, through puts, replacements and removals made before each question', async () => {
    const next = seededRandom(11);
    const engine = engineOverChannel();
    const here = new InThreadLookEngine();
    try {
      const batch = Array.from({ length: 800 }, (_, i) => ({ materialId: i + 1, look: randomLook(next) }));
      engine.put(batch);
      here.put(batch);
      for (let round = 0; round < 30; round++) {
        // Writes are not awaited: a question asked after them must see them.
        for (let op = 0; op < 20; op++) {
          const id = 1 + Math.floor(next() * 1_000);
          if (next() < 0.3) {
            engine.remove(id);
            here.remove(id);
          } else {
            const look = randomLook(next);
            engine.put([{ materialId: id, look }]);
            here.put([{ materialId: id, look }]);
          }
        }
        const query = randomLook(next);
        const weights = WEIGHTS[round % WEIGHTS.length]!;
        const exclude = round % 2 === 0 ? 1 + Math.floor(next() * 1_000) : undefined;
        const [theirs, ours] = await Promise.all([engine.nearest(query, weights, 50, exclude), here.nearest(query, weights, 50, exclude)]);
        expect(theirs).toEqual(ours);
        expect(theirs).toHaveLength(50);
        if (exclude !== undefined) expect(theirs.map((match) => match.materialId)).not.toContain(exclude);
        const asked = 1 + Math.floor(next() * 1_000);
        expect(await engine.get(asked)).toEqual(await here.get(asked));
      }
      expect(engine.size).toEqual(here.size);
      expect(engine.failure).toBeNull();
    } finally {
      await engine.close();
    }
  });

  it('rejects what is asked once its worker has failed, and drops writes until the looks are built again', async () => {
    const engine = engineOverChannel();
    try {
      engine.put([{ materialId: 1, look: randomLook(seededRandom(3)) }]);
      const asked = engine.get(1);
      engine.fail(new Error('look worker exited with code 1'));
      await expect(asked).rejects.toThrow('exited with code 1');
      await expect(engine.nearest(randomLook(seededRandom(4)), WEIGHTS[0]!, 5)).rejects.toThrow('exited with code 1');
      expect(() => engine.put([{ materialId: 2, look: randomLook(seededRandom(5)) }])).not.toThrow();
      expect(engine.failure?.message).toContain('exited with code 1');
    } finally {
      await engine.close();
    }
  });

  it('reports a write the looks cannot take as the engine failing', async () => {
    const { port1, port2 } = new MessageChannel();
    new LookWorkerEndpoint(new LookIndex(), port1);
    const engine = new WorkerLookEngine(port2, async () => {
      port1.close();
      port2.close();
    });
    try {
      // A batch without its columns, as no caller of put() can send: the endpoint must say so.
      port2.postMessage({ op: 'put', looks: null });
      // The failure is reported before the answer to a question asked after the write.
      await expect(engine.get(1)).rejects.toThrow('look index write failed in its worker');
      expect(engine.failure?.message).toContain('look index write failed in its worker');
    } finally {
      await engine.close();
    }
  });
});
