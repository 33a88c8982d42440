import { avatarLinkSchema, emailBindSchema, emailConfirmSchema, nicknameUpdateSchema } from './schemas.js';

describe('user centre request rules', () => {
  it('takes nicknames of 1 to 30 characters after trimming', () => {
    expect(nicknameUpdateSchema.parse({ nickname: '  小明  ' })).toEqual({ nickname: '小明' });
    expect(nicknameUpdateSchema.safeParse({ nickname: 'x'.repeat(30) }).success).toBe(true);
    expect(nicknameUpdateSchema.safeParse({ nickname: ` ${'x'.repeat(30)} ` }).success).toBe(true);
    for (const nickname of ['', '   ', 'x'.repeat(31), 'a\u0000b', 'a\u0007b', 'a\nb', 7, null]) {
      expect(nicknameUpdateSchema.safeParse({ nickname }).success).toBe(false);
    }
  });

  it('takes JPEG, PNG and WebP pictures up to 5 MB', () => {
    expect(avatarLinkSchema.safeParse({ contentType: 'image/webp', size: 5 * 1024 * 1024 }).success).toBe(true);
    for (const bad of [{ contentType: 'image/gif', size: 1 }, { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 }, { contentType: 'image/png', size: 0 }, { contentType: 'image/png', size: 1.5 }]) {
      expect(avatarLinkSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('lower-cases e-mail addresses and takes only link-shaped tokens', () => {
    expect(emailBindSchema.parse({ email: ' A.B@Example.COM ' })).toEqual({ email: 'a.b@example.com' });
    expect(emailBindSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(emailConfirmSchema.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    expect(emailConfirmSchema.safeParse({ token: 'A'.repeat(44) }).success).toBe(false);
  });
});
