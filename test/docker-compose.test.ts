import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@platform/lib/config';
import { projectRoot } from '@platform/lib/project-root';
import { subgraphRegistry } from '@platform/gateway/subgraph-registry';
import { composeServices, operatorVariables, type ComposeService } from './compose.js';

const root = projectRoot();
const services = composeServices(
  operatorVariables({
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
  }),
);
const platformServices = services.filter((service) => service.build);
const serviceNamed = (name: string) => services.find((service) => service.name === name);
const configOf = (service: ComposeService): Config => loadConfig(service.environment);
/** The TypeScript file `npm run build` compiles into a command's `dist/....js` (rootDir ".", outDir "dist"). */
const sourceOf = (service: ComposeService) => service.command![1]!.replace(/^dist\//, '').replace(/\.js$/, '.ts');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** Issue 14, item 7: docker-compose.yml runs what the code builds, on the ports and URLs the code reads. */
describe('docker-compose.yml against the code', () => {
  it('runs the gateway and each subgraph as a service of its own, each built from this checkout', () => {
    expect(platformServices.map((service) => service.name).sort()).toEqual(
      ['gateway', ...subgraphRegistry.map((entry) => entry.name)].sort(),
    );
    for (const service of platformServices) expect(service.build, service.name).toBe('.');
  });

  it.each(platformServices.map((service) => [service.name, service] as const))(
    '%s: its command runs an entry point that `npm run build` emits, as its npm start script does',
    (name, service) => {
      expect(service.command, name).toEqual(['node', expect.stringMatching(/^dist\/.+\.js$/)]);
      const source = sourceOf(service);
      const build = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
      expect(existsSync(join(root, source)), source).toBe(true);
      expect(source).not.toMatch(/\.test\.ts$/);
      expect(
        build.include.some((folder) => new RegExp(`^${folder.replace('*', '[^/]+')}/`).test(source)),
        `${source} is outside tsconfig.build.json's include`,
      ).toBe(true);
      expect(scripts[`start:${name}`]).toBe(`npm run build && node ${service.command![1]}`);
    },
  );

  it.each(platformServices.map((service) => [service.name, service] as const))(
    '%s: its environment is a complete production configuration (every variable the schema requires)',
    (name, service) => {
      const config = configOf(service);
      expect(config.NODE_ENV, name).toBe('production');
      expect(config.DATABASE_URL, name).toBeDefined();
      expect(config.REDIS_URL, name).toBeDefined();
    },
  );

  it('points every process at the PostgreSQL and Redis services, with the database and user PostgreSQL creates', () => {
    const postgres = serviceNamed('postgres')!.environment;
    for (const service of platformServices) {
      const database = new URL(configOf(service).DATABASE_URL!);
      expect(serviceNamed(database.hostname), service.name).toBeDefined();
      expect([database.username, database.password, database.pathname]).toEqual([
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ]);
      expect(serviceNamed(new URL(configOf(service).REDIS_URL!).hostname), service.name).toBeDefined();
      // The gateway starts after the subgraphs (below), which wait for both.
      if (service.name !== 'gateway') expect(service.dependsOn).toEqual(expect.arrayContaining(['postgres', 'redis']));
    }
  });

  it("gives each process the PORT its entry listens on by default, and publishes only the gateway's", () => {
    for (const entry of subgraphRegistry) {
      const service = serviceNamed(entry.name)!;
      const main = readFileSync(join(root, sourceOf(service)), 'utf8');
      expect(main, entry.name).toContain(`runSubgraphProcess('${entry.name}', ${configOf(service).PORT},`);
      expect(service.ports, entry.name).toEqual([]);
    }
    const gateway = serviceNamed('gateway')!;
    expect(gateway.ports).toEqual([`${configOf(gateway).PORT}:${configOf(gateway).PORT}`]);
  });

  it("sets each SUBGRAPH_*_URL the gateway reads to that subgraph's service, on its PORT, at /graphql", () => {
    const gateway = serviceNamed('gateway')!;
    const config = configOf(gateway);
    for (const entry of subgraphRegistry) {
      const url = entry.remoteUrl(config);
      expect(url, `the gateway's URL of ${entry.name}`).toBeDefined();
      const { hostname, port, pathname } = new URL(url!);
      const target = serviceNamed(hostname);
      expect(target && sourceOf(target), url).toBe(`subgraphs/${entry.name}/src/main.ts`);
      expect(Number(port)).toBe(configOf(target!).PORT);
      expect(pathname).toBe('/graphql');
      // The committed supergraph records the same URL.
      expect(url).toBe(entry.defaultUrl);
      expect(gateway.dependsOn).toContain(hostname);
    }
  });

  it('runs the notification worker in exactly one process: the notifications service', () => {
    const workers = platformServices.filter((service) =>
      sourceOf(service) === 'subgraphs/notifications/src/worker-main.ts'
        ? true
        : sourceOf(service) === 'subgraphs/notifications/src/main.ts' && configOf(service).WORKER_ENABLED,
    );
    expect(workers.map((service) => service.name)).toEqual(['notifications']);
  });
});
