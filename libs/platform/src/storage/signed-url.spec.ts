import { attachmentDisposition } from './content-disposition.js';
import { LocalUrlSigner } from './signed-url.js';

describe('LocalUrlSigner', () => {
  const secret = 'a-signing-secret-of-at-least-32-characters';
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const signer = new LocalUrlSigner({ publicBaseUrl: 'https://stock.example.com/', secret, now: () => now });

  function getParams(url: string) {
    const parsed = new URL(url);
    const [, route, bucket, ...key] = parsed.pathname.split('/').map(decodeURIComponent);
    return {
      route,
      bucket,
      key: key.join('/'),
      expires: parsed.searchParams.get('expires') ?? undefined,
      downloadName: parsed.searchParams.get('download') ?? undefined,
      signature: parsed.searchParams.get('sig') ?? undefined,
    };
  }

  it('builds a download link on the public base URL, the key encoded segment by segment', () => {
    const url = signer.signGet('originals', '素材/a b#?.mp4', 600, '样片.mp4');
    expect(url).toMatch(
      /^https:\/\/stock\.example\.com\/files\/originals\/%E7%B4%A0%E6%9D%90\/a%20b%23%3F\.mp4\?expires=1735733400&download=.+&sig=[\w-]{43}$/,
    );
    const params = getParams(url);
    expect(params).toMatchObject({ route: 'files', bucket: 'originals', key: '素材/a b#?.mp4', downloadName: '样片.mp4' });
    expect(signer.verifyGet(params)).toEqual({ valid: true });
  });

  it('rejects any change to what was signed', () => {
    const params = getParams(signer.signGet('originals', 'clip.mp4', 600, 'clip.mp4'));
    const tampered = [
      { ...params, bucket: 'renditions' },
      { ...params, key: 'other.mp4' },
      { ...params, expires: String(Number(params.expires) + 1) },
      { ...params, downloadName: undefined },
      { ...params, downloadName: 'clip.html' },
      { ...params, signature: undefined },
      { ...params, signature: `${params.signature?.slice(0, -1)}A` },
      { ...params, signature: 'short' },
      { ...params, expires: '1e12' },
    ];
    for (const attempt of tampered) expect(signer.verifyGet(attempt)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('keeps download and part-upload signatures apart', () => {
    const part = new URL(signer.signPartUpload('originals', 'clip.mp4', 'upload-1', 3, 600));
    expect(part.pathname).toBe('/files-upload/originals/clip.mp4');
    const partParams = {
      bucket: 'originals',
      key: 'clip.mp4',
      uploadId: part.searchParams.get('uploadId') ?? undefined,
      partNumber: part.searchParams.get('partNumber') ?? undefined,
      expires: part.searchParams.get('expires') ?? undefined,
      signature: part.searchParams.get('sig') ?? undefined,
    };
    expect(signer.verifyPartUpload(partParams)).toEqual({ valid: true });
    expect(signer.verifyPartUpload({ ...partParams, partNumber: '4' })).toEqual({ valid: false, reason: 'invalid' });
    expect(signer.verifyPartUpload({ ...partParams, uploadId: 'upload-2' })).toEqual({ valid: false, reason: 'invalid' });
    expect(signer.verifyGet({ bucket: 'originals', key: 'clip.mp4', expires: partParams.expires, downloadName: undefined, signature: partParams.signature })).toEqual({
      valid: false,
      reason: 'invalid',
    });
  });

  it('reports expiry only for links it signed, from the second after the expiry time', () => {
    const params = getParams(signer.signGet('originals', 'clip.mp4', 60));
    const at = (ms: number) => new LocalUrlSigner({ publicBaseUrl: 'https://x', secret, now: () => ms });
    expect(at(now + 60_999).verifyGet(params)).toEqual({ valid: true });
    expect(at(now + 61_000).verifyGet(params)).toEqual({ valid: false, reason: 'expired' });
    expect(new LocalUrlSigner({ publicBaseUrl: 'https://x', secret: `${secret}!`, now: () => now }).verifyGet(params)).toEqual({
      valid: false,
      reason: 'invalid',
    });
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition(`授权书 "A" (1)'s.pdf`)).toBe(
      `attachment; filename="___ _A_ (1)'s.pdf"; filename*=UTF-8''%E6%8E%88%E6%9D%83%E4%B9%A6%20%22A%22%20%281%29%27s.pdf`,
    );
  });
});
