import { cleanTags, cleanText, collapseSpaces, normalizeQuery, segment, stripPunctuation, toSimplified } from './text-helpers.js';

describe('catalogue text helpers (spec section 5)', () => {
  it('strips Chinese and ASCII punctuation and collapses spaces', () => {
    expect(stripPunctuation('日出，海浪！(4K)')).toBe('日出 海浪 4K ');
    expect(collapseSpaces('  a \t b\n\nc ')).toBe('a b c');
    expect(cleanText('《上海》外滩——夜景…  "night"; city!')).toBe('上海 外滩 夜景 night city');
  });

  it('folds traditional Chinese and full-width characters', () => {
    expect(toSimplified('攝影機')).toBe('摄影机');
    expect(cleanText('上海外灘夜景 縮時攝影')).toBe('上海外滩夜景 缩时摄影');
    expect(cleanText('ＡＢＣ　１２３')).toBe('ABC 123');
  });

  it('de-duplicates tags ignoring case and script, keeping the first spelling', () => {
    expect(cleanTags(['Sunset', 'sunset ', 'SUNSET', '日出', '日齣', '', '  ', '航拍!', '航拍'])).toEqual(['Sunset', '日出', '航拍']);
  });

  it('segments Han runs with jieba and lower-cases other words', () => {
    expect(segment('上海外滩夜景延时摄影')).toEqual(['上海', '外滩', '夜景', '延时', '摄影']);
    expect(segment('City 城市夜景 Timelapse, 4K')).toEqual(['city', '城市', '夜景', 'timelapse', '4k']);
    const indexed = segment('城市夜景', 'index');
    expect(indexed).toEqual(expect.arrayContaining(['城市', '夜景']));
  });

  it('normalizes queries into safe tokens', () => {
    const q = normalizeQuery("上海外灘 ' OR 1=1; --");
    expect(q.han).toEqual(['上海', '外滩']);
    expect(q.other).toEqual(['or', '1', '1']);
    for (const token of [...q.han, ...q.other]) expect(token).toMatch(/^[\p{L}\p{N}]+$/u);
    expect(normalizeQuery('   ').display).toBe('');
  });
});
