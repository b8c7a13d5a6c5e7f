import { multipartBoundary, MultipartError, parseMultipart } from './multipart';

function body(boundary: string, parts: string[]): Buffer {
  return Buffer.from(
    parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`,
  );
}

describe('multipartBoundary', () => {
  it('reads quoted and bare boundaries of form-data only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});

describe('parseMultipart', () => {
  it('returns fields and files with their bytes untouched', () => {
    const file = 'Data\tValutazione\r\n01/02/2026\t1\r\n--not-a-boundary\r\n';
    const parts = parseMultipart(
      body('XyZ', [
        'Content-Disposition: form-data; name="marketplace"\r\n\r\namazon.de',
        `Content-Disposition: form-data; name="file"; filename="feed\\"back.tsv"\r\nContent-Type: text/tab-separated-values\r\n\r\n${file}`,
      ]),
      'XyZ',
    );
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ name: 'marketplace' });
    expect(parts[0]!.data.toString()).toBe('amazon.de');
    expect(parts[1]).toMatchObject({
      name: 'file',
      filename: 'feed"back.tsv',
      contentType: 'text/tab-separated-values',
    });
    expect(parts[1]!.data.toString()).toBe(file);
  });

  it('keeps binary content and an empty part', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x00, 0xff, 0x0d, 0x0a]);
    const raw = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n'),
      bytes,
      Buffer.from('\r\n--b\r\nContent-Disposition: form-data; name="empty"\r\n\r\n\r\n--b--'),
    ]);
    const parts = parseMultipart(raw, 'b');
    expect(parts[0]!.data.equals(bytes)).toBe(true);
    expect(parts[1]!.data.length).toBe(0);
  });

  it('refuses bodies that are not multipart', () => {
    expect(() => parseMultipart(Buffer.from('hello'), 'b')).toThrow(MultipartError);
    expect(() =>
      parseMultipart(Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx'), 'b'),
    ).toThrow(MultipartError);
    expect(() => parseMultipart(body('b', ['Content-Type: text/plain\r\n\r\nx']), 'b')).toThrow(
      MultipartError,
    );
  });

  it('stops at the part limit', () => {
    const many = Array.from(
      { length: 5 },
      (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\n${i}`,
    );
    expect(() => parseMultipart(body('b', many), 'b', 3)).toThrow('Too many parts');
  });
});
