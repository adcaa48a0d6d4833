import { createHash } from 'node:crypto';
import { partsOf } from './upload-pieces';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `total` numbered bytes. */
const numbered = (total: number) => Buffer.from(Array.from({ length: total }, (_, i) => i % 251));

/** `total` numbered bytes in chunks of `chunk` bytes. */
async function* chunked(total: number, chunk: number): AsyncGenerator<Buffer> {
  const bytes = numbered(total);
  for (let offset = 0; offset < total; offset += chunk) yield bytes.subarray(offset, offset + chunk);
}

/** Each piece as the consumer sees it when it arrives (the buffers are reused two pieces later). */
async function collect(total: number, chunk: number, size: number, hashed = true) {
  const pieces: Array<{ bytes: Buffer; sha256: string; length: number }> = [];
  for await (const piece of partsOf(chunked(total, chunk), size, hashed)) {
    pieces.push({ bytes: Buffer.concat(piece.chunks), sha256: piece.sha256, length: piece.length });
  }
  return pieces;
}

describe('partsOf', () => {
  it.each([
    ['an empty stream', 0, 7],
    ['a stream shorter than a piece', 30, 7],
    ['exactly one piece', 64, 16],
    ['pieces crossed by chunks', 250, 7],
    ['chunks larger than a piece', 250, 100],
    ['a whole number of pieces', 192, 64],
  ])('%s: pieces of the size, in order, each with the SHA-256 of its own bytes', async (_, total, chunk) => {
    const pieces = await collect(total, chunk, 64);
    expect(Buffer.concat(pieces.map((piece) => piece.bytes))).toEqual(numbered(total));
    expect(pieces.length).toBe(Math.max(1, Math.ceil(total / 64)));
    pieces.slice(0, -1).forEach((piece) => expect(piece.bytes.length).toBe(64));
    for (const piece of pieces) {
      expect(piece.length).toBe(piece.bytes.length);
      expect(piece.sha256).toBe(sha256(piece.bytes));
    }
  });

  it('hands a stream shorter than a piece on as the chunks it came in, copying none', async () => {
    const chunks = [Buffer.from('abc'), Buffer.from('defg')];
    async function* arriving() {
      yield* chunks;
    }
    const pieces = [];
    for await (const piece of partsOf(arriving(), 64, false)) pieces.push(piece);
    expect(pieces).toHaveLength(1);
    expect(pieces[0].chunks).toEqual(chunks);
    pieces[0].chunks.forEach((bytes, i) => expect(bytes).toBe(chunks[i]));
    expect(pieces[0].length).toBe(7);
  });

  it('leaves the hash empty when the client does not sign payloads', async () => {
    const pieces = await collect(100, 30, 64, false);
    expect(pieces.map((piece) => piece.sha256)).toEqual(['', '']);
  });
});
