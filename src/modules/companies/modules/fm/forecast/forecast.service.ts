import { Injectable } from '@nestjs/common';
import { AppException } from '../../../../../core/http/app.exception';
import { currencyDecimals } from '../../../../../core/money/currencies';
import { ForecastQueryDto, ForecastSummaryDto, ForecastTimelineDto } from './dto/forecast.dto';
import { ForecastDay, ForecastRepository } from './forecast.repository';
import { thetaForecast } from './theta';

const DAY_MS = 86_400_000;
/** The default window: the 180 UTC days ending today, inclusive. */
const DEFAULT_WINDOW_DAYS = 180;
/** The longest window, about ten years: a daily series beyond it is not a forecast's business. */
const MAX_WINDOW_DAYS = 3660;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The window, its days and the forecast of each series, shared by the timeline and the summary. */
interface Forecast {
  head: Omit<ForecastTimelineDto, 'points'>;
  days: ForecastDay[];
  /** Rounds a predicted amount to the currency's decimals. */
  round: (value: number) => number;
  /** Forecast days' dates, after the window's last day. */
  dates: string[];
  net: number[];
}

/**
 * The finance forecast (CONTRACT 14): the Theta method over the window's daily net flow of
 * completed transactions in one currency. The window's figures are exact sums from SQL; the
 * predictions are estimates in floating point, rounded to the currency's decimals.
 */
@Injectable()
export class ForecastService {
  constructor(private readonly repository: ForecastRepository) {}

  async timeline(companyId: string, query: ForecastQueryDto): Promise<ForecastTimelineDto> {
    const { head, days, round, dates, net } = await this.forecast(companyId, query);
    let balance = days[days.length - 1].balance;
    const predicted = dates.map((date, i) => {
      balance = round(balance + net[i]);
      return { date, net_flow: net[i], balance, is_actual: false };
    });
    const actual = days.map((day) => ({
      date: day.date,
      net_flow: day.net_flow,
      balance: day.balance,
      is_actual: true,
    }));
    return { ...head, points: [...actual, ...predicted] };
  }

  async summary(companyId: string, query: ForecastQueryDto): Promise<ForecastSummaryDto> {
    const { head, days, round, net } = await this.forecast(companyId, query);
    const window = days[0];
    const current_balance = days[days.length - 1].balance;
    /** The predicted total of one daily series over the horizon; a day never predicts less than nothing. */
    const predictedTotal = (series: number[]) =>
      thetaForecast(series, query.horizon).reduce((sum, value) => sum + Math.max(0, value), 0);
    const predicted_net_flow = round(net.reduce((sum, value) => sum + value, 0));
    return {
      ...head,
      predicted_balance: round(current_balance + predicted_net_flow),
      predicted_income: round(predictedTotal(days.map((day) => day.income))),
      predicted_expense: round(predictedTotal(days.map((day) => day.expense))),
      predicted_net_flow,
      predicted_tx_count: Math.round(predictedTotal(days.map((day) => day.count))),
      current_balance,
      current_income: window.window_income,
      current_expense: window.window_expense,
      current_tx_count: window.window_count,
    };
  }

  private async forecast(companyId: string, query: ForecastQueryDto): Promise<Forecast> {
    const last = utcDay(query.end_date ? Date.parse(query.end_date) : Date.now());
    const first = query.start_date
      ? utcDay(Date.parse(query.start_date))
      : utcDay(Date.parse(last) - (DEFAULT_WINDOW_DAYS - 1) * DAY_MS);
    const length = (Date.parse(last) - Date.parse(first)) / DAY_MS + 1;
    if (length < 1) {
      throw AppException.validation([
        { field: 'start_date', message: 'must not be after today when end_date is not given' },
      ]);
    }
    if (length > MAX_WINDOW_DAYS) {
      throw AppException.validation([
        { field: 'start_date', message: `the window may span at most ${MAX_WINDOW_DAYS} days` },
      ]);
    }
    const days = await this.repository.days(companyId, query.currency, first, last);
    const data_points = days.filter((day) => day.count > 0).length;
    if (data_points < 2) {
      throw AppException.conflict('A forecast needs at least 2 days with completed transactions in the window');
    }
    const decimals = currencyDecimals(query.currency);
    const round = (value: number) => Number(value.toFixed(decimals)) || 0;
    const net = thetaForecast(
      days.map((day) => day.net_flow),
      query.horizon,
    ).map(round);
    const dates = Array.from({ length: query.horizon }, (_, h) => utcDay(Date.parse(last) + (h + 1) * DAY_MS));
    const confidence = data_points >= 90 ? 'high' : data_points >= 30 ? 'medium' : 'low';
    const head = { method: query.method, currency: query.currency, horizon: query.horizon, data_points, confidence };
    return { head, days, round, dates, net };
  }
}
