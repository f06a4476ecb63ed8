import { describe, expect, it } from 'vitest';
import { clientFamily, describeClient } from './user-agent.js';

const agents = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
};

describe('describeClient', () => {
  it('names the browser with its major version and the operating system', () => {
    expect(describeClient(agents.chromeLinux)).toEqual({ browser: 'Chrome 131', os: 'Linux' });
    expect(describeClient(agents.headless)).toEqual({ browser: 'Chrome 156', os: 'Linux' });
    expect(describeClient(agents.edgeWindows)).toEqual({ browser: 'Edge 131', os: 'Windows' });
    expect(describeClient(agents.safariIphone)).toEqual({ browser: 'Safari 17', os: 'iOS' });
    expect(describeClient(agents.safariMac)).toEqual({ browser: 'Safari 18', os: 'macOS' });
    expect(describeClient(agents.firefoxAndroid)).toEqual({ browser: 'Firefox 132', os: 'Android' });
  });

  it('says nothing it cannot read', () => {
    expect(describeClient(null)).toEqual({ browser: null, os: null });
    expect(describeClient('node')).toEqual({ browser: null, os: null });
  });
});

describe('clientFamily', () => {
  it('ignores versions, so an updated browser is the same browser', () => {
    expect(clientFamily(agents.chromeLinux)).toBe(clientFamily(agents.headless));
    expect(clientFamily(agents.chromeLinux)).toBe('Chrome/Linux');
  });

  it('tells browsers and systems apart, and an unrecognised client by its whole string', () => {
    expect(clientFamily(agents.edgeWindows)).toBe('Edge/Windows');
    expect(clientFamily(agents.safariIphone)).not.toBe(clientFamily(agents.safariMac));
    expect(clientFamily('node')).toBe('other:node');
    expect(clientFamily('node')).not.toBe(clientFamily('curl/8.5.0'));
  });
});
