import { boardsEn } from '../../i18n/resources/boards.en';
import { boardsZhCN } from '../../i18n/resources/boards.zh-CN';
import { addPageMessages } from '../../i18n/pageMessages';
import { serverMessageOr } from '../../api/client';

// Loaded with the boards pages and with "save to board" (the detail page's chunk), not the home route.
addPageMessages('boards', boardsZhCN, boardsEn);

/** The boards pages' name for it: importing it from here also brings the boards' messages. */
export const messageOf = serverMessageOr;
