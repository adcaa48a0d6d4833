import { isPublicAddress } from './webhook-url';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:8.8.8.8',
    '::8.8.8.8',
    '2002:0808:0808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '64:ff9b::808:808',
    '64:ff9b:1::808:808',
    'fec0::1',
    'fd12:3456::1',
    'not an address',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888'])(
    '%s is public',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
});
