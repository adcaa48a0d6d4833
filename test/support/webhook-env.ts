/**
 * Imported first by the webhook e2e tests, before the application's modules read the settings:
 * a receiver on loopback over http, and short waits instead of seconds and hours.
 */
process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
process.env.WEBHOOK_POLL_MS = '50';
process.env.WEBHOOK_TIMEOUT_MS = '700';
process.env.WEBHOOK_RETRY_SCHEDULE = '0.2,0.2,0.2';
