import { expect } from 'vitest';
import type { HttpResult } from './client.js';

/** The headers every answer carries (auth spec, decisions: Hardening), and a request id. */
export function expectSecurityHeaders(response: HttpResult, label: string) {
  const { headers } = response;
  expect(headers.get('strict-transport-security'), label).toBe('max-age=31536000; includeSubDomains');
  const csp = headers.get('content-security-policy') ?? '';
  for (const directive of ["default-src 'self'", "base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"]) {
    expect(csp, `${label}: ${directive}`).toContain(directive);
  }
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('x-xss-protection'), label).toBe('1; mode=block');
  expect(headers.get('x-request-id'), label).toMatch(/^[\w.:-]{1,128}$/);
}
