import { execFile } from 'node:child_process';

let cjkFontAvailable: Promise<boolean> | undefined;

/**
 * Whether fontconfig knows a Chinese font, i.e. whether librsvg can draw the bilingual
 * watermark. Asked once per process; a machine without fc-list counts as "no".
 */
export function hasCjkFont(): Promise<boolean> {
  cjkFontAvailable ??= new Promise((resolve) => {
    execFile('fc-list', [':lang=zh', 'family'], { timeout: 5000 }, (error, stdout) => resolve(!error && stdout.trim().length > 0));
  });
  return cjkFontAvailable;
}
