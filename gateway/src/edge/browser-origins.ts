import type { IncomingMessage } from 'node:http';
import type { Config } from '@platform/lib/config';

/**
 * Browser origins that may call the edge (decisions: Browser origins): ALLOWED_ORIGINS (default
 * WEBAUTHN_ORIGINS), the edge's public origin, and the host a request is addressed to, so that the pages the
 * edge serves itself (the explorer, the REST reference) work at whatever address a person opens them.
 */
export class BrowserOrigins {
  private readonly listed: Set<string>;

  constructor(config: Pick<Config, 'ALLOWED_ORIGINS' | 'PUBLIC_URL' | 'PORT'>) {
    const { ALLOWED_ORIGINS, PUBLIC_URL, PORT } = config;
    this.listed = new Set([...ALLOWED_ORIGINS, PUBLIC_URL ? new URL(PUBLIC_URL).origin : `http://localhost:${PORT}`]);
  }

  /** Listed origins also get CORS answers; a same-origin request needs none. */
  isListed(origin: string): boolean {
    return this.listed.has(origin);
  }

  allows(origin: string, request: IncomingMessage): boolean {
    return this.listed.has(origin) || (URL.canParse(origin) && new URL(origin).host === request.headers.host);
  }
}
