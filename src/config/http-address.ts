import { isIP } from 'node:net';

/** Wildcard addresses: listening on every interface, they are no address to browse to. */
const EVERY_INTERFACE: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

/** A URL a browser on this machine can open for a server listening on host:port. */
export function browsableUrl(host: string, port: number): string {
  const reachable = EVERY_INTERFACE[host] ?? host;
  return `http://${isIP(reachable) === 6 ? `[${reachable}]` : reachable}:${port}`;
}

/** What HOST accepts: an IP address to bind to, or localhost. */
export function isListenAddress(value: unknown): boolean {
  return typeof value === 'string' && (isIP(value) !== 0 || value === 'localhost');
}
