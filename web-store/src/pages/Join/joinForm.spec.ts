import { emptyForm, formFrom, parseQuantity, problemsByField, submissionOf } from './joinForm';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

describe('the /join form', () => {
  const filled = {
    ...emptyForm(),
    platforms: [{ platform: 'bilibili', url: ' https://space.bilibili.com/1 ' }, { platform: 'weibo', url: '' }],
    videoLinks: ['', 'https://vimeo.com/1'],
    realName: ' 李光影 ',
    idNumber: '110105 19491231 002x',
    address: '杭州',
    wechatId: 'lumen_photo',
    quantity: '1,200',
    creationForms: ['aerial'],
    themes: ['city'],
  };

  it('reads quantities as people type them', () => {
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity(' 1,200 ')).toBe(1200);
    expect(parseQuantity('12.5')).toBeNaN();
    expect(parseQuantity('两百')).toBeNaN();
  });

  it('marks the fields the server would refuse, with empty rows left out', () => {
    expect(problemsByField(filled, ids(20))).toEqual({});
    expect(problemsByField(filled, ids(19))).toEqual({ imageIds: { field: 'imageIds', rule: 'tooFew' } });
    const empty = problemsByField(emptyForm(), []);
    expect(Object.keys(empty)).toEqual(['platforms', 'realName', 'idNumber', 'address', 'wechatId', 'quantity', 'creationForms', 'themes', 'imageIds']);
    expect(problemsByField({ ...filled, videoLinks: ['https://pan.baidu.com/s/1'] }, ids(20)).videoLinks).toEqual({ field: 'videoLinks', rule: 'cloudStorage', index: 0 });
  });

  it('sends trimmed text and the ID number as it is printed', () => {
    const sent = submissionOf(filled, ids(20), null);
    expect(sent).toMatchObject({ platforms: [{ platform: 'bilibili', url: 'https://space.bilibili.com/1' }], videoLinks: ['https://vimeo.com/1'], realName: '李光影', idNumber: '11010519491231002X', quantity: 1200 });
    expect(sent.profile).toEqual({ residentArea: '', intro: '', mainServices: '', socialAccounts: '', resumeFileId: null });
  });

  it('starts a new application from the rejected one, without the ID number', () => {
    const form = formFrom(
      { id: 'a', status: 'rejected', submittedAt: '', reviewedAt: null, rejectReason: 'x', platforms: [{ platform: 'vimeo', url: 'https://vimeo.com/me' }], videoLinks: [], realName: '李', idNumberMasked: '1****X', address: '杭州', wechatId: 'lumen_photo', quantity: 5, creationForms: ['aerial'], themes: ['food'], imageCount: 20 },
      { residentArea: '上海', intro: 'hi', mainServices: '', socialAccounts: '', resume: null, updatedAt: '' },
    );
    expect(form).toMatchObject({ platforms: [{ platform: 'vimeo', url: 'https://vimeo.com/me' }], videoLinks: [''], idNumber: '', quantity: '5', residentArea: '上海' });
  });
});
