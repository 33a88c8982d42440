import { formatMessage, messageWords } from '../messages.js';
import { CLOUD_STORAGE_HOSTS, isCloudStorageHost, onlineLinkProblem, SIGNING_STATUSES, signingDraftProblems, type SigningDraft } from './signing.js';
import { signingFileLinkSchema, signingRejectSchema, signingSubmitSchema } from './signing-schemas.js';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

const draft = (change: Partial<SigningDraft> = {}): SigningDraft => ({
  platforms: [{ platform: 'xinpianchang', url: 'https://www.xinpianchang.com/u123' }],
  videoLinks: ['https://www.bilibili.com/video/BV1xx411c7mD'],
  realName: '张三',
  idNumber: '11010519491231002X',
  address: '北京市朝阳区某路 1 号',
  wechatId: 'lumen_2024',
  quantity: 120,
  creationForms: ['aerial'],
  themes: ['landscape'],
  imageIds: ids(20),
  ...change,
});

describe('the cloud-storage host rule', () => {
  it.each([
    'pan.baidu.com',
    'PAN.BAIDU.COM.',
    'yun.baidu.com',
    'www.aliyundrive.com',
    'alipan.com',
    'cloud.189.cn',
    'share.weiyun.com',
    '115.com',
    'lanzoux.com',
    'wwi.lanzoup.com',
    'www.lanzou.com',
    'pan.quark.cn',
    'drive.google.com',
    'www.dropbox.com',
    'dl.dropboxusercontent.com',
    'onedrive.live.com',
    '1drv.ms',
    'www.icloud.com',
  ])('refuses %s', (host) => {
    expect(isCloudStorageHost(host)).toBe(true);
  });

  it.each(['www.bilibili.com', 'v.douyin.com', 'vimeo.com', 'www.youtube.com', 'www.xinpianchang.com', 'baidu.com', 'google.com', 'notdropbox.com', 'my115.com', 'lanzou.example.org'])(
    'lets %s through',
    (host) => {
      expect(isCloudStorageHost(host)).toBe(false);
    },
  );

  it('keeps every entry a lower-case host or a family ending in *', () => {
    for (const entry of CLOUD_STORAGE_HOSTS) expect(entry).toMatch(/^([a-z0-9-]+\.)+[a-z]+$|^[a-z0-9-]+\*$/);
  });

  it('takes only http(s) links to a named host, and names cloud drives apart', () => {
    expect(onlineLinkProblem('https://vimeo.com/123')).toBeNull();
    expect(onlineLinkProblem(' http://www.bilibili.com/video/1 ')).toBeNull();
    expect(onlineLinkProblem('https://pan.baidu.com/s/1abc')).toBe('cloudStorage');
    expect(onlineLinkProblem('https://www.LANZOUI.com/abc')).toBe('cloudStorage');
    for (const bad of ['', 'vimeo.com/123', 'ftp://vimeo.com/1', 'javascript:alert(1)', 'file:///etc/passwd', 'http://localhost/x', 'http://192.168.1.2/v.mp4', 'http://[::1]/v', 'https://user:pw@vimeo.com/1', 'https://vimeo.123/1']) {
      expect([bad, onlineLinkProblem(bad)]).toEqual([bad, 'invalid']);
    }
  });
});

describe('signing application rules', () => {
  it('accepts a complete application with 20 images', () => {
    expect(signingDraftProblems(draft())).toEqual([]);
    expect(signingDraftProblems(draft({ videoLinks: [], imageIds: ids(40) }))).toEqual([]);
  });

  it('names each broken rule by field', () => {
    expect(signingDraftProblems(draft({ imageIds: ids(19) }))).toEqual([{ field: 'imageIds', rule: 'tooFew' }]);
    expect(signingDraftProblems(draft({ imageIds: ids(41) }))).toEqual([{ field: 'imageIds', rule: 'tooMany' }]);
    expect(signingDraftProblems(draft({ imageIds: [...ids(20), ids(1)[0]!] }))).toEqual([{ field: 'imageIds', rule: 'duplicate' }]);
    expect(signingDraftProblems(draft({ platforms: [] }))).toEqual([{ field: 'platforms', rule: 'required' }]);
    expect(signingDraftProblems(draft({ platforms: [{ platform: 'bilibili', url: 'space.bilibili.com' }] }))).toEqual([{ field: 'platforms', rule: 'invalid', index: 0 }]);
    expect(signingDraftProblems(draft({ videoLinks: ['https://vimeo.com/1', 'https://pan.baidu.com/s/1'] }))).toEqual([{ field: 'videoLinks', rule: 'cloudStorage', index: 1 }]);
    expect(signingDraftProblems(draft({ realName: ' ', idNumber: '', address: '', wechatId: '', quantity: null, creationForms: [], themes: [] })).map((p) => `${p.field}:${p.rule}`)).toEqual([
      'realName:required',
      'idNumber:required',
      'address:required',
      'wechatId:required',
      'quantity:required',
      'creationForms:required',
      'themes:required',
    ]);
    expect(signingDraftProblems(draft({ idNumber: '110105194912310021', wechatId: '1abcdef', quantity: 1.5, creationForms: ['painting'] })).map((p) => `${p.field}:${p.rule}`)).toEqual([
      'idNumber:invalid',
      'wechatId:invalid',
      'quantity:invalid',
      'creationForms:invalid',
    ]);
    expect(signingDraftProblems(draft({ quantity: 1e308 }))).toEqual([{ field: 'quantity', rule: 'invalid' }]);
  });

  it('has words for every status and field in both languages', () => {
    for (const language of ['zh-CN', 'en'] as const) {
      expect(Object.keys(messageWords[language].signingStatus).sort()).toEqual([...SIGNING_STATUSES].sort());
      expect(Object.keys(messageWords[language].signingField).sort()).toEqual(Object.keys(draft()).sort());
    }
    expect(formatMessage('en', 'signingFieldRequired', { field: 'wechatId' })).toBe('Please fill in the WeChat ID');
    expect(formatMessage('zh-CN', 'signingImagesTooFew', { min: 20, maxMb: 5 })).toBe('请上传至少 20 张代表作品（仅限 jpg 或 png，每张不超过 5MB）');
  });
});

describe('signing request shapes', () => {
  const request = { ...draft(), profile: { residentArea: '杭州', intro: '十年航拍经验\n擅长城市', mainServices: '航拍', socialAccounts: '', resumeFileId: null } };

  it('normalises text and leaves the rules to signingDraftProblems', () => {
    const parsed = signingSubmitSchema.parse({ ...request, realName: '  张三 ', idNumber: '11010519491231002x', imageIds: ids(3) });
    expect(parsed.realName).toBe('张三');
    expect(parsed.idNumber).toBe('11010519491231002X');
    expect(parsed.imageIds).toHaveLength(3);
    expect(parsed.profile.intro).toBe('十年航拍经验\n擅长城市');
    expect(signingSubmitSchema.parse({ ...request, profile: undefined }).profile.resumeFileId).toBeNull();
  });

  it('refuses control characters, wrong types and absurd sizes', () => {
    for (const change of [
      { realName: '张\u0000三' },
      { address: 'a\u0007b' },
      { idNumber: '1101051949\u00001231002X' },
      { quantity: '120' },
      { quantity: Number.POSITIVE_INFINITY },
      { imageIds: ['not-a-uuid'] },
      { imageIds: 'x' },
      { platforms: [{ platform: 'myspace', url: 'https://myspace.com/a' }] },
      { videoLinks: [12] },
      { profile: { intro: 'a\u0000' } },
      { address: 'x'.repeat(201) },
    ]) {
      expect([change, signingSubmitSchema.safeParse({ ...request, ...change }).success]).toEqual([change, false]);
    }
    expect(signingFileLinkSchema.safeParse({ kind: 'image', contentType: 'image/png', size: 2 ** 53 }).success).toBe(false);
    expect(signingFileLinkSchema.safeParse({ kind: 'video', contentType: 'image/png', size: 10 }).success).toBe(false);
    expect(signingRejectSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(signingRejectSchema.parse({ reason: ' 作品数量不足 ' })).toEqual({ reason: '作品数量不足' });
  });
});
