import DataLoader from 'dataloader';
import { groupBy } from '../projects/project-loaders.js';
import type { CommentRecord } from './comment.records.js';
import type { CommentRepository } from './comment.repository.js';

export interface CommentLoadersDependencies {
  comments: CommentRepository;
}

/** Per-request batches of tasks' comments (the nested list, added comments of activities): one statement a page. */
export class CommentLoaders {
  /** One loader per viewer, since a comment shows its viewer's own reaction; a request has one viewer. */
  private readonly byViewer = new Map<number, DataLoader<string, CommentRecord[]>>();

  constructor(private readonly deps: CommentLoadersDependencies) {}

  /** Every comment of a task, deleted ones too, oldest first, with `viewerId`'s own reaction. */
  seenBy(viewerId: number): DataLoader<string, CommentRecord[]> {
    let loader = this.byViewer.get(viewerId);
    if (!loader) {
      loader = new DataLoader(async (taskIds) =>
        groupBy(await this.deps.comments.ofTasks(taskIds, viewerId), (record) => record.comment.taskId, taskIds),
      );
      this.byViewer.set(viewerId, loader);
    }
    return loader;
  }
}
