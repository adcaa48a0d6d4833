import type { Server } from 'node:http';
import { Injectable } from '@nestjs/common';

/** Response times kept between two readings; a busier interval keeps its latest ones. */
const DURATIONS_KEPT = 4096;

/** The requests of an interval as the console's server page shows them (docs/admin.md, "Server"). */
export interface RequestReading {
  requests_total: number;
  requests_4xx_total: number;
  requests_5xx_total: number;
  avg_response_time_ms: number;
  p95_response_time_ms: number;
  active_connections: number;
}

/**
 * An always-on tally of the application's requests, fed by requestLog at each completion: counts
 * since start, and the response times since the previous reading in a fixed ring (numbers into a
 * preallocated array: nothing allocated per request). Connections are the HTTP server's own count.
 */
@Injectable()
export class RequestTally {
  private total = 0;
  private clientErrors = 0;
  private serverErrors = 0;
  private readonly durations = new Float64Array(DURATIONS_KEPT);
  /** Responses since the previous reading; the ring holds the latest DURATIONS_KEPT of them. */
  private timed = 0;
  private server?: Server;

  /** Counts the connections of `server` (the application's). */
  watch(server: Server): void {
    this.server = server;
  }

  record(status: number, ms: number): void {
    this.total++;
    if (status >= 500) this.serverErrors++;
    else if (status >= 400) this.clientErrors++;
    this.durations[this.timed % DURATIONS_KEPT] = ms;
    this.timed++;
  }

  /** The counts, and the mean and 95th percentile of the response times since the previous reading. */
  async read(): Promise<RequestReading> {
    const times = this.durations.slice(0, Math.min(this.timed, DURATIONS_KEPT)).sort();
    this.timed = 0;
    const sum = times.reduce((total, ms) => total + ms, 0);
    return {
      requests_total: this.total,
      requests_4xx_total: this.clientErrors,
      requests_5xx_total: this.serverErrors,
      avg_response_time_ms: times.length ? Math.round((sum / times.length) * 100) / 100 : 0,
      p95_response_time_ms: times.length ? times[Math.min(Math.floor(times.length * 0.95), times.length - 1)] : 0,
      active_connections: await this.connections(),
    };
  }

  private connections(): Promise<number> {
    const server = this.server;
    if (!server) return Promise.resolve(0);
    return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  }
}
