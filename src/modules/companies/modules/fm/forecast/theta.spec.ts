import { bestAlpha, linearTrend, smoothedLevel, thetaForecast } from './theta';

describe('Theta method', () => {
  it('fits the least-squares line', () => {
    expect(linearTrend([3, 1, 4, 1, 5])).toEqual({ intercept: expect.closeTo(2, 12), slope: expect.closeTo(0.4, 12) });
    expect(linearTrend([7])).toEqual({ intercept: 7, slope: 0 });
  });

  it('smooths exponentially from the first value', () => {
    // 1 → 1.5 → 2.25 → 3.125 → 4.0625
    expect(smoothedLevel([1, 2, 3, 4, 5], 0.5)).toBe(4.0625);
  });

  it('matches a hand-computed SES + linear-trend combination', () => {
    // Trend 2 + 0.4t; θ=2 line 2y − trend = [4, −0.4, 5.2, −1.2, 6.4]; its SES level at α = 0.5:
    // 4 → 1.8 → 3.5 → 1.15 → 3.775. Forecast h: (trend(4 + h) + 3.775) / 2 → 3.8875, 4.0875, 4.2875.
    const forecast = thetaForecast([3, 1, 4, 1, 5], 3, 0.5);
    [3.8875, 4.0875, 4.2875].forEach((expected, i) => expect(forecast[i]).toBeCloseTo(expected, 12));
  });

  it('on a straight line: half the trend, half the lagging level', () => {
    // y = 1 + t: the θ=2 line is the series itself, level 4.0625 at α = 0.5; trend at t = 5 is 6.
    expect(thetaForecast([1, 2, 3, 4, 5], 1, 0.5)[0]).toBeCloseTo(5.03125, 12);
  });

  it('keeps a constant series constant, whatever alpha is chosen', () => {
    expect(thetaForecast([10, 10, 10, 10], 3)).toEqual([10, 10, 10]);
  });

  it('chooses the alpha with the least one-step error', () => {
    // A random walk is followed most closely by the largest alpha; white noise around a level by a small one.
    expect(bestAlpha([1, 5, 9, 13, 17, 21])).toBe(0.95);
    expect(bestAlpha([10, 12, 8, 11, 9, 10, 12, 8, 11, 9])).toBe(0.05);
  });
});
