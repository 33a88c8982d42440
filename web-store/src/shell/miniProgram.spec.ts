import { isMiniProgram } from './miniProgram';

describe('mini-program detection', () => {
  it('recognises the WeChat mini-program web view', () => {
    expect(isMiniProgram({ wxEnvironment: 'miniprogram', userAgent: 'Mozilla/5.0' })).toBe(true);
    expect(isMiniProgram({ userAgent: 'Mozilla/5.0 MicroMessenger/8.0 miniProgram/wx123' })).toBe(true);
  });

  it('leaves ordinary browsers and the WeChat browser alone', () => {
    expect(isMiniProgram({ userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.40' })).toBe(false);
    expect(isMiniProgram({ wxEnvironment: 'browser', userAgent: 'Mozilla/5.0' })).toBe(false);
  });
});
