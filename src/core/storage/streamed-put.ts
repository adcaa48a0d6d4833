import { PassThrough, Readable } from 'node:stream';

/**
 * A PUT of `length` bytes fed as they arrive, so the store takes a file in while its client is
 * still sending it. Every byte but the last is passed on at once; the last only by finish(),
 * once the stream is known to have been exactly `length` long: a store never completes an object
 * of other bytes (a PUT that stops short of its Content-Length is discarded). What was offered
 * is the caller's to keep for sending again when the guess was wrong.
 */
export class StreamedPut {
  /** The store's answer: rejects when it refused, or when the put was abandoned. */
  readonly sent: Promise<unknown>;
  private readonly body = new PassThrough();
  private offered = 0;
  private held: Buffer | null = null;
  private finished = false;
  private failedEarly = false;

  constructor(
    readonly length: number,
    send: (body: Readable) => Promise<unknown>,
  ) {
    // An abandoned body's error is the put's (`sent` rejects); one abandoned before the client
    // has taken the body up (it signs first) must not be an unhandled 'error' event.
    this.body.on('error', () => undefined);
    this.sent = send(this.body);
    // Seen where the caller awaits it; an abandoned put's failure is expected.
    this.sent.catch(() => {
      if (!this.finished) this.failedEarly = true;
    });
  }

  /** Passes the chunk on (all but a last byte); false, and the put abandoned, when the stream outgrows the length. */
  offer(chunk: Buffer): boolean {
    const before = this.offered;
    this.offered += chunk.length;
    if (this.offered > this.length) {
      this.abandon();
      return false;
    }
    const now = Math.min(chunk.length, this.length - 1 - before);
    if (now > 0) this.body.write(now === chunk.length ? chunk : chunk.subarray(0, now));
    if (now < chunk.length) this.held = chunk.subarray(Math.max(now, 0));
    return true;
  }

  /**
   * The stream has ended: sends the last byte when it was `length` long (true). Else, or when the
   * put failed while the stream was still coming (a store that gave up on a client slower than
   * its idle timeout, which says nothing of the store), abandons it: false.
   */
  finish(): boolean {
    this.finished = true;
    if (this.offered !== this.length || this.failedEarly) {
      this.abandon();
      return false;
    }
    this.body.end(this.held ?? undefined);
    return true;
  }

  /** Cuts the request off short of its length: the store keeps nothing of it. */
  abandon(): void {
    this.body.destroy(new Error('The streamed upload was abandoned'));
  }
}
