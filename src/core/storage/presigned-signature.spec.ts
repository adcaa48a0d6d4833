import { Client } from 'minio';
import { presignedRequestError } from './presigned-signature';

describe('presigned link signatures', () => {
  const client = new Client({
    endPoint: '127.0.0.1',
    port: 9000,
    useSSL: false,
    accessKey: 'KEY',
    secretKey: 'SECRET',
    region: 'us-east-1',
    pathStyle: true,
  });
  const signed = async (seconds: number, at = new Date(), headers = {}) => {
    const url = new URL(await client.presignedGetObject('bucket', 'a/файл (1).png', seconds, headers, at));
    return { path: url.pathname + url.search, headers: { host: url.host } };
  };

  it('accepts what the MinIO client signs, with response overrides and non-ASCII names', async () => {
    const link = await signed(60, new Date(), { 'response-content-disposition': 'attachment; filename="a.png"' });
    expect(presignedRequestError('GET', link.path, link.headers, 'SECRET')).toBeNull();
  });

  it('refuses another secret, path, method, host, a changed query and an expired link', async () => {
    const link = await signed(60);
    expect(presignedRequestError('GET', link.path, link.headers, 'OTHER')).toBe('signature does not match');
    expect(presignedRequestError('GET', link.path.replace('/bucket/a', '/bucket/b'), link.headers, 'SECRET')).toBe(
      'signature does not match',
    );
    expect(presignedRequestError('PUT', link.path, link.headers, 'SECRET')).toBe('signature does not match');
    expect(presignedRequestError('GET', link.path, { host: 'evil:9000' }, 'SECRET')).toBe('signature does not match');
    expect(
      presignedRequestError('GET', link.path.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'), link.headers, 'SECRET'),
    ).toBe('signature does not match');
    const old = await signed(30, new Date(Date.now() - 60_000));
    expect(presignedRequestError('GET', old.path, old.headers, 'SECRET')).toBe('expired');
    expect(presignedRequestError('GET', '/bucket/a?X-Amz-Signature=0', {}, 'SECRET')).toBe('incomplete signature');
  });
});
