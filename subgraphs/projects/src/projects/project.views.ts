import { isoOf } from '@platform/lib/shown-time';
import type { ProjectRow } from './project.repository.js';
import type { ProjectType } from './project.types.js';

/** A project as the graph shows it, from its entity or a page's row. */
export function projectView(project: ProjectRow): ProjectType {
  return {
    id: project.id,
    uniqueCode: project.uniqueCode,
    name: project.name,
    description: project.description,
    contractValue: project.contractValue,
    currency: project.currency,
    customerId: project.customerId,
    creatorId: String(project.creatorUserId),
    progress: project.progress,
    status: project.status,
    replyDate: isoOf(project.replyDate),
    createdAt: isoOf(project.createdAt),
    updatedAt: isoOf(project.updatedAt),
    deletedAt: project.deletedAt === null ? null : isoOf(project.deletedAt),
  };
}
