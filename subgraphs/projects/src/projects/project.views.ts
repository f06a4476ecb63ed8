import type { Project } from './project.entity.js';
import type { ProjectType } from './project.types.js';

export function projectView(project: Project): ProjectType {
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
    replyDate: project.replyDate.toISOString(),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    deletedAt: project.deletedAt?.toISOString() ?? null,
  };
}
