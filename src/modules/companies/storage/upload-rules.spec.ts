import { rendersAsPage, sniffContentType } from './content-sniffing';
import { linkSeconds } from './link-expiry';
import { extensionOf } from './multipart-upload';

describe('upload rules', () => {
  it('tells a file by its first bytes, not by what the client claims', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(sniffContentType(png, 'text/plain', '.txt')).toBe('image/png');
    expect(sniffContentType(Buffer.from('%PDF-1.7'), undefined, '.bin')).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0x50, 0x4b, 3, 4]), 'x', '.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sniffContentType(Buffer.from('\ufeff  <!doctype html><p>'), 'image/png', '.png')).toBe('text/html');
    expect(sniffContentType(Buffer.from('<?xml version="1.0"?><svg>'), 'text/plain', '.svg')).toBe('image/svg+xml');
    expect(sniffContentType(Buffer.from('hello'), 'image/png', '.png')).toBe('application/octet-stream');
    expect(sniffContentType(Buffer.from('a,b'), 'text/csv', '.csv')).toBe('text/csv');
    expect(sniffContentType(Buffer.from('a'), 'not a type', '.bin')).toBe('application/octet-stream');
  });

  it('forces pages (HTML, SVG, XML) to download', () => {
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'text/xml; charset=utf-8',
      'application/atom+xml',
    ])
      expect(rendersAsPage(type)).toBe(true);
    for (const type of ['image/png', 'application/pdf', 'text/plain']) expect(rendersAsPage(type)).toBe(false);
  });

  it('keeps an extension of 1 to 10 letters or digits, lower-cased', () => {
    expect(extensionOf('Photo.JPEG')).toBe('.jpeg');
    expect(extensionOf('archive.tar.gz')).toBe('.gz');
    expect(extensionOf('noext')).toBe('.bin');
    expect(extensionOf('a.abcdefghijk')).toBe('.bin');
    expect(extensionOf('a.p-g')).toBe('.bin');
    expect(extensionOf(undefined)).toBe('.bin');
  });

  it('reads link lifetimes as Go durations from 30s to 168h', () => {
    expect(linkSeconds('15m')).toBe(900);
    expect(linkSeconds('1h30m')).toBe(5400);
    expect(linkSeconds('1.5h')).toBe(5400);
    expect(linkSeconds('30s')).toBe(30);
    expect(linkSeconds('168h')).toBe(604800);
    for (const bad of ['29s', '168h1s', '15', 'm', '', '-1h', '1d']) expect(linkSeconds(bad)).toBeNull();
  });
});
