import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The address the throttles count a request under: the socket's peer, or what the proxies named
 * by TRUST_PROXY say (CONTRACT 20). An IPv4 peer on a dual-stack socket (`::ffff:1.2.3.4`) counts
 * as its IPv4 address, so one client has one address however it connected.
 */
export function clientAddress(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/** The request's client address (clientAddress), as a handler parameter. */
export const ClientAddress = createParamDecorator((_: unknown, context: ExecutionContext) =>
  clientAddress(context.switchToHttp().getRequest<Request>()),
);
