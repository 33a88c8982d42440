import { FILTER_VALUES, type ColourSwatch } from '@mkt/contracts';

/**
 * Which named colour of the palette picker a CIELAB colour is, by its lightness, chroma and hue
 * (CIELAB's polar form, LCh): nearest-point distances to a dozen reference colours put a pale sky
 * nearer grey than blue, where a buyer sees blue. Hue bounds are in CIELAB degrees (sRGB red is
 * at about 40, yellow 102, green 136, cyan 196, blue 301, magenta 328).
 */
export function colourSwatchOf(lab: readonly [number, number, number] | readonly number[]): ColourSwatch {
  const [l, a, b] = lab as [number, number, number];
  const chroma = Math.hypot(a, b);
  if (chroma < ACHROMATIC_CHROMA + (l < 30 ? 4 : 0)) return l < 22 ? 'black' : l > 88 ? 'white' : 'grey';
  const hue = (Math.atan2(b, a) * 180) / Math.PI + (b < 0 ? 360 : 0);
  const warm = hue >= 20 && hue < 110;
  if (warm && l < 52 && chroma < 55) return 'brown';
  if (hue >= 345 || hue < 48) return l >= 62 ? 'pink' : 'red';
  if (hue < 75) return 'orange';
  if (hue < 110) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 225) return 'teal';
  if (hue < 308) return 'blue';
  return l >= 62 ? 'pink' : 'purple';
}

/** Below this chroma a colour reads as black, grey or white (a little more in the darks, where hue is hard to see). */
const ACHROMATIC_CHROMA = 10;

/** A named colour counts for a picture when its dominant colours of that name cover this share of it. */
export const COLOUR_FILTER_MIN_SHARE = 0.12;

/**
 * The colour filter's values of a picture: the named colours whose dominant colours together
 * cover at least COLOUR_FILTER_MIN_SHARE of it, in the palette's order.
 */
export function colourFilterValues(colours: readonly { lab: readonly number[]; share: number }[]): ColourSwatch[] {
  const shares = new Map<ColourSwatch, number>();
  for (const colour of colours) {
    const swatch = colourSwatchOf(colour.lab);
    shares.set(swatch, (shares.get(swatch) ?? 0) + colour.share);
  }
  return FILTER_VALUES.colour.filter((swatch) => (shares.get(swatch) ?? 0) >= COLOUR_FILTER_MIN_SHARE);
}
