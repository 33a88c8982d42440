import type { TFunction } from 'i18next';
import type { QueueFile } from './uploader';

/**
 * A file's status message in the user's language. A server refusal arrives already worded, so it
 * is shown as it came, after the step that failed; an init failure always names a code and the
 * request's id, even without a server answer, so a contributor can quote them to support.
 */
export function uploadMessageText(message: QueueFile['message'], t: TFunction): string | null {
  if (!message) return null;
  switch (message.key) {
    case 'uploadInitFailed':
      return t('uploads.rules.uploadInitFailed', {
        message: message.params.message || t('uploads.rules.uploadRequestError'),
        code: message.params.code,
        transferId: message.params.transferId || '-',
      });
    case 'uploadRequestError':
      return message.params?.message || t('uploads.rules.uploadRequestError');
    case 'uploadTransferError':
    case 'uploadMergeError': {
      const text = t(`uploads.rules.${message.key}`);
      return message.params?.message ? t('uploads.rules.withDetail', { text, detail: message.params.message }) : text;
    }
    default:
      // A rule's params (the file's size) fill the placeholders its message has, whichever rule it is.
      return t(`uploads.rules.${message.key}` as 'uploads.rules.uploadVideoTooLarge', { fileSize: '', ...message.params });
  }
}
