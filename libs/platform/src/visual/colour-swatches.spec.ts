import { converter } from 'culori';
import { COLOUR_SWATCH_HEX, FILTER_VALUES, type ColourSwatch } from '@mkt/contracts';
import { colourFilterValues, colourSwatchOf } from './colour-swatches.js';

const toLab = converter('lab');
const labOf = (hex: string): [number, number, number] => {
  const lab = toLab(hex)!;
  return [lab.l, lab.a, lab.b];
};

describe('colourSwatchOf', () => {
  it('names each swatch of the palette picker as itself', () => {
    for (const swatch of FILTER_VALUES.colour) expect([swatch, colourSwatchOf(labOf(COLOUR_SWATCH_HEX[swatch]))]).toEqual([swatch, swatch]);
  });

  it.each<[string, ColourSwatch]>([
    ['#87ceeb', 'blue'], // a pale sky is blue, not grey
    ['#000080', 'blue'],
    ['#ff0000', 'red'],
    ['#8b0000', 'red'],
    ['#ff8c00', 'orange'],
    ['#ffd700', 'yellow'],
    ['#228b22', 'green'],
    ['#008080', 'teal'],
    ['#00ffff', 'teal'],
    ['#800080', 'purple'],
    ['#ffc0cb', 'pink'],
    ['#ff69b4', 'pink'],
    ['#8b4513', 'brown'],
    ['#4b3621', 'brown'],
    ['#0000ff', 'blue'],
    ['#ff00ff', 'purple'],
    ['#0a0a0a', 'black'],
    ['#1c1c24', 'black'],
    ['#808080', 'grey'],
    ['#fafafa', 'white'],
  ])('%s is %s', (hex, swatch) => {
    expect(colourSwatchOf(labOf(hex))).toBe(swatch);
  });
});

describe('colourFilterValues', () => {
  it('keeps the named colours covering enough of the picture, their shares added up, in palette order', () => {
    const colours = [
      { lab: labOf('#2f64c8'), share: 0.5 },
      { lab: labOf('#fafafa'), share: 0.3 },
      { lab: labOf('#ff0000'), share: 0.07 },
      { lab: labOf('#8b0000'), share: 0.06 },
      { lab: labOf('#228b22'), share: 0.07 },
    ];
    // red 0.07 + 0.06 = 0.13 counts; green's 0.07 alone does not.
    expect(colourFilterValues(colours)).toEqual(['red', 'blue', 'white']);
  });

  it('gives a picture without colours none', () => {
    expect(colourFilterValues([])).toEqual([]);
  });
});
