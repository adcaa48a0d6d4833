import type { Request } from 'express';
import { clientAddress } from './client-address';

const request = (ip: string | undefined, remoteAddress?: string) =>
  ({ ip, socket: { remoteAddress } }) as unknown as Request;

describe('clientAddress', () => {
  it('counts an IPv4 client of a dual-stack socket as its IPv4 address', () => {
    expect(clientAddress(request('::ffff:127.3.4.5'))).toBe('127.3.4.5');
    expect(clientAddress(request('203.0.113.7'))).toBe('203.0.113.7');
  });

  it('keeps an IPv6 address, and falls back to the socket peer', () => {
    expect(clientAddress(request('2001:db8::1'))).toBe('2001:db8::1');
    expect(clientAddress(request('::ffff:abcd'))).toBe('::ffff:abcd');
    expect(clientAddress(request(undefined, '198.51.100.2'))).toBe('198.51.100.2');
  });
});
