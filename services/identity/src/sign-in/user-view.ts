import { maskEmail, maskPhone, type UserAdminView, type UserView } from '@mkt/contracts';
import type { UserEntity } from '../entities/user.entity.js';
import { avatarUrl } from '../user-center/avatar-location.js';

export function toUserView(user: UserEntity): UserView {
  return {
    id: user.id,
    gid: user.gid,
    signFlag: user.signFlag,
    verity: user.verity,
    videoFlag: user.videoFlag,
    photoFlag: user.photoFlag,
    customerId: user.customerId,
    customerStatus: user.customerStatus,
    customerType: user.customerType,
    projectId: user.projectId,
    enterpriseAdmin: user.enterpriseAdmin,
    nickname: user.nickname,
    phone: user.phone,
    email: user.email,
    protocolAgreed: user.protocolAgreed,
    avatarUrl: avatarUrl(user.avatarKey ?? null),
  };
}

/**
 * A user as the console lists and shows them, to every staff role: the phone number and e-mail
 * masked, so browsing users reveals no one's contact details. Roles whose work needs them ask for
 * one user's in full (UserContactService.reveal), which the audit log records.
 */
export function toUserAdminView(user: UserEntity): UserAdminView {
  return {
    ...toUserView(user),
    phone: user.phone === null ? null : maskPhone(user.phone),
    email: user.email === null ? null : maskEmail(user.email),
    disabled: user.disabled,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** A readable default nickname that does not expose the whole phone number or e-mail. */
export function defaultNickname(account: { kind: 'phone' | 'email'; value: string }): string {
  if (account.kind === 'phone') return `用户${account.value.slice(-4)}`;
  return account.value.split('@')[0]!.slice(0, 40) || 'user';
}
