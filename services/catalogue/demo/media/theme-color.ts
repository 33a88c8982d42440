import type { Sharp } from 'sharp';

/** '#rrggbb' from 0–255 channels. */
export function toHexColor({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`;
}

/** The image's dominant colour (sharp's histogram bins), for placeholders while media loads. */
export async function dominantColor(image: Sharp): Promise<string> {
  const { dominant } = await image.stats();
  return toHexColor(dominant);
}
