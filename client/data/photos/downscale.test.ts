/** The size a photo is drawn at before it is sent: 1600 px on the long side at most, never enlarged. */
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_SIDE, fitWithin } from './downscale';

describe('fitWithin', () => {
  it('brings a 12-megapixel photo to 1600 px on its long side, keeping its shape', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('leaves a photo that already fits as it is', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('never draws a side of 0 px', () => {
    expect(fitWithin(20_000, 3)).toEqual({ width: MAX_PHOTO_SIDE, height: 1 });
  });
});
