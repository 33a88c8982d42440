import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, resolveSecrets, type AppConfig } from '@mkt/platform';

/** How long a guest who gave a link's password is not asked for it again. */
const PASS_MS = 12 * 3_600_000;

/**
 * What a guest gets for a password given right: a pass for that link, signed with the service's
 * token secret, that later calls send instead of the password. Checking a password is a scrypt
 * hash (about 40 ms of a core); a pass is an HMAC. A revoked or expired link refuses its passes
 * too, since the link is checked first.
 */
@Injectable()
export class GuestPasses {
  private readonly secret: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.secret = resolveSecrets(config).token;
  }

  issue(linkId: number): string {
    const expires = this.clock.now().getTime() + PASS_MS;
    return `${linkId}.${expires}.${this.sign(linkId, expires)}`;
  }

  admits(pass: string | undefined, linkId: number): boolean {
    const [id, expires, signature] = (pass ?? '').split('.');
    if (Number(id) !== linkId || !(Number(expires) > this.clock.now().getTime()) || !signature) return false;
    const expected = Buffer.from(this.sign(linkId, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(linkId: number, expires: number): string {
    return createHmac('sha256', this.secret).update(`board-pass:${linkId}:${expires}`).digest('base64url');
  }
}
