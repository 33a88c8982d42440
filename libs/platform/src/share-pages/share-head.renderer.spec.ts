import { shareHead, type SharePage } from './share-head.js';
import { escapeHtml, renderShareHead } from './share-head.renderer.js';

/** The store's built index.html, as Vite writes it (shortened). */
const SHELL = `<!doctype html>
<html lang="zh-CN" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="流明素材 Lumen Stock：正版授权的视频、图片、音乐与音效素材。" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>流明素材</title>
    <script type="module" crossorigin src="/assets/index-Bb7AkpqX.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const ORIGIN = 'https://www.lumenstock.cn';
const page: SharePage = {
  title: 'Harbour at dawn',
  description: 'Boats leave the harbour as the sun rises.',
  path: '/Detail?id=42',
  type: 'video.other',
  image: { src: '/api/media/renditions/m/42/thumb.jpg', width: 640, height: 360 },
};

/** Every <meta> of the rendered head, by name or property (repeated ones as arrays). */
function metas(html: string): Record<string, string | string[]> {
  const found: Record<string, string | string[]> = {};
  for (const [, , key, content] of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    const previous = found[key!];
    found[key!] = previous === undefined ? content! : [previous, content!].flat();
  }
  return found;
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe('shared page head tags', () => {
  it('renders every tag of a page in English, with absolute addresses and the image size', () => {
    const html = renderShareHead(SHELL, shareHead(page, { language: 'en', origin: ORIGIN }));
    expect(titleOf(html)).toBe('Harbour at dawn | Lumen Stock');
    expect(htmlTag(html)).toBe('<html lang="en" data-theme="dark">');
    expect(metas(html)).toEqual({
      viewport: 'width=device-width, initial-scale=1',
      description: 'Boats leave the harbour as the sun rises.',
      'og:site_name': 'Lumen Stock',
      'og:type': 'video.other',
      'og:title': 'Harbour at dawn',
      'og:description': 'Boats leave the harbour as the sun rises.',
      'og:url': 'https://www.lumenstock.cn/Detail?id=42&amp;lang=en',
      'og:locale': 'en_US',
      'og:locale:alternate': 'zh_CN',
      'og:image': 'https://www.lumenstock.cn/api/media/renditions/m/42/thumb.jpg',
      'og:image:width': '640',
      'og:image:height': '360',
      'og:image:alt': 'Harbour at dawn',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Harbour at dawn',
      'twitter:description': 'Boats leave the harbour as the sun rises.',
      'twitter:image': 'https://www.lumenstock.cn/api/media/renditions/m/42/thumb.jpg',
    });
    // The shell's own title and description are replaced, not repeated; the rest of it is kept.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-Bb7AkpqX.js"></script>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('<script'));
    expect(html.endsWith('</html>\n')).toBe(true);
  });

  it('renders the same page in Chinese with the Chinese site name and locales', () => {
    const html = renderShareHead(SHELL, shareHead({ ...page, title: '黎明的港口', description: '日出时分，渔船驶离港口。' }, { language: 'zh-CN', origin: ORIGIN }));
    expect(titleOf(html)).toBe('黎明的港口 | 流明素材');
    expect(htmlTag(html)).toBe('<html lang="zh-CN" data-theme="dark">');
    expect(metas(html)).toMatchObject({
      'og:site_name': '流明素材',
      'og:title': '黎明的港口',
      description: '日出时分，渔船驶离港口。',
      'og:url': 'https://www.lumenstock.cn/Detail?id=42&amp;lang=zh',
      'og:locale': 'zh_CN',
      'og:locale:alternate': 'en_US',
    });
  });

  it('escapes what people wrote: markup, quotes, ampersands, and drops NUL and other controls', () => {
    const hostile = '</title><script>alert("x")</script> & \'quoted\' \u0000NUL\u0007 $& $1';
    const html = renderShareHead(SHELL, shareHead({ ...page, title: hostile, description: hostile }, { language: 'en', origin: ORIGIN }));
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('\u0000');
    expect(html).not.toContain('\u0007');
    const escaped = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; NUL $&amp; $1';
    expect(titleOf(html)).toBe(`${escaped} | Lumen Stock`);
    expect(metas(html)['og:title']).toBe(escaped);
    expect(metas(html)['og:description']).toBe(escaped);
    // Only the shell's own script tag remains.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('keeps text one line of bounded length, cut between characters, never inside one', () => {
    const head = shareHead({ ...page, title: `${'港'.repeat(150)}`, description: `line one\n\tline two ${'😀'.repeat(300)}` }, { language: 'zh-CN', origin: ORIGIN });
    expect([...head.ogTitle]).toHaveLength(120);
    expect(head.ogTitle.endsWith('…')).toBe(true);
    expect(head.description.startsWith('line one line two 😀')).toBe(true);
    expect([...head.description]).toHaveLength(200);
    expect(head.description).not.toMatch(/\p{Cs}/u);
    expect(shareHead({ ...page, title: 'broken \uD800 half' }, { language: 'en', origin: ORIGIN }).ogTitle).toBe('broken \uFFFD half');
  });

  it('shows the store itself, with nothing of the link, when there is no page', () => {
    for (const [language, site, description, locale] of [
      ['zh-CN', '流明素材', '正版授权的视频、图片、音乐与音效素材。', 'zh_CN'],
      ['en', 'Lumen Stock', 'Licensed stock video, photos, music and sound effects.', 'en_US'],
    ] as const) {
      const html = renderShareHead(SHELL, shareHead(null, { language, origin: ORIGIN }));
      expect(titleOf(html)).toBe(site);
      expect(metas(html)).toMatchObject({ 'og:title': site, 'og:site_name': site, description, 'og:locale': locale, 'og:type': 'website', 'twitter:card': 'summary' });
      expect(metas(html)['og:url']).toBe(`${ORIGIN}/?lang=${language === 'en' ? 'en' : 'zh'}`);
      expect(metas(html)['og:image']).toBeUndefined();
    }
  });

  it('takes absolute http(s) images as they are and refuses other schemes', () => {
    const image = (src: string) => shareHead({ ...page, image: { src } }, { language: 'en', origin: ORIGIN }).image?.url ?? null;
    expect(image('https://cdn.example.com/banner.jpg')).toBe('https://cdn.example.com/banner.jpg');
    expect(image('javascript:alert(1)')).toBeNull();
    expect(image('//evil.example.com/x.jpg')).toBeNull();
    expect(image('banner.jpg')).toBeNull();
    // No size is claimed unless the page knows it.
    const html = renderShareHead(SHELL, shareHead({ ...page, image: { src: '/cover.jpg' } }, { language: 'en', origin: ORIGIN }));
    expect(metas(html)['og:image:width']).toBeUndefined();
  });

  it('works on a shell without a title, a head or a lang attribute', () => {
    const head = shareHead(page, { language: 'en', origin: ORIGIN });
    expect(renderShareHead('<html><head><meta charset="utf-8"></head><body></body></html>', head)).toMatch(/^<html lang="en"><head><meta charset="utf-8"><title>Harbour at dawn \| Lumen Stock<\/title>[\s\S]*<\/head><body><\/body><\/html>$/);
    expect(renderShareHead('<!doctype html><html><body>x</body></html>', head)).toMatch(/^<!doctype html><html lang="en"><head><title>[\s\S]*<\/head><body>x<\/body><\/html>$/);
  });

  it('escapes the five characters that matter in text and in quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
});
