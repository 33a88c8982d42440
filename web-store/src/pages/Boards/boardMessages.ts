import { boardsEn } from '../../i18n/resources/boards.en';
import { boardsZhCN } from '../../i18n/resources/boards.zh-CN';
import { addPageMessages } from '../../i18n/pageMessages';
import { ApiError } from '../../api/client';

// Loaded with the boards pages and with "save to board" (the detail page's chunk), not the home route.
addPageMessages('boards', boardsZhCN, boardsEn);

/** The server's message when it gave one (already in the user's language), else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}
