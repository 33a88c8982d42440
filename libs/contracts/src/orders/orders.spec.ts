import { personalDeliverySize } from './api.js';

describe('personalDeliverySize', () => {
  it('fits video into 1920x1080, upright clips into 1080x1920, with even sides', () => {
    expect(personalDeliverySize('video', 3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(personalDeliverySize('video', 2160, 3840)).toEqual({ width: 1080, height: 1920 });
    expect(personalDeliverySize('video', 4096, 2160)).toEqual({ width: 1920, height: 1012 });
    expect(personalDeliverySize('video', 2560, 1440)).toEqual({ width: 1920, height: 1080 });
    // Wider than 16:9 is bound by the long side, squarer than 16:9 by the short one.
    expect(personalDeliverySize('video', 4000, 1000)).toEqual({ width: 1920, height: 480 });
    expect(personalDeliverySize('video', 2000, 2000)).toEqual({ width: 1080, height: 1080 });
  });

  it('delivers files within the limit as they are (null), never enlarged', () => {
    expect(personalDeliverySize('video', 1920, 1080)).toBeNull();
    expect(personalDeliverySize('video', 1280, 720)).toBeNull();
    expect(personalDeliverySize('video', 1080, 1920)).toBeNull();
    expect(personalDeliverySize('photo', 1000, 667)).toBeNull();
    expect(personalDeliverySize('photo', 0, 0)).toBeNull();
  });

  it('gives photos a medium size: 1000 px on the long side', () => {
    expect(personalDeliverySize('photo', 6000, 4000)).toEqual({ width: 1000, height: 667 });
    expect(personalDeliverySize('photo', 4000, 6000)).toEqual({ width: 667, height: 1000 });
    expect(personalDeliverySize('photo', 1800, 1200)).toEqual({ width: 1000, height: 667 });
  });
});
