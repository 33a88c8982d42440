import type { UserAdminView, UserView } from '@mkt/contracts';
import type { UserEntity } from '../entities/user.entity.js';

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
  };
}

export function toUserAdminView(user: UserEntity): UserAdminView {
  return {
    ...toUserView(user),
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
