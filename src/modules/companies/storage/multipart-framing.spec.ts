import { fileSizeFromFraming } from './multipart-upload';

/** A multipart body as clients send it: optional preamble, fields, the file, the closing delimiter. */
function body(boundary: string, file: Buffer, { fields = [] as string[], preamble = '', ending = '\r\n' } = {}) {
  const parts = fields.map(
    (value) => `--${boundary}\r\nContent-Disposition: form-data; name="tag"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${preamble}${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--${ending}`)]);
}

describe('the file size told from a multipart body framing', () => {
  const file = Buffer.alloc(5000, 7);

  it('is the file part size when the body ends as clients end it', () => {
    for (const options of [{}, { fields: ['invoices'] }, { preamble: 'ignored\r\n' }, { fields: ['', 'x'] }]) {
      const whole = body('XyZ', file, options);
      const partsBefore = options.fields?.length ?? 0;
      // Only the start of the body is needed: the file part's headers.
      expect(fileSizeFromFraming(whole.subarray(0, 400), 'XyZ', partsBefore, whole.length)).toBe(file.length);
    }
    const empty = body('b', Buffer.alloc(0));
    expect(fileSizeFromFraming(empty, 'b', 0, empty.length)).toBe(0);
  });

  it('is off by what a body that ends otherwise adds or lacks (its user checks it against the bytes)', () => {
    const bare = body('XyZ', file, { ending: '' });
    expect(fileSizeFromFraming(bare, 'XyZ', 0, bare.length)).toBe(file.length - 2);
  });

  it('is unknown when the framing is not in the start it is given', () => {
    const whole = body('XyZ', file, { fields: ['invoices'] });
    expect(fileSizeFromFraming(whole.subarray(0, 20), 'XyZ', 0, whole.length)).toBeUndefined();
    expect(fileSizeFromFraming(whole, 'other', 0, whole.length)).toBeUndefined();
    expect(fileSizeFromFraming(whole, 'XyZ', 0, 10)).toBeUndefined();
  });
});
