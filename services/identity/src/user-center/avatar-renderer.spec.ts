import sharp from 'sharp';
import { SharpAvatarRenderer } from './avatar-renderer.js';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } });

describe('SharpAvatarRenderer', () => {
  const renderer = new SharpAvatarRenderer();

  it.each([
    ['jpeg', () => picture(1200, 800).jpeg().toBuffer()],
    ['png', () => picture(100, 300).png().toBuffer()],
    ['webp', () => picture(64, 64).webp().toBuffer()],
  ])('turns a %s into a 256 px WebP square', async (_name, make) => {
    const out = await renderer.render(await make());
    expect(out).not.toBeNull();
    const meta = await sharp(out!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('refuses anything that is not a whole JPEG, PNG or WebP', async () => {
    const jpeg = await picture(400, 400).jpeg().toBuffer();
    expect(await renderer.render(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await renderer.render(await picture(20, 20).gif().toBuffer())).toBeNull();
    expect(await renderer.render(jpeg.subarray(0, 200))).toBeNull();
    expect(await renderer.render(Buffer.alloc(0))).toBeNull();
  });
});
