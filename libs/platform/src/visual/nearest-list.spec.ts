import { seededRandom } from '../random/seeded-random.js';
import { NearestList } from './nearest-list.js';

describe('NearestList', () => {
  it('keeps the nearest `limit` of a stream, nearest first, ties by the smaller id, as sorting all of them would', () => {
    const random = seededRandom(3);
    for (const limit of [0, 1, 2, 7, 100]) {
      const pairs = Array.from({ length: 500 }, (_, id) => ({ id, distance: Math.floor(random() * 40) / 4 }));
      const list = new NearestList(limit);
      for (const { id, distance } of pairs) if (list.wants(distance)) list.offer(id, distance);
      const expected = [...pairs].sort((a, b) => a.distance - b.distance || a.id - b.id).slice(0, limit);
      expect(list.sorted()).toEqual(expected);
    }
  });

  it('refuses a limit that is not a whole number', () => {
    expect(() => new NearestList(-1)).toThrow(RangeError);
    expect(() => new NearestList(1.5)).toThrow(RangeError);
  });
});
