import { Controller, applyDecorators } from '@nestjs/common';
import { RawResponse } from '../http/envelope.js';
import { QueryTextUnchecked } from '../http/storable-text.js';

/**
 * A controller of shared store pages (ADR 0029): at the site root, not below /api; answers HTML,
 * not the envelope; and reads its query leniently, since whatever a link carries, the answer is
 * the store (a malformed value only loses the page's own tags). Its handlers answer through
 * SharePageResponder. Add `@ApiExcludeController()`: pages are not API calls.
 */
export const SharePageController = () => applyDecorators(Controller(), RawResponse(), QueryTextUnchecked());
