import type { StaffRole } from '@mkt/contracts';

/** The demo company ENT-0001, an active enterprise customer (status 1, type 1) with a download project. */
const DEMO_COMPANY = { customerId: 'ENT-0001', customerStatus: 1, customerType: 1, projectId: 'PRJ-2026-01' } as const;

/** Demo accounts for the single-machine start; sign in with the code from the dev mailbox. */
export const DEMO_USERS = [
  { phone: '13800000001', nickname: '演示买家', gid: 0, signFlag: false, videoFlag: false, photoFlag: false },
  { phone: '13800000002', nickname: '摄影师老周 (gid 2)', gid: 2, signFlag: true, videoFlag: true, photoFlag: false },
  { phone: '13800000003', nickname: '摄影师小林 (gid 3)', gid: 3, signFlag: true, videoFlag: true, photoFlag: true },
  {
    phone: '13800000004',
    email: 'buyer@enterprise.demo',
    nickname: '星河传媒 (企业)',
    gid: 0,
    signFlag: false,
    videoFlag: false,
    photoFlag: false,
    ...DEMO_COMPANY,
    enterpriseAdmin: true,
  },
  { phone: '13800000005', nickname: '素材中心编辑 (gid 35)', gid: 35, signFlag: false, videoFlag: true, photoFlag: true },
  {
    phone: '13800000006',
    nickname: '星河传媒 剪辑师',
    gid: 0,
    signFlag: false,
    videoFlag: false,
    photoFlag: false,
    ...DEMO_COMPANY,
    enterpriseAdmin: false,
  },
] as const;

/** The demo company's download project: the contract behind /DownloadList. */
export const DEMO_PROJECTS = [
  {
    id: 'PRJ-2026-01',
    name: '星河传媒 2026 品牌片素材包',
    customerId: 'ENT-0001',
    companyName: '星河传媒有限公司',
    status: 1,
    videoBranches: 50,
    photoBranches: 200,
    projectType: 'advertising',
    region: 'mainland',
    duration: '1y',
    purpose: '2026 年度品牌宣传片及社交媒体投放',
    validUntil: null,
  },
] as const;

export const DEMO_CUSTOMER_SKUS = [
  { customerId: 'ENT-0001', skuId: 'SKU-V-4K-YEAR', name: '4K 视频 · 年度授权 / 4K video, 1-year licence', category: 'video', priceFen: 120000 },
  { customerId: 'ENT-0001', skuId: 'SKU-P-L-PERM', name: '大图 · 永久授权 / Large photo, permanent licence', category: 'photo', priceFen: 30000 },
  { customerId: 'ENT-0001', skuId: 'SKU-M-WEB-1Y', name: '音乐 · 网络 1 年 / Music, online 1 year', category: 'music', priceFen: 19900 },
] as const;

export const DEMO_STAFF: { username: string; displayName: string; password: string; roles: StaffRole[] }[] = [
  { username: 'admin', displayName: '系统管理员', password: 'admin12345', roles: ['admin'] },
  { username: 'sales', displayName: '销售 王敏', password: 'sales12345', roles: ['sales'] },
  { username: 'finance', displayName: '财务 陈洁', password: 'finance12345', roles: ['finance'] },
  { username: 'reviewer', displayName: '审核 李航', password: 'reviewer12345', roles: ['reviewer'] },
  { username: 'contest', displayName: '赛事 赵雪', password: 'contest12345', roles: ['contest-manager'] },
];
