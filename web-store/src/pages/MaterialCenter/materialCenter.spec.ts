import { materialCenterQuery, statusMessage } from './materialCenterQuery';

describe('material centre query', () => {
  it('defaults to the home tab, list mode and every state', () => {
    expect(materialCenterQuery(new URLSearchParams(''))).toEqual({ tab: 'home', mode: 1, sec: -1, statusFilter: null });
    expect(materialCenterQuery(new URLSearchParams('tab=nonsense&sec=9'))).toMatchObject({ tab: 'home', sec: -1 });
  });

  it('reads what the upload panel opens and a state section', () => {
    expect(materialCenterQuery(new URLSearchParams('tab=videoWaiting&mode=1&sec=-1'))).toEqual({ tab: 'videoWaiting', mode: 1, sec: -1, statusFilter: null });
    expect(materialCenterQuery(new URLSearchParams('tab=photoWaiting&mode=0&sec=1'))).toEqual({ tab: 'photoWaiting', mode: 0, sec: 1, statusFilter: 'failed' });
  });

  it('says transcoding files are being transcoded and shows reasons', () => {
    expect(statusMessage({ status: 'transcoding', reason: null })).toEqual({ key: 'uploadTranscoding' });
    expect(statusMessage({ status: 'failed', reason: 'uploadVideoResolution' })).toEqual({ key: 'uploadVideoResolution' });
    expect(statusMessage({ status: 'rejected', reason: 'Out of focus' })).toEqual({ text: 'Out of focus' });
    expect(statusMessage({ status: 'waiting', reason: null })).toBeNull();
  });
});
