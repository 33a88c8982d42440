import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** Marks, embeddings, overrides and isolates that make text display in another order than it is stored. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]+/g;

/**
 * The one rule for text at the edge: composed (NFC) so that the same name is stored the same way
 * whatever keyboard typed it, without control characters (tabs and line breaks stay) and without
 * bidirectional controls, so that text printed on a licence reads as it is stored.
 */
export function normaliseText(value: string): string {
  return value.normalize('NFC').replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, '');
}

/** {@link normaliseText} for a one-line field: tabs and line breaks become one space, ends trimmed. */
export function normaliseLine(value: string): string {
  return normaliseText(value).replace(LINE_BREAKS_AND_TABS, ' ').trim();
}

/** A one-line text field (names, titles, reasons): normalised, then held to its length. */
export function lineText(min: number, max: number) {
  return z.string().overwrite(normaliseLine).min(min).max(max);
}
