import { createPayload, updatePayload } from './payload';

describe('request bodies', () => {
  const user = {
    id: 'u1',
    gid: 2,
    signFlag: true,
    verity: false,
    videoFlag: false,
    photoFlag: true,
    customerId: null,
    customerStatus: null,
    customerType: null,
    projectId: null,
    enterpriseAdmin: false,
    nickname: '小王',
    phone: '13800000000',
    email: null,
    protocolAgreed: null,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    lastLoginAt: null,
  };

  it('sends only the editable user fields that changed', () => {
    expect(updatePayload('users', { ...user, gid: 35, phone: '13900000000', customerId: 'C-9' }, user)).toEqual({
      gid: 35,
      customerId: 'C-9',
    });
  });

  it('sends the enterprise administrator flag and a cleared project', () => {
    const member = { ...user, customerId: 'C-9', projectId: 'PRJ-2026-01' };
    expect(updatePayload('users', { ...member, enterpriseAdmin: true, projectId: null }, member)).toEqual({
      enterpriseAdmin: true,
      projectId: null,
    });
  });

  it('keeps a staff password only when one was typed', () => {
    const staff = { id: 's1', username: 'li', displayName: '李', roles: ['sales'], disabled: false, createdAt: 'x' };
    expect(updatePayload('staff', { ...staff, roles: ['sales', 'finance'], password: null }, staff)).toEqual({
      roles: ['sales', 'finance'],
    });
    expect(updatePayload('staff', { ...staff, password: 'new-secret' }, staff)).toEqual({ password: 'new-secret' });
  });

  it('creates staff with the create fields only', () => {
    expect(
      createPayload('staff', { username: 'li', displayName: '李', password: 'secret123', roles: ['admin'], extra: 1 }),
    ).toEqual({ username: 'li', displayName: '李', password: 'secret123', roles: ['admin'] });
  });

  const material = {
    id: 7,
    code: 'V000007',
    kind: 'video',
    from: 'own',
    status: 'draft',
    titleZh: '海边日落',
    titleEn: 'Sunset by the sea',
    keywordsZh: ['海边'],
    keywordsEn: ['sea'],
    descriptionZh: '',
    descriptionEn: '',
    categoryId: 3,
    filters: { resolution: ['4k'], mediaType: ['aerial'] },
    salesCount: 2,
    onlineAt: null,
  };

  it('sends only the editable material fields that changed', () => {
    expect(
      updatePayload('materials', { ...material, titleEn: 'Sunset at sea', salesCount: 9, categoryId: null, status: 'published' }, material),
    ).toEqual({ titleEn: 'Sunset at sea', categoryId: null, status: 'published' });
  });

  it('compares material filters without empty selections and in a stable order', () => {
    const sameFilters = { mediaType: ['aerial'], people: [], gender: null, resolution: ['4k'] };
    expect(updatePayload('materials', { ...material, filters: sameFilters }, material)).toEqual({});
    expect(updatePayload('materials', { ...material, filters: { ...sameFilters, people: ['none'] } }, material)).toEqual({
      filters: { mediaType: ['aerial'], resolution: ['4k'], people: ['none'] },
    });
  });

  it('sends the whole new material order of a topic, and only the curation fields', () => {
    const topic = { id: 1, titleZh: '城市', titleEn: 'City', homeCoverUrl: '/x.jpg', sort: 0, published: true, materialIds: [1, 2, 3] };
    expect(updatePayload('topics', { ...topic, materialIds: [3, 1, 2], homeCoverUrl: '/y.jpg' }, topic)).toEqual({
      materialIds: [3, 1, 2],
    });
    expect(createPayload('search-synonyms', { terms: ['航拍', 'drone'], id: 3, createdAt: 'x', updatedAt: 'y' })).toEqual({ terms: ['航拍', 'drone'] });
    const group = { id: 3, terms: ['航拍', 'drone'], createdAt: 'x', updatedAt: 'y' };
    expect(updatePayload('search-synonyms', { ...group, updatedAt: 'z' }, group)).toEqual({});
    expect(updatePayload('search-synonyms', { ...group, terms: ['航拍', 'drone', '无人机'] }, group)).toEqual({ terms: ['航拍', 'drone', '无人机'] });
    expect(createPayload('hot-words', { wordZh: '春节', wordEn: 'Spring Festival', sort: 1, id: 'x' })).toEqual({
      wordZh: '春节',
      wordEn: 'Spring Festival',
      sort: 1,
    });
    expect(createPayload('categories', { kind: 'video', nameZh: '自然', nameEn: 'Nature', coverKey: null, sort: 0, coverUrl: null })).toEqual({
      kind: 'video',
      nameZh: '自然',
      nameEn: 'Nature',
      coverKey: null,
      sort: 0,
    });
  });

  const project = {
    id: 'PRJ-2026-01',
    name: '2026 品牌片素材包',
    customerId: 'C-9',
    companyName: '星河传媒',
    status: 1,
    videoBranches: 50,
    photoBranches: 200,
    projectType: 'advertising',
    region: 'mainland',
    duration: '1y',
    purpose: '品牌宣传片',
    validUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('creates a project with its number, and never sends the number or the dates on update', () => {
    const { createdAt: _c, updatedAt: _u, ...fields } = project;
    expect(createPayload('projects', { ...project })).toEqual(fields);
    expect(
      updatePayload('projects', { ...project, id: 'PRJ-OTHER', photoBranches: 300, validUntil: '2026-12-31T15:59:00.000Z', updatedAt: 'x' }, project),
    ).toEqual({ photoBranches: 300, validUntil: '2026-12-31T15:59:00.000Z' });
    expect(updatePayload('projects', { ...project, validUntil: null }, { ...project, validUntil: '2026-12-31T15:59:00.000Z' })).toEqual({
      validUntil: null,
    });
  });

  it('always sends a contributor share, and nothing but the percent', () => {
    const share = { id: '5f0c9c1e-8d1a-4c55-9c1e-2b7a0f3e4d21', sharePercent: 50, updatedAt: '1970-01-01T00:00:00.000Z' };
    expect(updatePayload('contributor-shares', { ...share, sharePercent: 60 }, share)).toEqual({ sharePercent: 60 });
    expect(updatePayload('contributor-shares', { ...share }, share)).toEqual({ sharePercent: 50 });
  });
});
