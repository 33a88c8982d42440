import { desktopDownloads } from './desktopUploader';

describe('desktopDownloads', () => {
  it('lists only the platforms the deployment offers, Windows first', () => {
    expect(desktopDownloads({ version: '2.3.2', windowsUrl: 'https://cdn.example.com/w.exe', macUrl: '/files/m.dmg' })).toEqual([
      { platform: 'windows', url: 'https://cdn.example.com/w.exe', version: '2.3.2' },
      { platform: 'mac', url: '/files/m.dmg', version: '2.3.2' },
    ]);
    expect(desktopDownloads({ version: '2.3.2', windowsUrl: null, macUrl: '/files/m.dmg' }).map((d) => d.platform)).toEqual(['mac']);
  });

  it('offers nothing when no file is configured or the answer never came', () => {
    expect(desktopDownloads({ version: '2.3.2', windowsUrl: null, macUrl: null })).toEqual([]);
    expect(desktopDownloads(null)).toEqual([]);
  });
});
