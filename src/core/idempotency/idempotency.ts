import { applyDecorators, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { AuthenticatedRequest } from '../auth/auth-context';
import { AppException, ErrorCode, FieldError } from '../http/app.exception';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { BodyDigest, streamsBody } from './body-digest';
import { IdempotencyRepository, KeptKey } from './idempotency.repository';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
const KEYED_METHODS = new Set(['POST', 'PATCH']);
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

const REVEALS_SECRET = 'idempotency:reveals_secret';
/**
 * Marks a route whose answer shows a secret once (an API key's `raw_key`, a webhook's `secret`):
 * its answer is stored without it, and a repeat answers 409 idempotency_replay_unavailable.
 */
export const RevealsSecret = () =>
  applyDecorators(
    SetMetadata(REVEALS_SECRET, true),
    ApiErrors({
      idempotency_replay_unavailable: 'a repeat of an `Idempotency-Key` whose answer showed the secret once',
    }),
  );

/**
 * The key's state on a request: claimed by it (with its streamed body's digest in the making), or
 * answered before and replayed to it.
 */
export type KeyedRequest = AuthenticatedRequest & {
  idempotency?:
    { id: string; claim: string; revealsSecret: boolean; stored: boolean; body?: BodyDigest } | { replay: KeptKey };
};

/** The same JSON value whatever its key order or spacing. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An answer is kept for replay unless the client may simply retry it (CONTRACT 18). */
const storable = (status: number) => status < 500 && status !== 429;

/**
 * `Idempotency-Key` (CONTRACT 18), for every POST and PATCH with a credential, declared by no
 * route: IdempotencyGuard claims the key or finds its answer, IdempotencyInterceptor replays it,
 * and the answer is stored by whoever finishes the request: the audit interceptor in the change's
 * transaction, the interceptor for an unaudited success, the exception filter for an error.
 */
@Injectable()
export class Idempotency {
  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly reflector: Reflector,
  ) {}

  /** Claims the request's key, or records the earlier answer to replay; throws 400/409/422. */
  async begin(context: ExecutionContext): Promise<void> {
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    if (!KEYED_METHODS.has(req.method) || !req.auth) return;
    const key = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (key === undefined) return;
    if (typeof key !== 'string' || !VALID_KEY.test(key))
      throw AppException.validation(
        [{ field: IDEMPOTENCY_KEY_HEADER, message: 'must be 1 to 255 printable ASCII characters without spaces' }],
        'Invalid Idempotency-Key header',
      );
    // What a repeat must match: the JSON body's value; a streamed body's raw bytes, whose digest is
    // known once they have been read (the first request's is stored with its answer).
    const streamed = streamsBody(req);
    const request = {
      accountId: req.auth.account.id,
      key,
      method: req.method,
      path: (req.originalUrl ?? req.url).split('?')[0],
      bodyHash: streamed ? null : sha256(canonicalJson(req.body ?? {})),
    };
    // A key deleted between the two statements (expired, or released by a 5xx) is claimed again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const claimed = await this.keys.claim(request);
      if (claimed) {
        const revealsSecret = this.reflector.get<boolean>(REVEALS_SECRET, context.getHandler()) ?? false;
        req.idempotency = { ...claimed, revealsSecret, stored: false, ...(streamed && { body: new BodyDigest(req) }) };
        return;
      }
      const kept = await this.keys.kept(request.accountId, key);
      if (!kept) continue;
      if (
        kept.method !== request.method ||
        kept.path !== request.path ||
        (!streamed && kept.body_hash !== request.bodyHash)
      )
        throw reused();
      // A streamed body is compared once the first has answered (its digest is stored with the
      // answer): while it runs, its repeat is told to wait whatever its bytes.
      if (kept.claim !== null)
        throw new AppException(
          'idempotency_in_progress',
          'A request with this Idempotency-Key is still running; retry shortly',
          undefined,
          { 'Retry-After': '1' },
        );
      if (streamed && kept.body_hash !== (await new BodyDigest(req).drain())) throw reused();
      if (kept.reveals_secret)
        throw new AppException(
          'idempotency_replay_unavailable',
          'The answer to this request showed a secret once and cannot be replayed; revoke what it created and create it again',
        );
      req.idempotency = { replay: kept };
      return;
    }
    throw new AppException(
      'idempotency_in_progress',
      'The Idempotency-Key changed meanwhile; retry shortly',
      undefined,
      {
        'Retry-After': '1',
      },
    );
  }

  /** The earlier answer when this request repeats one. */
  replayOf(req: Request): KeptKey | null {
    const state = (req as KeyedRequest).idempotency;
    return state && 'replay' in state ? state.replay : null;
  }

  /**
   * Stores a success answer: `data` is the answer's data as the envelope renders it. Called in the
   * change's transaction on an audited route; when the claim was lost meanwhile, throws so that
   * the change rolls back rather than happen twice.
   */
  async storeSuccess(req: Request, statusCode: number, message: string, data: unknown): Promise<void> {
    const state = this.claimOf(req);
    if (!state) return;
    const revealed = state.revealsSecret;
    const answer = revealed ? { message } : { message, data };
    // A success has read its streamed body through: its digest is at hand.
    const bodyHash = state.body ? await state.body.hex : null;
    if (!(await this.keys.finish(state.id, state.claim, statusCode, answer, revealed, bodyHash)))
      throw new AppException(
        'idempotency_in_progress',
        'A repeat of this request took over its Idempotency-Key; retry shortly',
        undefined,
        { 'Retry-After': '1' },
      );
    state.stored = true;
  }

  /** Whether the request holds a claim whose answer is not stored yet. */
  pending(req: Request): boolean {
    return this.claimOf(req) !== null;
  }

  /**
   * Stores an error answer (own statement: the change, if any, rolled back), or frees the key. A
   * streamed body refused before it arrived whole (413, 409 while streaming) has no digest to
   * match a repeat against: its key is freed, as nothing was changed.
   */
  async storeError(req: Request, status: number, code: ErrorCode, message: string, details?: FieldError[]) {
    const state = this.heldClaim(req);
    if (!state) return;
    const bodyHash = state.body && req.readableEnded ? await state.body.hex.catch(() => null) : null;
    if (!storable(status) || (state.body && !bodyHash)) return this.keys.release(state.id, state.claim);
    await this.keys.finish(
      state.id,
      state.claim,
      status,
      { message, data: {}, error: details ? { code, details } : { code } },
      false,
      bodyHash,
    );
  }

  /** Frees the key of an answer that cannot be stored (a file). */
  async release(req: Request): Promise<void> {
    const state = this.heldClaim(req);
    if (!state) return;
    await this.keys.release(state.id, state.claim);
  }

  private claimOf(req: Request) {
    const state = this.heldClaim(req);
    return state && !state.stored ? state : null;
  }

  /**
   * The request's claim, even after its answer was stored: an error after a success stored in a
   * transaction that then failed to commit still frees or answers the key (a claim already
   * answered matches no row, so nothing is overwritten).
   */
  private heldClaim(req: Request) {
    const state = (req as KeyedRequest).idempotency;
    return state && 'claim' in state ? state : null;
  }
}

const reused = () =>
  new AppException('idempotency_key_reused', 'This Idempotency-Key was used with another method, path or body');
