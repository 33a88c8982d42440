// fontkit ships no types; pdfkit only needs the parsed font back, so this says no more than that.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): object;
}
