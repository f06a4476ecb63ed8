import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '@platform/lib/project-root';

/** One service of docker-compose.yml, its `${...}` references filled in from the operator's variables. */
export interface ComposeService {
  name: string;
  /** Set on the platform's own services (`build: .`), absent on PostgreSQL and Redis. */
  build?: string;
  command?: string[];
  environment: Record<string, string>;
  ports: string[];
  dependsOn: string[];
}

/**
 * Compose's interpolation: `${NAME:?message}` must be given, `${NAME:-default}` falls back when unset or
 * empty, `${NAME}` is empty when unset.
 */
function interpolate(text: string, variables: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const value = variables[name];
    if (kind === '?' && !value) throw new Error(`docker-compose.yml: ${name} required (${rest})`);
    if (kind === '-' && !value) return rest ?? '';
    return value ?? '';
  });
}

interface RawService {
  build?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  depends_on?: string[] | Record<string, unknown>;
}

/** docker-compose.yml's services as compose would run them with these variables (its .env file). */
export function composeServices(variables: Record<string, string>): ComposeService[] {
  const text = interpolate(readFileSync(join(projectRoot(), 'docker-compose.yml'), 'utf8'), variables);
  const document = parse(text, { merge: true }) as { services: Record<string, RawService> };
  return Object.entries(document.services).map(([name, service]) => ({
    name,
    build: service.build,
    command: service.command,
    environment: Object.fromEntries(
      // `NAME: ${EMPTY}` reads as YAML null; compose passes it as an empty string.
      Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]),
    ),
    ports: service.ports ?? [],
    dependsOn: Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {}),
  }));
}

/** The variables an operator must set (compose's `${NAME:?...}`), with values the configuration accepts. */
export function operatorVariables(secrets: { jwtSecret: string; encryptionKey: string }): Record<string, string> {
  return {
    POSTGRES_PASSWORD: 'compose-password',
    JWT_SECRET: secrets.jwtSecret,
    DATA_ENCRYPTION_KEY: secrets.encryptionKey,
  };
}
