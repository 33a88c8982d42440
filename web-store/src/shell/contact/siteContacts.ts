/**
 * Contact details and filing numbers shown by the footer, the side toolbar and the contact
 * dialog. Kept together so operations can change them in one place.
 */
export const siteContacts = {
  hotline: '400-820-8820',
  hotlineHref: 'tel:4008208820',
  businessEmail: 'business@lumenstock.cn',
  /** What the service QR code encodes: the customer-service WeChat contact page. */
  serviceQrUrl: 'https://work.weixin.qq.com/kfid/kfc-lumenstock-service',
  feedbackSurveyUrl: 'https://wj.qq.com/s2/lumenstock-feedback/',
  icpNumber: '沪ICP备2021018827号-1',
  icpUrl: 'https://beian.miit.gov.cn/',
  policeNumber: '沪公网安备31010602007712号',
  policeUrl: 'https://beian.mps.gov.cn/',
  social: [
    { key: 'wechat', href: 'https://mp.weixin.qq.com/' },
    { key: 'weibo', href: 'https://weibo.com/lumenstock' },
    { key: 'bilibili', href: 'https://space.bilibili.com/lumenstock' },
    { key: 'douyin', href: 'https://www.douyin.com/user/lumenstock' },
  ],
} as const;

export type SocialKey = (typeof siteContacts.social)[number]['key'];
