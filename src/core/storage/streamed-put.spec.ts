import type { Readable } from 'node:stream';
import { StreamedPut } from './streamed-put';

/** A put whose "store" reads everything it is sent: what it has so far, and `received`, which rejects when the put is cut. */
function put(length: number) {
  const sofar: Buffer[] = [];
  let received!: Promise<Buffer>;
  const streamed = new StreamedPut(length, (body: Readable) => {
    received = new Promise((resolve, reject) => {
      body.on('data', (chunk: Buffer) => sofar.push(chunk));
      body.on('end', () => resolve(Buffer.concat(sofar)));
      body.on('error', reject);
    });
    return received;
  });
  return { streamed, received: () => received, sentSoFar: () => Buffer.concat(sofar).length };
}

describe('a put streamed as its bytes arrive', () => {
  const bytes = Buffer.from('abcdefghij');

  it('sends all but the last byte at once, and the last once the stream proves its length', async () => {
    const { streamed, received, sentSoFar } = put(10);
    expect(streamed.offer(bytes.subarray(0, 4))).toBe(true);
    expect(streamed.offer(bytes.subarray(4))).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sentSoFar()).toBe(9);
    expect(streamed.finish()).toBe(true);
    expect(await received()).toEqual(bytes);
  });

  it('holds the last byte back until finish: a stream that ends short is cut, never completed', async () => {
    const { streamed, received } = put(11);
    expect(streamed.offer(bytes)).toBe(true);
    expect(streamed.finish()).toBe(false);
    await expect(received()).rejects.toThrow('abandoned');
    await expect(streamed.sent).rejects.toThrow('abandoned');
  });

  it('is abandoned the moment the stream outgrows its length', async () => {
    const { streamed, received } = put(9);
    expect(streamed.offer(bytes.subarray(0, 5))).toBe(true);
    expect(streamed.offer(bytes.subarray(5))).toBe(false);
    await expect(received()).rejects.toThrow('abandoned');
  });

  it('is not finished when the store gave up on it while the stream was still coming', async () => {
    let giveUp!: (error: Error) => void;
    const streamed = new StreamedPut(10, () => new Promise((_, reject) => (giveUp = reject)));
    expect(streamed.offer(bytes.subarray(0, 4))).toBe(true);
    giveUp(new Error('idle timeout'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(streamed.offer(bytes.subarray(4))).toBe(true);
    expect(streamed.finish()).toBe(false);
  });

  it('can be abandoned before its client has taken up the body (no unhandled error event)', async () => {
    const streamed = new StreamedPut(3, () => new Promise(() => undefined));
    expect(streamed.offer(bytes)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('sends an empty body for an empty stream', async () => {
    const { streamed, received } = put(0);
    expect(streamed.finish()).toBe(true);
    expect(await received()).toEqual(Buffer.alloc(0));
  });
});
