/** A client as a person recognises it: the browser (or app) and the operating system, read from its User-Agent. */
export interface ClientDescription {
  browser: string | null;
  os: string | null;
}

/**
 * Order matters: Edge, Opera and Samsung Internet also name Chrome and Safari, and Chrome names Safari, so the
 * more specific tokens come first (the tokens each browser documents for its User-Agent string).
 */
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
];

const systems: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows NT\b/],
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

/** The browser with its major version ("Chrome 131") and the OS; null for what the string does not say. */
export function describeClient(userAgent: string | null | undefined): ClientDescription {
  if (!userAgent) return { browser: null, os: null };
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const version = browser ? browser[1].exec(userAgent)?.[1] : undefined;
  const os = systems.find(([, pattern]) => pattern.test(userAgent));
  return { browser: browser ? `${browser[0]} ${version}` : null, os: os ? os[0] : null };
}

/**
 * What makes two sign-ins "the same browser": its name and OS without versions, so that updating the browser does
 * not make it new. An unrecognised User-Agent counts as itself (a native app sends a fixed string).
 */
export function clientFamily(userAgent: string | null | undefined): string {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent ?? ''));
  const os = systems.find(([, pattern]) => pattern.test(userAgent ?? ''));
  if (!browser && !os) return `other:${(userAgent ?? '').slice(0, 200)}`;
  return `${browser?.[0] ?? 'unknown'}/${os?.[0] ?? 'unknown'}`;
}
