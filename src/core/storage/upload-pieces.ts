import { createHash } from 'node:crypto';

/**
 * A piece of an upload: its bytes as one or more buffers sent in order, their total length, and
 * its SHA-256 in hex (empty when the client does not sign payloads: HTTPS).
 */
export interface Piece {
  chunks: readonly Buffer[];
  length: number;
  sha256: string;
}

/**
 * The stream's bytes in pieces of exactly `size` (the last one shorter), each hashed as its bytes
 * arrive when `hashed` (so a piece is ready to send the moment it is complete). The first piece
 * is gathered as the chunks it came in and, for a stream shorter than one piece, sent as those
 * chunks: a small upload allocates no piece buffer and copies nothing (each MiB allocated is
 * external memory, and every 64 MiB of it costs a full collection of the heap). A longer one
 * gets two buffers that take turns: a piece is
 * overwritten two pieces later, so the consumer must be done with it by then (putStream has sent
 * each piece before it asks for the one after next). No garbage per piece.
 */
export async function* partsOf(body: AsyncIterable<Buffer>, size: number, hashed: boolean): AsyncGenerator<Piece> {
  let gathered: Buffer[] | null = [];
  let gatheredBytes = 0;
  const buffers: Buffer[] = [];
  let turn = 0;
  let filled = 0;
  let hash = hashed ? createHash('sha256') : null;
  const piece = (chunks: Buffer[], length: number): Piece => {
    const sha256 = hash ? hash.digest('hex') : '';
    hash = hashed ? createHash('sha256') : null;
    return { chunks, length, sha256 };
  };
  function* fill(chunk: Buffer): Generator<Piece> {
    let offset = 0;
    while (offset < chunk.length) {
      const taken = chunk.copy(buffers[turn], filled, offset);
      hash?.update(chunk.subarray(offset, offset + taken));
      filled += taken;
      offset += taken;
      if (filled === size) {
        yield piece([buffers[turn]], size);
        turn = 1 - turn;
        filled = 0;
      }
    }
  }
  for await (const chunk of body) {
    if (!gathered) {
      yield* fill(chunk);
      continue;
    }
    if (gatheredBytes + chunk.length < size) {
      gathered.push(chunk);
      gatheredBytes += chunk.length;
      hash?.update(chunk);
      continue;
    }
    // A piece's worth has come: the buffers take over, the gathered chunks (already hashed) first.
    buffers.push(Buffer.allocUnsafe(size), Buffer.allocUnsafe(size));
    for (const earlier of gathered) filled += earlier.copy(buffers[0], filled);
    gathered = null;
    yield* fill(chunk);
  }
  if (gathered) yield piece(gathered, gatheredBytes);
  else if (filled > 0) yield piece([buffers[turn].subarray(0, filled)], filled);
}
