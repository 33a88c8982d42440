import { checkPhotoFile, checkVideoFile } from '@mkt/contracts/web';
import i18next from 'i18next';
import { en } from '../i18n/resources/en';
import { zhCN } from '../i18n/resources/zh-CN';
import { failureOf } from './uploader';
import { uploadMessageText } from './uploadMessages';

const MB = 1024 * 1024;

function translator(language: 'zh-CN' | 'en') {
  const instance = i18next.createInstance();
  void instance.init({ resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } }, lng: language, initAsync: false, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('upload status messages (spec section 8)', () => {
  const enT = translator('en');
  const zhT = translator('zh-CN');

  it('shows the file\'s own size in the size refusals', () => {
    expect(uploadMessageText(checkVideoFile({ name: 'a.mp4', size: 3 * 1024 * MB + 1 }), enT)).toBe('file must not exceed 3GB (3.00GB)');
    expect(uploadMessageText(checkVideoFile({ name: 'a.mp4', size: 2 * MB }), enT)).toBe('file must not be smaller than 10MB (2.00MB)');
    expect(uploadMessageText(checkPhotoFile({ name: 'a.jpg', size: 60 * MB }, undefined), zhT)).toBe('文件大小不能超过50MB（60.00MB）');
    expect(uploadMessageText(checkVideoFile({ name: 'a.mov', size: MB }), enT)).toBe('unsupported file type');
  });

  it('words an init failure with message, code and transfer id, even without a server answer', () => {
    const refused = failureOf('init', Object.assign(new Error('账号已停用'), { code: 3, requestId: 'req-77aa88bb' }));
    expect(uploadMessageText(refused, zhT)).toBe('上传初始化失败：账号已停用（错误码 3，传输编号 req-77aa88bb）');
    const unanswered = failureOf('init', Object.assign(new Error(''), { code: -1, requestId: null }));
    expect(uploadMessageText(unanswered, enT)).toBe('Upload init failed: Upload request error (code -1, transfer ID -)');
  });

  it('asks for a retry after a transfer or chunk-merge error, with the server\'s reason when it gave one', () => {
    expect(uploadMessageText(failureOf('transfer', new Error('network')), enT)).toBe('Transfer error, please retry');
    expect(uploadMessageText(failureOf('merge', Object.assign(new Error('分片不完整'), { code: 4005 })), zhT)).toBe('分片合并出错，请重试：分片不完整');
    expect(uploadMessageText(failureOf('merge', new TypeError('x')), enT)).toBe('Chunk merge error, please retry');
  });

  it('falls back to \'Upload request error\' for anything that is not an API answer', () => {
    expect(uploadMessageText(failureOf('init', new TypeError('boom')), enT)).toBe('Upload request error');
    expect(uploadMessageText({ key: 'uploadRequestError' }, zhT)).toBe('上传请求错误');
    expect(uploadMessageText(null, enT)).toBeNull();
  });
});
