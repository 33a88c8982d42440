import type { MaterialCard } from './api.js';

/**
 * Boards: named selections of materials of any kind that their owner shares, with guests too
 * through links that open without an account (read-only, revocable, with an optional expiry and
 * password), where guests comment and vote on items under a display name.
 */
export const BOARD_LIMITS = {
  nameMax: 60,
  noteMax: 500,
  commentMax: 1000,
  guestNameMax: 40,
  /** Items of one board. */
  itemsMax: 1000,
  /** Materials added in one call. */
  addMax: 100,
  /** Boards one account owns. */
  boardsMax: 200,
  /** Live (not revoked) guest links of one board. */
  linksMax: 20,
  /** Members of one board, besides its owner. */
  membersMax: 50,
  passwordMin: 4,
  passwordMax: 64,
  expiryDaysMax: 365,
  pageSizeMax: 60,
  /** Wrong passwords a link takes before it refuses every try for LINK_LOCK_MINUTES. */
  passwordTries: 5,
  lockMinutes: 15,
} as const;

/** Store calls of boards (all POST), below STORE_API_PREFIX: the owner's. */
export const BoardCalls = {
  list: '/board/list',
  create: '/board/create',
  update: '/board/update',
  remove: '/board/delete',
  detail: '/board/detail',
  addItems: '/board/items/add',
  removeItems: '/board/items/remove',
  noteItem: '/board/items/note',
  moveItem: '/board/items/move',
  itemComments: '/board/items/comments',
  comment: '/board/items/comment',
  /** { id, itemId, value: 1 | -1 | 0 } → null: a member's vote on an item (0 takes it back). */
  vote: '/board/items/vote',
  members: '/board/members',
  addMember: '/board/members/add',
  removeMember: '/board/members/remove',
  links: '/board/links',
  createLink: '/board/links/create',
  revokeLink: '/board/links/revoke',
} as const;

/** Store calls of a board opened by a guest link (no account): nothing else answers a link. */
export const SharedBoardCalls = {
  open: '/board-share/open',
  itemComments: '/board-share/comments',
  comment: '/board-share/comment',
  vote: '/board-share/vote',
  sample: '/board-share/sample',
} as const;

/** Members see a board and comment; editors also change its items; the owner alone renames, deletes and shares it. */
export const BOARD_ROLES = ['viewer', 'editor'] as const;
export type BoardRole = (typeof BOARD_ROLES)[number];

export interface BoardSummary {
  id: number;
  name: string;
  /** The caller's part in it. */
  role: 'owner' | BoardRole;
  /** The cover's thumbnail: the chosen cover, else the first item's; empty for an empty board. */
  cover: string;
  itemCount: number;
  updatedAt: string;
}

export interface BoardItem {
  id: number;
  note: string;
  /** The material's card; null once it is no longer on sale (the item stays, greyed, until removed). */
  card: MaterialCard | null;
  materialId: number;
  /** Who put it on the board (a member's nickname; empty when unknown). */
  addedBy: string;
  comments: number;
  votes: { up: number; down: number };
  /** The caller's own vote (a member's, or a guest's in this browser). */
  myVote: -1 | 0 | 1;
  addedAt: string;
}

export interface BoardDetail extends BoardSummary {
  coverMaterialId: number | null;
  items: BoardItem[];
  pageNo: number;
  pageSize: number;
}

export interface BoardComment {
  id: number;
  /** The display name a guest gave, or the member's nickname (empty when unknown). */
  author: string;
  byOwner: boolean;
  byGuest: boolean;
  body: string;
  createdAt: string;
}

export interface BoardLink {
  id: number;
  token: string;
  hasPassword: boolean;
  expiresAt: string | null;
  state: 'live' | 'revoked' | 'expired';
  createdAt: string;
}

export interface BoardMember {
  userId: string;
  nickname: string;
  /** Masked (138****0041). */
  contact: string;
  role: BoardRole;
  addedAt: string;
}

/** What a guest sees: the board without its owner's notes on links, and the guest's own votes. */
export interface SharedBoard {
  name: string;
  /** The owner's nickname, so the client knows whose selection it is. */
  ownerName: string;
  cover: string;
  itemCount: number;
  items: BoardItem[];
  pageNo: number;
  pageSize: number;
  /** For a password link: a pass (12 hours) to send instead of the password on later calls; null otherwise. */
  pass: string | null;
}
