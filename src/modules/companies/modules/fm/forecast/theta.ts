/**
 * The Theta method (Assimakopoulos & Nikolopoulos, 2000) in its standard form: the series is
 * split into two theta lines, the linear trend (θ = 0), extrapolated, and the doubled-curvature
 * line z = 2y − trend (θ = 2), forecast by simple exponential smoothing; the forecast is their
 * equal-weight mean. Pure arithmetic on plain numbers: forecasts are estimates, not money.
 */

/** The least-squares line through (t, series[t]), t = 0 … n−1. */
export function linearTrend(series: readonly number[]): { intercept: number; slope: number } {
  const n = series.length;
  const meanT = (n - 1) / 2;
  const meanY = series.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  series.forEach((y, t) => {
    covariance += (t - meanT) * (y - meanY);
    variance += (t - meanT) ** 2;
  });
  const slope = variance === 0 ? 0 : covariance / variance;
  return { intercept: meanY - slope * meanT, slope };
}

/** Simple exponential smoothing: the level after the last value (level₀ = the first value). */
export function smoothedLevel(series: readonly number[], alpha: number): number {
  return series.slice(1).reduce((level, y) => alpha * y + (1 - alpha) * level, series[0]);
}

/** The sum of squared one-step-ahead errors of simple exponential smoothing with `alpha`. */
function oneStepError(series: readonly number[], alpha: number): number {
  let level = series[0];
  let error = 0;
  for (const y of series.slice(1)) {
    error += (y - level) ** 2;
    level = alpha * y + (1 - alpha) * level;
  }
  return error;
}

/** The smoothing constant (0.05 … 0.95 in steps of 0.05) with the least one-step error; ties take the smaller. */
export function bestAlpha(series: readonly number[]): number {
  let best = 0.05;
  let bestError = Infinity;
  for (let step = 1; step <= 19; step++) {
    const alpha = step / 20;
    const error = oneStepError(series, alpha);
    if (error < bestError) [best, bestError] = [alpha, error];
  }
  return best;
}

/** The next `horizon` values of `series` (at least one value) by the Theta method. */
export function thetaForecast(series: readonly number[], horizon: number, alpha = bestAlpha(series)): number[] {
  const { intercept, slope } = linearTrend(series);
  const thetaTwo = series.map((y, t) => 2 * y - (intercept + slope * t));
  const level = smoothedLevel(thetaTwo, alpha);
  const n = series.length;
  return Array.from({ length: horizon }, (_, h) => 0.5 * (intercept + slope * (n + h)) + 0.5 * level);
}
