export * from './cjk-pdf.js';
