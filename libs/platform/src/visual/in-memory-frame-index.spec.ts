import { inMemoryFrameIndexEngine } from './in-memory-frame-index.js';

const halves = (hash: bigint) => [Number(hash >> 32n), Number(hash & 0xffffffffn)] as const;

describe('the in-memory frame index behind the port', () => {
  it('is loaded from stored rows, then answers, takes and forgets materials', async () => {
    const loader = inMemoryFrameIndexEngine.loader();
    const stored = 0xf0f0_0f0f_aaaa_5555n;
    loader.add(7, 0, ...halves(stored));
    loader.add(7, 2000, ...halves(stored ^ 0xffn));
    loader.add(8, 0, ...halves(~stored & 0xffff_ffff_ffff_ffffn));
    const index = await loader.build();
    expect(index.size).toMatchObject({ frames: 3, materials: 2 });
    expect(await index.search(stored ^ 0b11n, 4, 10)).toEqual([{ materialId: 7, timeMs: 0, distance: 2 }]);

    await index.put(9, [{ timeMs: 4000, hash: stored ^ 0b1n }]);
    expect((await index.search(stored, 4, 10)).map((match) => match.materialId)).toEqual([7, 9]);
    expect((await index.search(stored, 4, 10, (id) => id !== 7)).map((match) => match.materialId)).toEqual([9]);
    await index.remove(7);
    expect(await index.search(stored, 4, 10)).toEqual([{ materialId: 9, timeMs: 4000, distance: 1 }]);
    expect(index.size.materials).toBe(2);
  });
});
