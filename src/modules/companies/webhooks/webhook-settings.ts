import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../../config/environment';

/** How deliveries run (README settings; the tests shorten the waits). */
export interface WebhookSettings {
  allowPrivate: boolean;
  pollMs: number;
  timeoutMs: number;
  /** Seconds before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h by default (CONTRACT 19). */
  retrySchedule: number[];
}

export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');

export function webhookSettings(config: ConfigService<Environment, true>): WebhookSettings {
  return {
    allowPrivate: config.get('WEBHOOK_ALLOW_PRIVATE', { infer: true }),
    pollMs: config.get('WEBHOOK_POLL_MS', { infer: true }),
    timeoutMs: config.get('WEBHOOK_TIMEOUT_MS', { infer: true }),
    retrySchedule: config.get('WEBHOOK_RETRY_SCHEDULE', { infer: true }),
  };
}
