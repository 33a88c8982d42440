import { ErrorCode, formatMessage, type SigningDraft } from '@mkt/contracts';
import { nextSigningStatus, problemError, SIGNING_ACTIONS, signingBlock, signingTransition, type SigningState } from './signing-rules.js';

const STATES: SigningState[] = ['none', 'pending', 'approved', 'rejected'];

describe('signing state machine', () => {
  it('allows exactly these moves', () => {
    const allowed = STATES.flatMap((from) => SIGNING_ACTIONS.map((action) => [from, action, nextSigningStatus(from, action)] as const)).filter(([, , to]) => to);
    expect(allowed).toEqual([
      ['none', 'submit', 'pending'],
      ['pending', 'approve', 'approved'],
      ['pending', 'reject', 'rejected'],
      ['rejected', 'submit', 'pending'],
    ]);
  });

  it('refuses a verdict on a decided application with a 409 naming its status', () => {
    expect(signingTransition('pending', 'approve')).toBe('approved');
    try {
      signingTransition('approved', 'reject');
      throw new Error('not refused');
    } catch (error) {
      expect((error as { code: number }).code).toBe(ErrorCode.SIGNING_TRANSITION_REFUSED);
      expect((error as { httpStatus: number }).httpStatus).toBe(409);
    }
  });

  it('lets people apply first and after a rejection, not while waiting, once approved or as contributors', () => {
    expect(signingBlock(0, 'none')).toBeNull();
    expect(signingBlock(0, 'rejected')).toBeNull();
    expect(signingBlock(0, 'pending')).toBe('pending');
    expect(signingBlock(3, 'approved')).toBe('approved');
    expect(signingBlock(2, 'none')).toBe('contributor');
    expect(signingBlock(35, 'rejected')).toBe('contributor');
  });
});

describe('signing refusals', () => {
  const draft = { videoLinks: ['https://vimeo.com/1', 'https://PAN.baidu.com/s/1'] } as SigningDraft;
  const message = (error: ReturnType<typeof problemError>, language: 'en' | 'zh-CN' = 'en') => formatMessage(language, error.messageKey, error.params);

  it('gives each rule its own code and message', () => {
    const few = problemError([{ field: 'imageIds', rule: 'tooFew' }], draft);
    expect([few.code, message(few)]).toEqual([ErrorCode.SIGNING_IMAGES_TOO_FEW, 'Please upload at least 20 representative images (jpg or png only, each 5MB or less)']);
    const cloud = problemError([{ field: 'videoLinks', rule: 'cloudStorage', index: 1 }], draft);
    expect([cloud.code, message(cloud, 'zh-CN')]).toEqual([ErrorCode.SIGNING_VIDEO_LINK_CLOUD, '视频链接须为在线视频，不能是网盘链接（pan.baidu.com）']);
    expect(problemError([{ field: 'platforms', rule: 'required' }], draft).code).toBe(ErrorCode.SIGNING_PLATFORM_REQUIRED);
    expect(problemError([{ field: 'platforms', rule: 'invalid', index: 0 }], draft).code).toBe(ErrorCode.SIGNING_LINK_INVALID);
    expect(message(problemError([{ field: 'themes', rule: 'required' }], draft))).toBe('Please choose at least one theme');
    expect(message(problemError([{ field: 'idNumber', rule: 'invalid' }], draft), 'zh-CN')).toBe('身份证号格式不正确');
    expect(problemError([{ field: 'address', rule: 'required' }, { field: 'themes', rule: 'required' }], draft).data).toEqual({
      problems: [{ field: 'address', rule: 'required' }, { field: 'themes', rule: 'required' }],
    });
  });
});
