/**
 * Server messages in both languages, keyed by name. `{name}` placeholders are filled by the caller.
 * A unit test checks that both languages carry the same keys.
 */
export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const serverMessages = {
  'zh-CN': {
    ok: '成功',
    tokenInvalid: '登录已失效，请重新登录',
    accountDisabled: '账号已被停用，请联系客服',
    forbidden: '没有权限执行此操作',
    notFound: '请求的资源不存在',
    validationFailed: '请求参数有误：{details}',
    malformedBody: '请求体不是有效的 JSON',
    rateLimited: '请求过于频繁，请稍后再试',
    internal: '服务器开小差了，请稍后再试',
    notReady: '服务正在启动，请稍后再试',
    codeWrong: '验证码错误，还可尝试 {remaining} 次',
    codeExpired: '验证码已过期，请重新获取',
    codeAttemptsExceeded: '验证码错误次数过多，请重新获取验证码',
    codeResendTooSoon: '请在 {seconds} 秒后再获取验证码',
    codeHourlyLimit: '获取验证码过于频繁，请一小时后再试',
    accountInvalid: '请输入正确的手机号或邮箱',
    codeChannelUnavailable: '暂不支持短信验证码，请使用邮箱登录',
    fieldsInvalid: '{fields} 格式不正确',
    staffLocked: '密码错误次数过多，请 {minutes} 分钟后再试',
    protocolAlreadyAnswered: '您已确认过供稿人协议',
    staffCredentialsWrong: '用户名或密码错误',
    staffUsernameTaken: '用户名已被占用',
    protocolNotApplicable: '当前账号无需确认供稿人协议',
    loginRequired: '请先登录后使用该功能',
    signInRequired: '请登录后使用该功能',
    materialNotFound: '素材不存在或已下架',
    bookmarkNotFound: '收藏不存在',
    codeSent: '验证码已发送',
    codeMailSubject: '您的登录验证码',
    codeMailBody: '您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    // Music and sound effects
    musicNotFound: '音乐不存在或已下架',
    musicSheetNotFound: '歌单不存在',
    musicProjectNameRequired: '请填写项目名称',
    musicBrandRequired: '请填写项目品牌',
    musicLicenseeRequired: '请填写被授权方',
    musicAgreementRequired: '请阅读并同意协议',
    musicLicenceIncomplete: '请选择完整的授权选项',
    musicLicenceInvalid: '授权选项无效，请重新选择',
    musicPriceChanged: '价格已更新，请确认新价格后再下单',
    musicWaveNotReady: '波形尚未生成',
  },
  en: {
    ok: 'Success',
    tokenInvalid: 'Your session has expired, please sign in again',
    accountDisabled: 'This account is disabled, please contact customer service',
    forbidden: 'You do not have permission to do this',
    notFound: 'The requested resource does not exist',
    validationFailed: 'Invalid request: {details}',
    malformedBody: 'The request body is not valid JSON',
    rateLimited: 'Too many requests, please try again later',
    internal: 'Something went wrong on our side, please try again later',
    notReady: 'The service is starting, please try again shortly',
    codeWrong: 'Wrong verification code, {remaining} attempts left',
    codeExpired: 'The verification code has expired, please request a new one',
    codeAttemptsExceeded: 'Too many wrong codes, please request a new verification code',
    codeResendTooSoon: 'Please wait {seconds} seconds before requesting another code',
    codeHourlyLimit: 'Too many codes requested, please try again in an hour',
    accountInvalid: 'Please enter a valid phone number or e-mail address',
    codeChannelUnavailable: 'Codes by text message are not available yet, please sign in with your e-mail',
    fieldsInvalid: 'invalid {fields}',
    staffLocked: 'Too many wrong passwords, please try again in {minutes} minutes',
    protocolAlreadyAnswered: 'You have already answered the contributor agreement',
    staffCredentialsWrong: 'Wrong username or password',
    staffUsernameTaken: 'This username is already taken',
    protocolNotApplicable: 'This account has no contributor agreement to answer',
    loginRequired: 'please log in first to use this feature',
    signInRequired: 'Please sign in use the function.',
    materialNotFound: 'This material does not exist or is no longer available',
    bookmarkNotFound: 'This favourite does not exist',
    codeSent: 'Verification code sent',
    codeMailSubject: 'Your sign-in code',
    codeMailBody: 'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
    // Music and sound effects
    musicNotFound: 'This music does not exist or is no longer available',
    musicSheetNotFound: 'This playlist does not exist',
    musicProjectNameRequired: 'please fill in project name',
    musicBrandRequired: 'please fill in project brand',
    musicLicenseeRequired: 'please fill in licensee',
    musicAgreementRequired: 'please read and agree to the agreement',
    musicLicenceIncomplete: 'please answer all four licence questions',
    musicLicenceInvalid: 'these licence options are not available, please choose again',
    musicPriceChanged: 'the price has changed, please check the new price and order again',
    musicWaveNotReady: 'the waveform is not ready yet',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof serverMessages)['zh-CN'];

/** Picks zh-CN or en from an Accept-Language header; zh-CN when nothing matches. */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export function formatMessage(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template: string = serverMessages[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
