import { createHash } from 'node:crypto';

/** A piece of an upload and its SHA-256 in hex (empty when the client does not sign payloads: HTTPS). */
export interface Piece {
  bytes: Buffer;
  sha256: string;
}

/**
 * The stream's bytes in pieces of exactly `size` (the last one shorter), each hashed as its bytes
 * arrive when `hashed` (so a piece is ready to send the moment it is complete). The first piece
 * is gathered as the chunks it came in, so a stream shorter than one piece takes no piece buffers
 * (a small upload allocates no 16 MiB). A longer one gets two buffers that take turns: a piece is
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
  const piece = (bytes: Buffer): Piece => {
    const sha256 = hash ? hash.digest('hex') : '';
    hash = hashed ? createHash('sha256') : null;
    return { bytes, sha256 };
  };
  function* fill(chunk: Buffer): Generator<Piece> {
    let offset = 0;
    while (offset < chunk.length) {
      const taken = chunk.copy(buffers[turn], filled, offset);
      hash?.update(chunk.subarray(offset, offset + taken));
      filled += taken;
      offset += taken;
      if (filled === size) {
        yield piece(buffers[turn]);
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
  if (gathered) yield piece(Buffer.concat(gathered, gatheredBytes));
  else if (filled > 0) yield piece(buffers[turn].subarray(0, filled));
}
