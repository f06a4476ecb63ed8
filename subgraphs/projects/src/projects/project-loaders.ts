import DataLoader from 'dataloader';
import type { FileRow } from '../files/file.repository.js';
import type { ProductRow } from '../products/product.types.js';
import type { ProductRepository } from '../products/product.repository.js';
import type { ProjectRepository } from './project.repository.js';

export function groupBy<T>(rows: T[], keyOf: (row: T) => string, keys: readonly string[]): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}

export interface ProjectLoadersDependencies {
  projects: ProjectRepository;
  products: ProductRepository;
  /** The files feature's per-request loader (FileService.byId). */
  files: DataLoader<string, FileRow | null>;
}

/**
 * Per-request batches for a project's nested fields: a page of any size costs one statement per list (and one
 * for the files behind the documents), never one per project.
 */
export class ProjectLoaders {
  readonly participantIds = new DataLoader<string, string[]>(async (projectIds) =>
    groupBy(await this.deps.projects.participantsOf(projectIds), (row) => row.projectId, projectIds).map((rows) =>
      rows.map((row) => row.employeeId),
    ),
  );

  readonly documentFileIds = new DataLoader<string, string[]>(async (projectIds) =>
    groupBy(await this.deps.projects.documentsOf(projectIds), (row) => row.projectId, projectIds).map((rows) =>
      rows.map((row) => row.fileId),
    ),
  );

  readonly products = new DataLoader<string, ProductRow[]>(async (projectIds) =>
    groupBy(await this.deps.products.ofProjects(projectIds), (row) => row.projectId, projectIds),
  );

  constructor(private readonly deps: ProjectLoadersDependencies) {}

  /** The project's documents, in the order given; a file that vanished is left out. */
  async documentFiles(projectId: string): Promise<FileRow[]> {
    const files = await this.deps.files.loadMany(await this.documentFileIds.load(projectId));
    return files.filter((file): file is FileRow => file !== null && !(file instanceof Error));
  }
}
