import { seededRandom } from '../random/seeded-random.js';
import { LookIndex, lookDistance, type Look, type LookWeights } from './look-index.js';
import { randomLook } from './testing/random-look.js';

/** What the index stores: a byte per value, as encode() keeps it. */
const quantized = (look: Look): Look => ({
  colours: look.colours.map((colour) => ({
    lab: [Math.round(colour.lab[0] * 2.55) / 2.55, Math.round(colour.lab[1]), Math.round(colour.lab[2])],
    share: Math.max(1, Math.round(colour.share * 255)) / 255,
  })),
  composition: look.composition,
});

describe('LookIndex', () => {
  const weightsToTry: LookWeights[] = [
    { colour: 1, composition: 0 },
    { colour: 0, composition: 1 },
    { colour: 1, composition: 1 },
  ];

  it('answers the nearest looks as a brute-force scan does, before and after replacements and removals', () => {
    const next = seededRandom(7);
    const index = new LookIndex();
    const looks = new Map<number, Look>();
    for (let id = 1; id <= 1_500; id++) {
      const look = randomLook(next);
      looks.set(id, look);
      index.put(id, look);
    }
    const check = () => {
      for (let q = 0; q < 40; q++) {
        const query = randomLook(next);
        const weights = weightsToTry[q % weightsToTry.length]!;
        const accept = (id: number) => id % 7 !== 0;
        const expected = [...looks]
          .filter(([id]) => accept(id))
          .map(([materialId, look]) => ({ materialId, distance: lookDistance(quantized(query), quantized(look), weights) }))
          .sort((a, b) => a.distance - b.distance || a.materialId - b.materialId)
          .slice(0, 12);
        const actual = index.nearest(query, weights, 12, accept);
        expect(actual.map((match) => match.materialId)).toEqual(expected.map((match) => match.materialId));
        actual.forEach((match, i) => expect(match.distance).toBeCloseTo(expected[i]!.distance, 9));
      }
    };
    check();
    for (let change = 0; change < 300; change++) {
      const id = 1 + Math.floor(next() * 1_600);
      if (next() < 0.5) {
        index.remove(id);
        looks.delete(id);
      } else {
        const look = randomLook(next);
        index.put(id, look);
        looks.set(id, look);
      }
    }
    expect(index.size).toBe(looks.size);
    check();
  });

  it('puts the same colours in other proportions near and other colours far', () => {
    const grid = new Uint8Array(32).fill(128);
    const warm: Look = { colours: [{ lab: [60, 40, 60], share: 0.7 }, { lab: [20, 5, 10], share: 0.3 }], composition: grid };
    const warmer: Look = { colours: [{ lab: [60, 40, 60], share: 0.4 }, { lab: [20, 5, 10], share: 0.6 }], composition: grid };
    const cold: Look = { colours: [{ lab: [50, -10, -50], share: 1 }], composition: grid };
    const colourOnly = { colour: 1, composition: 0 };
    expect(lookDistance(warm, warmer, colourOnly)).toBe(0);
    expect(lookDistance(warm, cold, colourOnly)).toBeGreaterThan(0.8);
    expect(lookDistance(warm, warm, { colour: 1, composition: 1 })).toBe(0);
  });

  it('answers exactly among many looks alike and equally far (ties by id), where bounds are tightest', () => {
    const next = seededRandom(19);
    const index = new LookIndex();
    const looks = new Map<number, Look>();
    const themes = Array.from({ length: 6 }, () => randomLook(next));
    for (let id = 1; id <= 2_000; id++) {
      const theme = themes[id % themes.length]!;
      // Copies of a few looks, some with one colour or one grid byte moved a little.
      const look: Look = {
        colours: theme.colours.map((colour, i) => ({ ...colour, lab: i === 0 && id % 3 === 0 ? [colour.lab[0], colour.lab[1] + 2, colour.lab[2]] : colour.lab })),
        composition: theme.composition.map((value, i) => (i === id % 32 && id % 5 === 0 ? Math.min(255, value + 9) : value)),
      };
      looks.set(id, look);
      index.put(id, look);
    }
    for (let q = 0; q < 30; q++) {
      const query = q % 2 ? themes[q % themes.length]! : randomLook(next);
      const weights = weightsToTry[q % weightsToTry.length]!;
      const expected = [...looks]
        .map(([materialId, look]) => ({ materialId, distance: lookDistance(quantized(query), quantized(look), weights) }))
        .sort((a, b) => a.distance - b.distance || a.materialId - b.materialId)
        .slice(0, 50);
      expect(index.nearest(query, weights, 50).map((match) => match.materialId)).toEqual(expected.map((match) => match.materialId));
    }
  });

  it('keeps 87 bytes a material (the look, its bounds and its id), and at most as much again of room to grow', () => {
    const index = new LookIndex();
    const next = seededRandom(3);
    for (let id = 1; id <= 20_000; id++) index.put(id, randomLook(next));
    expect(index.memoryBytes() / index.size).toBeLessThanOrEqual(2 * 87);
  });
});
