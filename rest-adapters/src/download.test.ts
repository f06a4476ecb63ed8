import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download.js';

describe('Content-Disposition of a download', () => {
  it('keeps a plain name as it is in both forms', () => {
    expect(contentDisposition('report-2026.pdf')).toBe(
      `attachment; filename="report-2026.pdf"; filename*=UTF-8''report-2026.pdf`,
    );
  });

  it('lets no quote, backslash, separator, percent or line break of the name reach the header raw', () => {
    const header = contentDisposition('a"b\\c/d%e\r\nSet-Cookie: x=1.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c_d_e__Set-Cookie: x=1.txt"; filename*=UTF-8''a%22b%5Cc%2Fd%25e%0D%0ASet-Cookie%3A%20x%3D1.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('encodes non-ASCII names as UTF-8 and RFC 5987 attribute characters only', () => {
    const header = contentDisposition("l'été (1)*.png 漢");
    expect(header).toBe(
      `attachment; filename="l'_t_ (1)*.png _"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29%2A.png%20%E6%BC%A2`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("l'été (1)*.png 漢");
  });

  it('survives an unpaired surrogate and an empty name', () => {
    expect(contentDisposition('\uD800.txt')).toBe(`attachment; filename="_.txt"; filename*=UTF-8''%EF%BF%BD.txt`);
    expect(contentDisposition('')).toBe(`attachment; filename="file"; filename*=UTF-8''`);
  });
});
