/**
 * The media toolkit: finding ffmpeg/ffprobe, running them, parsing probes, pure argument
 * builders, the sample watermark and perceptual hashes. No Nest, no ports: plain functions and
 * classes that the catalogue's demo renderer and the upload pipeline both use.
 */
export { chooseBinary, resolveMediaBinaries, type BinaryCandidates, type MediaBinaries } from './media-binaries.js';
export { FfmpegProcessError, FfmpegRunner, inputUnreachable, withoutLinkCredentials, type FfmpegRunnerOptions } from './ffmpeg-runner.js';
export { parseProbeOutput, parseRate, type ProbedVideo } from './probe-result.js';
export { orientedSize, probeVideo } from './media-size.js';
export {
  buildDeliveryArgs,
  buildKeyframeArgs,
  buildProbeArgs,
  buildRenditionArgs,
  buildRenditionFilterGraph,
  buildSignatureFramesArgs,
  SIGNATURE_FRAME_EVERY_SECONDS,
  inputOptions,
  isLinkInput,
  planRenditions,
  PREVIEW_HEIGHT,
  STRIP_FRAMES,
  STRIP_TILE,
  type RenditionPaths,
  type RenditionPlan,
} from './ffmpeg-args.js';
export { buildWatermarkSvg, watermarkFontSize, watermarkText, WATERMARK_TEXT_ASCII, WATERMARK_TEXT_BILINGUAL, type WatermarkOptions } from './watermark-svg.js';
export { renderWatermarkPng } from './watermark-image.js';
export { DOCUMENT_FILE_INSPECTOR, DOCUMENT_PREVIEW_TYPE, SharpDocumentFileInspector, type DocumentFileInspector, type DocumentImageContent } from './document-file-inspector.js';
export { hasCjkFont } from './font-probe.js';
export { dHashFromGrey, differenceHash, hammingDistance } from './perceptual-hash.js';
export { sharesFrame, videoFrameHashes } from './video-fingerprint.js';
export {
  COMPOSITION_BYTES,
  SIGNATURE_RASTER,
  compositionGrid,
  DETAIL_SIDE,
  detailGrid,
  dominantColours,
  signatureOfRaster,
  signatureRaster,
  visualSignature,
  type DominantColour,
  type VisualSignature,
} from './visual-signature.js';
export { detailIsFlat, detailSimilarity, sourceLikeness } from './detail-likeness.js';
export { frameTimesMs, videoFrameSignatures, type FrameSignature } from './video-frame-signatures.js';
export {
  buildPreviewStreamArgs,
  masterPlaylist,
  planStreamRenditions,
  playlistSegments,
  renderPreviewStream,
  STREAM_MASTER_NAME,
  STREAM_SEGMENT_SECONDS,
  type StreamFile,
  type StreamRendition,
  type StreamVariant,
} from './preview-stream.js';
