import { join, resolve } from 'node:path';
import { findInitialScripts, findTags, parseAttributes, resolveAssetPath } from './html-entry.mjs';

const viteIndex = `<!doctype html>
<html lang="zh-CN">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-DL2dWxYS.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-WkwZ5CU-.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-p9JIOiOI.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3yALhl0Q.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('parseAttributes', () => {
  it('reads double-quoted, single-quoted, unquoted and value-less attributes', () => {
    expect(parseAttributes(` type="module" src='/a.js' data-x=1 crossorigin`)).toEqual({
      type: 'module',
      src: '/a.js',
      'data-x': '1',
      crossorigin: '',
    });
  });

  it('lower-cases names and keeps the first of a repeated attribute', () => {
    expect(parseAttributes(` SRC="/first.js" src="/second.js"`)).toEqual({ src: '/first.js' });
  });
});

describe('findTags', () => {
  it('skips commented-out tags and does not confuse a longer tag name', () => {
    const html = `<!-- <script type="module" src="/old.js"></script> --><scripts></scripts><script src="/x.js"></script>`;
    expect(findTags(html, 'script')).toEqual([{ src: '/x.js' }]);
  });
});

describe('findInitialScripts', () => {
  it('finds the module entry and the module preloads of a Vite build, not the stylesheet or icon', () => {
    expect(findInitialScripts(viteIndex)).toEqual({
      entries: ['/assets/index-DL2dWxYS.js'],
      preloads: ['/assets/rolldown-runtime-WkwZ5CU-.js', '/assets/vendor-react-p9JIOiOI.js'],
    });
  });

  it('ignores inline modules, classic scripts and nomodule fallbacks, and lists each file once', () => {
    const html = `
      <script type="module">import('/inline.js')</script>
      <script src="/classic.js"></script>
      <script nomodule src="/legacy.js"></script>
      <SCRIPT TYPE="Module" SRC="/entry.js"></SCRIPT>
      <link rel="modulepreload" href="/entry.js">
      <link rel="preload modulepreload" href="/chunk.js">
      <link rel="modulepreload" href="/chunk.js">`;
    expect(findInitialScripts(html)).toEqual({ entries: ['/entry.js'], preloads: ['/chunk.js'] });
  });
});

describe('resolveAssetPath', () => {
  const dist = resolve('/srv/web-store/dist');

  it('maps root-relative, dot-relative and plain paths into the dist folder, without query or hash', () => {
    expect(resolveAssetPath(dist, '/assets/a.js')).toBe(join(dist, 'assets/a.js'));
    expect(resolveAssetPath(dist, './assets/a.js?v=2')).toBe(join(dist, 'assets/a.js'));
    expect(resolveAssetPath(dist, 'assets/a.js#x')).toBe(join(dist, 'assets/a.js'));
  });

  it('strips the site base path', () => {
    expect(resolveAssetPath(dist, '/admin/assets/a.js', '/admin/')).toBe(join(dist, 'assets/a.js'));
  });

  it('refuses other origins, data URLs and paths leaving the folder', () => {
    expect(resolveAssetPath(dist, 'https://cdn.example.com/a.js')).toBeNull();
    expect(resolveAssetPath(dist, '//cdn.example.com/a.js')).toBeNull();
    expect(resolveAssetPath(dist, 'data:text/javascript,1')).toBeNull();
    expect(resolveAssetPath(dist, '/../secrets.js')).toBeNull();
    expect(resolveAssetPath(dist, '/assets/%2e%2e/%2e%2e/x.js')).toBeNull();
  });
});
