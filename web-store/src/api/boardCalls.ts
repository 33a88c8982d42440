import type { BoardComment, BoardDetail, BoardLink, BoardMember, BoardRole, BoardSummary, SampleDownloadResponse, SharedBoard } from '@mkt/contracts/web';
import { BoardCalls, SharedBoardCalls } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** Boards the signed-in user owns or is a member of. */
export const boardCalls = {
  list: async (options?: CallOptions) => (await post<{ list: BoardSummary[] }>(BoardCalls.list, {}, options)).list,
  create: (name: string, materialIds: number[] = []) => post<{ id: number }>(BoardCalls.create, { name, materialIds }),
  rename: (id: number, name: string) => post<null>(BoardCalls.update, { id, name }),
  setCover: (id: number, coverMaterialId: number | null) => post<null>(BoardCalls.update, { id, coverMaterialId }),
  remove: (id: number) => post<null>(BoardCalls.remove, { id }),
  detail: (id: number, pageNo: number, pageSize: number, options?: CallOptions) => post<BoardDetail>(BoardCalls.detail, { id, pageNo, pageSize }, options),
  addItems: (id: number, materialIds: number[]) => post<{ added: number }>(BoardCalls.addItems, { id, materialIds }),
  removeItems: (id: number, itemIds: number[]) => post<{ removed: number }>(BoardCalls.removeItems, { id, itemIds }),
  note: (id: number, itemId: number, note: string) => post<null>(BoardCalls.noteItem, { id, itemId, note }),
  move: (id: number, itemId: number, toIndex: number) => post<null>(BoardCalls.moveItem, { id, itemId, toIndex }),
  comments: async (id: number, itemId: number) => (await post<{ list: BoardComment[] }>(BoardCalls.itemComments, { id, itemId })).list,
  comment: (id: number, itemId: number, body: string) => post<{ id: number }>(BoardCalls.comment, { id, itemId, body }),
  vote: (id: number, itemId: number, value: -1 | 0 | 1) => post<null>(BoardCalls.vote, { id, itemId, value }),
  members: async (id: number, options?: CallOptions) => (await post<{ list: BoardMember[] }>(BoardCalls.members, { id }, options)).list,
  addMember: (id: number, contact: string, role: BoardRole) => post<BoardMember>(BoardCalls.addMember, { id, contact, role }),
  removeMember: (id: number, userId: string) => post<null>(BoardCalls.removeMember, { id, userId }),
  links: async (id: number, options?: CallOptions) => (await post<{ list: BoardLink[] }>(BoardCalls.links, { id }, options)).list,
  createLink: (id: number, settings: { password?: string; expiresInDays?: number }) => post<BoardLink>(BoardCalls.createLink, { id, ...settings }),
  revokeLink: (id: number, linkId: number) => post<null>(BoardCalls.revokeLink, { id, linkId }),
};

/** What every guest call carries: the link's secret and, for a password link, the password. */
export interface GuestPass {
  token: string;
  password?: string;
  /** What `open` answered for a password link, sent instead of the password afterwards. */
  pass?: string;
}

/** A board opened by a guest link (no account). */
export const sharedBoardCalls = {
  open: (pass: GuestPass, pageNo: number, pageSize: number, voterKey: string, options?: CallOptions) =>
    post<SharedBoard>(SharedBoardCalls.open, { ...pass, pageNo, pageSize, voterKey }, options),
  comments: async (pass: GuestPass, itemId: number) => (await post<{ list: BoardComment[] }>(SharedBoardCalls.itemComments, { ...pass, itemId })).list,
  comment: (pass: GuestPass, itemId: number, name: string, body: string) => post<{ id: number }>(SharedBoardCalls.comment, { ...pass, itemId, name, body }),
  vote: (pass: GuestPass, itemId: number, voterKey: string, value: -1 | 0 | 1, name: string) => post<null>(SharedBoardCalls.vote, { ...pass, itemId, voterKey, value, name }),
  sample: (pass: GuestPass, itemId: number) => post<SampleDownloadResponse>(SharedBoardCalls.sample, { ...pass, itemId }),
};
