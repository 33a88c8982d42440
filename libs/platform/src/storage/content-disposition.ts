/**
 * `Content-Disposition: attachment` for a download name in any language (RFC 6266): old clients
 * read the ASCII `filename`, current ones the UTF-8 `filename*`, so 样片.mp4 is saved as 样片.mp4.
 * Used for local links and passed to S3 as `response-content-disposition`, so both answer alike.
 */
export function attachmentDisposition(downloadName: string): string {
  const asciiFallback = downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${utf8}`;
}

/**
 * Types a browser only displays (pictures, players, PDF, plain text). Anything else that an
 * uploader could label (HTML, SVG, XML, scripts) might run in our origin if opened, so it is
 * only ever offered as a download, in a sandbox.
 */
const DISPLAY_ONLY_TYPE = /^(image\/(jpeg|png|gif|webp|avif|bmp)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|text\/plain)(;|$)/i;

export function isDisplayOnlyType(contentType: string): boolean {
  return DISPLAY_ONLY_TYPE.test(contentType.trim());
}
