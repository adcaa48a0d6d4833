import { createHash } from 'node:crypto';
import type { Request } from 'express';

/** A body its route reads as a stream (a multipart upload), never parsed before the handler runs. */
export const streamsBody = (req: Request): boolean => /^multipart\//i.test(req.headers['content-type'] ?? '');

/**
 * The SHA-256 of a streamed body, taken from its bytes as they pass to whoever reads them: nothing
 * is copied or held. `hex` rejects when the body does not arrive whole (the client went away, or
 * the body was dropped unread).
 */
export class BodyDigest {
  readonly hex: Promise<string>;

  constructor(private readonly req: Request) {
    const hash = createHash('sha256');
    const onData = (chunk: Buffer) => hash.update(chunk);
    // Listening must not start the flow: the bytes wait for the handler's reader.
    req.pause();
    req.on('data', onData);
    this.hex = new Promise((resolve, reject) => {
      req.once('end', () =>
        // Node drops the listeners of a body nobody read once the answer is sent.
        req.listeners('data').includes(onData)
          ? resolve(hash.digest('hex'))
          : reject(new Error('The body was dropped unread')),
      );
      req.once('close', () => {
        if (!req.readableEnded) reject(new Error('The client went away before the body ended'));
      });
    });
    // Seen by whoever awaits it; a body never awaited (a 5xx frees the key) must not count as unhandled.
    this.hex.catch(() => undefined);
  }

  /** Reads the body when nothing else will (a repeat's), and its digest. */
  drain(): Promise<string> {
    this.req.resume();
    return this.hex;
  }
}
