import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type AvatarUploadLink,
  type EmailBindingSent,
  type EmailConfirmed,
  type SessionsEnded,
  UserCenterCalls,
  type UserView,
} from '@mkt/contracts/web';
import { ApiError, NO_RESPONSE, post } from './client';

/** The user centre's calls (identity): each acts on the signed-in user's own account. */
export const userCenterCalls = {
  setNickname: (nickname: string) => post<UserView>(UserCenterCalls.nickname, { nickname }),
  bindEmail: (email: string) => post<EmailBindingSent>(UserCenterCalls.emailBind, { email }),
  confirmEmail: (token: string) => post<EmailConfirmed>(UserCenterCalls.emailConfirm, { token }),
  signOutEverywhere: () => post<SessionsEnded>(UserCenterCalls.signOutEverywhere, {}),
};

/** Why a chosen file cannot be a profile picture, before anything is sent; null when it can. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/**
 * A profile picture: a signed link from identity, the bytes PUT straight into storage, then
 * identity checks the content, keeps a 256 px square and answers with the updated user.
 */
export async function uploadAvatar(file: File): Promise<UserView> {
  const link = await post<AvatarUploadLink>(UserCenterCalls.avatarLink, { contentType: file.type, size: file.size });
  const response = await fetch(link.url, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/octet-stream' } });
  if (!response.ok) throw new ApiError(NO_RESPONSE, '', link.url);
  return post<UserView>(UserCenterCalls.avatarComplete, { avatarId: link.avatarId });
}
