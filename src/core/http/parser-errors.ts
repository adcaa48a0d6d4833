import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorEnvelope } from './envelope';

/**
 * Requests Node's HTTP parser refuses before Express sees them (a request line and headers over
 * 16 KiB, a malformed request) are answered with the error envelope like every other error,
 * instead of Node's bare status line; the connection then closes. A client too slow to send its
 * request (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS) gets 408 the same way.
 */
export function answerParserErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    // Headers or body not received within HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS.
    const tooSlow = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = tooLarge ? 431 : tooSlow ? 408 : 400;
    const envelope: ErrorEnvelope = {
      status: false,
      message: tooLarge
        ? 'Request line and headers too large'
        : tooSlow
          ? 'Request not received in time'
          : 'Malformed HTTP request',
      data: {},
      error: {
        code: 'validation_failed',
        details: [
          tooLarge
            ? { field: 'headers', message: 'the request line and headers must not exceed 16 KiB' }
            : tooSlow
              ? { field: 'request', message: 'must be sent in full within the server timeouts' }
              : { field: 'request', message: 'must be a well-formed HTTP/1.1 request' },
        ],
      },
      meta: { timestamp: new Date().toISOString(), request_id: randomUUID(), path: '', method: '' },
    };
    const body = JSON.stringify(envelope);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
