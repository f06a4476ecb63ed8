import { describe, expect, it } from 'vitest';
import { trustLevelOf } from './trust-level.js';

const now = Date.parse('2026-11-22T00:00:00.000Z');
const daysAgo = (days: number) => new Date(now - days * 86_400_000);

describe('trustLevelOf', () => {
  it('gives high to an ES256 or PS256 mobile device used within 30 days or never', () => {
    expect(trustLevelOf({ keyAlgorithm: 'ES256', deviceType: 'mobile', lastUsedAt: null }, now)).toBe('high');
    expect(trustLevelOf({ keyAlgorithm: 'PS256', deviceType: 'mobile', lastUsedAt: daysAgo(30) }, now)).toBe('high');
  });

  it('gives medium to RS256, non-mobile devices, or use within 90 days', () => {
    expect(trustLevelOf({ keyAlgorithm: 'RS256', deviceType: 'mobile', lastUsedAt: null }, now)).toBe('medium');
    expect(trustLevelOf({ keyAlgorithm: 'ES256', deviceType: 'desktop', lastUsedAt: daysAgo(1) }, now)).toBe('medium');
    expect(trustLevelOf({ keyAlgorithm: 'ES256', deviceType: 'mobile', lastUsedAt: daysAgo(31) }, now)).toBe('medium');
  });

  it('gives low after 90 days without use', () => {
    expect(trustLevelOf({ keyAlgorithm: 'ES256', deviceType: 'mobile', lastUsedAt: daysAgo(91) }, now)).toBe('low');
    expect(trustLevelOf({ keyAlgorithm: 'RS256', deviceType: 'tablet', lastUsedAt: daysAgo(365) }, now)).toBe('low');
  });
});
