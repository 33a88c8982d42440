/**
 * The picture shown for a track: its own cover, or, for a track published without one, a cover
 * drawn here (a colour of its own and a note), so no row, detail or player shows an empty square.
 */
export function trackCover(music: { coverStr?: string | null; musicId: number }): string {
  if (music.coverStr) return music.coverStr;
  // Neighbouring ids land far apart on the colour wheel.
  const hue = (music.musicId * 137) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 46%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 55% 22%)"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#g)"/>` +
    `<path d="M44 30v30.5a9 9 0 1 0 5 8V42l17-4v16.5a9 9 0 1 0 5 8V24z" fill="#fff" fill-opacity="0.7" transform="translate(50 50) scale(0.6) translate(-53 -50)"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
