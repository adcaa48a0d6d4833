import pino from 'pino';
import { Writable } from 'node:stream';
import { REDACTED_PATHS } from './logger.options';

describe('log redaction', () => {
  it('blanks credentials in request headers and bodies', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    logger.info({
      req: { headers: { authorization: 'Bearer bps_secret', 'x-api-key': 'bpk_secret', cookie: 'sid=secret' } },
      body: { password: 'hunter2', raw_key: 'bpk_secret', access_token: 'bps_secret' },
    });
    expect(lines.join('')).not.toMatch(/secret|hunter2/);
    expect(lines.join('')).toContain('[redacted]');
  });
});
