import sharp from 'sharp';
import { SharpIdPhotoInspector } from './id-photo-inspector.js';

const inspector = new SharpIdPhotoInspector();
const picture = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } });

describe('ID-card photo inspector', () => {
  it('takes JPEG and PNG by their content', async () => {
    await expect(inspector.inspect(await picture().jpeg().toBuffer())).resolves.toEqual({ contentType: 'image/jpeg', width: 40, height: 30 });
    await expect(inspector.inspect(await picture().png().toBuffer())).resolves.toEqual({ contentType: 'image/png', width: 40, height: 30 });
  });

  it('refuses other images, text and a truncated JPEG', async () => {
    await expect(inspector.inspect(await picture().gif().toBuffer())).resolves.toBeNull();
    await expect(inspector.inspect(Buffer.from('<html>not a photo</html>'))).resolves.toBeNull();
    await expect(inspector.inspect(Buffer.alloc(0))).resolves.toBeNull();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    await expect(inspector.inspect(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).resolves.toBeNull();
  });
});
