import sharp from 'sharp';
import { SharpDocumentFileInspector } from './document-file-inspector.js';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });

describe('SharpDocumentFileInspector', () => {
  const inspector = new SharpDocumentFileInspector();

  it('takes JPEG and PNG, whatever they were called, with a small WebP preview', async () => {
    const jpeg = await inspector.image(await picture(2000, 1000).jpeg().toBuffer());
    expect(jpeg && [jpeg.contentType, jpeg.width, jpeg.height]).toEqual(['image/jpeg', 2000, 1000]);
    const preview = await sharp(jpeg!.preview).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(['webp', 640, 320]);
    const png = await inspector.image(await picture(300, 200).png().toBuffer());
    expect(png && [png.contentType, png.width, png.height]).toEqual(['image/png', 300, 200]);
  });

  it('refuses other formats, text and truncated files', async () => {
    for (const bytes of [
      await picture(100, 100).webp().toBuffer(),
      await picture(100, 100).gif().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      (await picture(800, 800).jpeg().toBuffer()).subarray(0, 400),
      Buffer.alloc(0),
    ]) {
      expect(await inspector.image(bytes)).toBeNull();
    }
  });

  it('knows a PDF by its header and end marker', () => {
    expect(inspector.isPdf(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'))).toBe(true);
    expect(inspector.isPdf(Buffer.from('%PDF-1.7\nno end marker'))).toBe(false);
    expect(inspector.isPdf(Buffer.from('PK\u0003\u0004 a zip with %%EOF'))).toBe(false);
    expect(inspector.isPdf(Buffer.alloc(0))).toBe(false);
  });
});
