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
    serviceUnavailable: '服务暂时不可用，请稍后再试',
    databaseUnavailable: '服务暂时不可用（数据暂时无法读取或保存），请几秒后再试',
    codeWrong: '验证码错误，还可尝试 {remaining} 次',
    codeExpired: '验证码已过期，请重新获取',
    codeAttemptsExceeded: '验证码错误次数过多，请重新获取验证码',
    codeResendTooSoon: '请在 {seconds} 秒后再获取验证码',
    codeHourlyLimit: '获取验证码过于频繁，请一小时后再试',
    accountInvalid: '请输入正确的手机号或邮箱',
    codeChannelUnavailable: '暂不支持短信验证码，请使用邮箱登录',
    codeDeliveryFailed: '验证码发送失败，请稍后重试',
    fieldsInvalid: '{fields} 格式不正确',
    textUnstorable: '{field} 含有无法保存的字符（如 NUL 或不成对的代理字符）',
    staffLocked: '密码错误次数过多，请 {minutes} 分钟后再试',
    protocolAlreadyAnswered: '您已确认过供稿人协议',
    staffCredentialsWrong: '用户名或密码错误',
    staffUsernameTaken: '用户名已被占用',
    protocolNotApplicable: '当前账号无需确认供稿人协议',
    loginRequired: '请先登录后使用该功能',
    signInRequired: '请登录后使用该功能',
    materialNotFound: '素材不存在或已下架',
    synonymTermInvalid: '同义词“{term}”去掉标点后须为 1–{max} 个字符',
    synonymTermsTooFew: '同义词组至少需要 {min} 个不同的词（去掉标点、忽略大小写与繁简后）',
    bookmarkNotFound: '收藏不存在',
    codeSent: '验证码已发送',
    codeMailSubject: '您的登录验证码',
    codeMailBody: '您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    // uploads (spec sections 5 and 8)
    uploadUnsupportedType: '不支持的文件类型',
    uploadVideoTooLarge: '文件不能超过3GB',
    uploadVideoTooSmall: '文件不能小于10MB',
    uploadPhotoTooLarge: '文件大小不能超过50MB',
    uploadPhotoBelowMegapixels: '分辨率不能低于1000万像素',
    uploadPhotoAboveMegapixels: '分辨率不能超过2.5亿像素',
    uploadPhotoSideTooLong: '宽或高不能超过30000像素',
    uploadPhotoUnreadable: '无法读取图片尺寸',
    uploadDuplicateName: '文件名重复',
    uploadQueueEmpty: '当前没有可上传的文件',
    uploadVideoUnreadable: '无法识别视频内容',
    uploadVideoCodec: '视频编码须为 H.264 或 H.265',
    uploadVideoResolution: '视频分辨率不能低于1080P',
    uploadVideoDuration: '视频时长不能短于3秒',
    uploadNotAllowed: '当前账号没有上传此类素材的权限',
    uploadFilePathError: '文件路径错误',
    uploadIncomplete: '文件分片尚未全部上传，请继续上传',
    uploadTranscoding: '文件转码中，请耐心等待',
    uploadDownloadNotReady: '转码完成后将生成下载链接',
    uploadStateConflict: '素材当前状态不允许此操作',
    // orders and licensing
    cartMaterialUnavailable: '素材不存在或已下架，无法加入购物车',
    cartItemNotFound: '购物车中没有该素材',
    cartEmpty: '请选择要下单的素材',
    orderNotFound: '订单不存在',
    orderTransitionRefused: '订单当前状态为“{status:orderStatus}”，不能{action:orderAction}',
    quoteExpired: '报价已过期，请联系客服重新报价',
    quoteItemsMismatch: '报价必须为订单中的每个素材给出价格',
    voucherRequired: '请填写付款账户名并上传付款凭证',
    voucherType: '付款凭证仅支持 jpg 或 png 图片',
    voucherTooLarge: '付款凭证不能超过 {megabytes}MB',
    invoiceRegionRefused: '港澳台及海外订单暂不支持开具发票',
    invoiceExists: '该订单已申请发票，提交后不可修改',
    invoiceNotAvailable: '订单确认付款后才能申请发票',
    invoiceNotFound: '发票不存在或尚未开具',
    invoiceFileType: '发票文件必须是 PDF',
    refundWindowPassed: '仅支持付款后 7 天内因质量问题申请退款',
    refundExists: '该订单已申请退款',
    refundNotFound: '退款申请不存在',
    licenceNotFound: '授权书不存在',
    fileTranscoding: '文件转码中，请耐心等待',
    entitlementNotFound: '您没有购买该素材',
    licenceNotGenerated: '授权书尚未生成',
    invoiceProjectOrder: '项目下载随项目合同开票，请联系客服',
    refundProjectOrder: '项目下载不单独退款，请联系客服',
    projectUnknown: '项目编号不存在，请先在“企业项目”中创建',
    projectIdTaken: '项目编号已存在',
    projectOtherCompany: '该项目属于其他企业，请核对客户编号',
    projectNotFound: '您的账号没有可用的下载项目',
    projectInactive: '项目未开始或已结束，暂不能下载',
    projectVideoQuotaUsed: '项目的 {total} 条视频下载额度已用完',
    projectPhotoQuotaUsed: '项目的 {total} 张图片下载额度已用完',
    projectMaterialNotDownloadable: '该素材不能通过项目下载',
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
    // payouts
    statementNotFound: '结算单不存在',
    statementTransitionRefused: '结算单当前状态为“{status:statementStatus}”，不能{action:statementAction}',
    statementQuarterOpen: '{year} 年第 {quarter} 季度尚未结束，结束后才能生成结算单',
    statementQuarterTooEarly: '结算单从 2020 年第 4 季度开始记录',
    realNameNotFound: '实名认证申请不存在',
    realNameTransitionRefused: '实名认证当前状态为“{status:realNameStatus}”，不能{action:realNameAction}',
    idPhotoNotFound: '身份证照片不存在或已过期，请重新上传',
    idPhotoInvalid: '身份证照片须为 JPG 或 PNG 图片，且不超过 {maxMb} MB',
    bankInfoNotFound: '银行信息不存在',
    bankInfoLocked: '银行信息修改成功后一年内不能再修改，{date} 之后可以修改',
    bankInfoRealNameRequired: '请先完成实名认证，再填写银行信息',
    bankInfoNameMismatch: '开户名须与合同一致：{expected}',
    bankInfoCompanyMissing: '合同中没有公司名称，无法按公司结算，请联系财务',
    bankInfoTransitionRefused: '银行信息当前状态为“{status:bankInfoStatus}”，不能{action:bankInfoAction}',
    remitBankInfoMissing: '结算单 {statementId} 的摄影师还没有审核通过的银行信息，无法打款',
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
    serviceUnavailable: 'The service is temporarily unavailable, please try again shortly',
    databaseUnavailable: 'The service is temporarily unavailable (its data cannot be read or saved right now), please try again in a few seconds',
    codeWrong: 'Wrong verification code, {remaining} attempts left',
    codeExpired: 'The verification code has expired, please request a new one',
    codeAttemptsExceeded: 'Too many wrong codes, please request a new verification code',
    codeResendTooSoon: 'Please wait {seconds} seconds before requesting another code',
    codeHourlyLimit: 'Too many codes requested, please try again in an hour',
    accountInvalid: 'Please enter a valid phone number or e-mail address',
    codeChannelUnavailable: 'Codes by text message are not available yet, please sign in with your e-mail',
    codeDeliveryFailed: 'The code could not be sent. Please try again in a moment',
    fieldsInvalid: 'invalid {fields}',
    textUnstorable: '{field} contains characters that cannot be stored (such as NUL or an unpaired surrogate)',
    staffLocked: 'Too many wrong passwords, please try again in {minutes} minutes',
    protocolAlreadyAnswered: 'You have already answered the contributor agreement',
    staffCredentialsWrong: 'Wrong username or password',
    staffUsernameTaken: 'This username is already taken',
    protocolNotApplicable: 'This account has no contributor agreement to answer',
    loginRequired: 'please log in first to use this feature',
    signInRequired: 'Please sign in use the function.',
    materialNotFound: 'This material does not exist or is no longer available',
    synonymTermInvalid: 'The synonym "{term}" must be 1 to {max} characters once punctuation is removed',
    synonymTermsTooFew: 'A synonym group needs at least {min} different terms (ignoring punctuation, case and traditional or simplified spelling)',
    bookmarkNotFound: 'This favourite does not exist',
    codeSent: 'Verification code sent',
    codeMailSubject: 'Your sign-in code',
    codeMailBody: 'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
    // uploads (spec sections 5 and 8)
    uploadUnsupportedType: 'unsupported file type',
    uploadVideoTooLarge: 'file must not exceed 3GB',
    uploadVideoTooSmall: 'file must not be smaller than 10MB',
    uploadPhotoTooLarge: 'file size must not exceed 50MB',
    uploadPhotoBelowMegapixels: 'resolution must not be below 10 megapixels',
    uploadPhotoAboveMegapixels: 'resolution must not exceed 250 megapixels',
    uploadPhotoSideTooLong: 'width or height must not exceed 30000 pixels',
    uploadPhotoUnreadable: 'failed to read the image dimensions',
    uploadDuplicateName: 'duplicate file name',
    uploadQueueEmpty: 'there are no files to upload currently',
    uploadVideoUnreadable: 'the file is not a readable video',
    uploadVideoCodec: 'the video must be H.264 or H.265',
    uploadVideoResolution: 'the video must be at least 1080P',
    uploadVideoDuration: 'the video must be 3 s or longer',
    uploadNotAllowed: 'this account may not upload this type of material',
    uploadFilePathError: 'File path error',
    uploadIncomplete: 'not every part of the file has been uploaded yet, please resume the upload',
    uploadTranscoding: 'File in transcoding, please wait patiently',
    uploadDownloadNotReady: 'Download links will be generated when transcoding is finish',
    uploadStateConflict: 'the material cannot be changed in its current state',
    // orders and licensing
    cartMaterialUnavailable: 'This material does not exist or is no longer on sale',
    cartItemNotFound: 'This item is not in your cart',
    cartEmpty: 'Please choose the materials to order',
    orderNotFound: 'This order does not exist',
    orderTransitionRefused: 'The order is {status:orderStatus}; it cannot be {action:orderAction}',
    quoteExpired: 'The quote has expired, please contact service for a new quote',
    quoteItemsMismatch: 'A quote must price every item of the order',
    voucherRequired: 'Please give the paying account name and upload the payment voucher',
    voucherType: 'The payment voucher must be a jpg or png image',
    voucherTooLarge: 'The payment voucher must not exceed {megabytes}MB',
    invoiceRegionRefused: 'Invoices are not available for Hong Kong, Macao, Taiwan or overseas',
    invoiceExists: 'An invoice was already requested for this order and cannot be changed',
    invoiceNotAvailable: 'Invoices can be requested once the payment is confirmed',
    invoiceNotFound: 'This invoice does not exist or is not issued yet',
    invoiceFileType: 'The invoice file must be a PDF',
    refundWindowPassed: 'Refunds can be requested within 7 days of payment, for quality issues only',
    refundExists: 'A refund was already requested for this order',
    refundNotFound: 'This refund request does not exist',
    licenceNotFound: 'This authorization file does not exist',
    fileTranscoding: 'File in transcoding, please wait patiently',
    entitlementNotFound: 'You have not bought this material',
    licenceNotGenerated: 'The authorization file is not generated yet',
    invoiceProjectOrder: 'Project downloads are invoiced with the project contract; please contact service',
    refundProjectOrder: 'Project downloads are not refunded one by one; please contact service',
    projectUnknown: 'No project has this ID; create it under Enterprise projects first',
    projectIdTaken: 'A project with this ID already exists',
    projectOtherCompany: 'This project belongs to another company; check the customer ID',
    projectNotFound: 'Your account has no download project',
    projectInactive: 'The project has not started or has ended; downloads are paused',
    projectVideoQuotaUsed: 'The project\'s {total} video downloads are used up',
    projectPhotoQuotaUsed: 'The project\'s {total} photo downloads are used up',
    projectMaterialNotDownloadable: 'This material cannot be downloaded under a project',
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
    // payouts
    statementNotFound: 'This statement does not exist',
    statementTransitionRefused: 'The statement is {status:statementStatus}; it cannot be {action:statementAction}',
    statementQuarterOpen: 'Q{quarter} {year} has not ended yet; its statements can be produced once it has',
    statementQuarterTooEarly: 'Statements are recorded from Q4 2020',
    realNameNotFound: 'This real-name submission does not exist',
    realNameTransitionRefused: 'The real-name check is {status:realNameStatus}; it cannot be {action:realNameAction}',
    idPhotoNotFound: 'The ID-card photo is missing or has expired; please upload it again',
    idPhotoInvalid: 'An ID-card photo must be a JPG or PNG image of at most {maxMb} MB',
    bankInfoNotFound: 'This bank info does not exist',
    bankInfoLocked: 'Bank info cannot be changed within a year of its last change; it can be changed after {date}',
    bankInfoRealNameRequired: 'Please complete the real-name check before giving bank info',
    bankInfoNameMismatch: 'The account name must match the contract: {expected}',
    bankInfoCompanyMissing: 'Your contract names no company, so company settlement is not possible; please contact finance',
    bankInfoTransitionRefused: 'The bank info is {status:bankInfoStatus}; it cannot be {action:bankInfoAction}',
    remitBankInfoMissing: 'The contributor of statement {statementId} has no verified bank info to be paid to',
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

/**
 * The words a message puts in place of a code: `{status:orderStatus}` shows the `status`
 * parameter (the code `paid`) as the `orderStatus` word in the caller's language, so services
 * pass codes and a refusal reads "订单当前状态为“待确认付款”，不能取消", not "“paid”，不能cancel".
 */
export const messageWords = {
  'zh-CN': {
    orderStatus: { submitted: '待报价', quoted: '待付款', paid: '待确认付款', confirmed: '已完成', closed: '已关闭' },
    orderAction: { quote: '报价', pay: '付款', reject: '驳回付款凭证', confirm: '确认付款', close: '关闭', cancel: '取消', refund: '退款' },
    statementStatus: { toBeConfirmed: '待确认', generated: '已生成', rejected: '已驳回', remitted: '已汇款', invalid: '已作废' },
    statementAction: { confirm: '确认', reject: '驳回', correct: '更正', remit: '汇款' },
    realNameStatus: { none: '未认证', verifying: '审核中', verified: '已认证', rejected: '未通过' },
    realNameAction: { submit: '提交', verify: '通过', reject: '驳回' },
    bankInfoStatus: { none: '未填写', verifying: '审核中', verified: '已通过', failed: '未通过' },
    bankInfoAction: { verify: '通过', reject: '驳回' },
  },
  en: {
    orderStatus: { submitted: 'waiting for a quote', quoted: 'waiting for payment', paid: 'waiting for payment confirmation', confirmed: 'completed', closed: 'closed' },
    orderAction: { quote: 'quoted', pay: 'paid', reject: 'refused', confirm: 'confirmed', close: 'closed', cancel: 'cancelled', refund: 'refunded' },
    statementStatus: { toBeConfirmed: 'to be confirmed', generated: 'generated', rejected: 'rejected', remitted: 'remitted', invalid: 'void' },
    statementAction: { confirm: 'confirmed', reject: 'rejected', correct: 'corrected', remit: 'remitted' },
    realNameStatus: { none: 'not verified', verifying: 'being reviewed', verified: 'verified', rejected: 'not approved' },
    realNameAction: { submit: 'submitted', verify: 'approved', reject: 'rejected' },
    bankInfoStatus: { none: 'not given', verifying: 'being reviewed', verified: 'approved', failed: 'not approved' },
    bankInfoAction: { verify: 'approved', reject: 'rejected' },
  },
} as const satisfies Record<Language, Record<string, Record<string, string>>>;

export function formatMessage(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template: string = serverMessages[language][key];
  const words: Record<string, Record<string, string>> = messageWords[language];
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name: string, vocabulary: string | undefined) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return (vocabulary && words[vocabulary]?.[value]) ?? value;
  });
}
