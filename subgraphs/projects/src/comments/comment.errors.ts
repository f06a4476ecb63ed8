import { ForbiddenError, NotFoundError, ValidationError } from '@platform/lib/errors';

/** Unknown, foreign (another task's) and already deleted comments answer alike in the path. */
export class CommentNotFoundError extends NotFoundError {
  constructor() {
    super('Comment not found');
  }
}

/** Only its author or an admin deletes a comment (decisions: Project and task service). */
export class NotCommentAuthorError extends ForbiddenError {
  constructor() {
    super('Only the author can delete a comment');
  }
}

/** A reference in the body is input, hence 400 naming the field (decisions: Tasks (issue 11)). */
export class UnknownCommentReferenceError extends ValidationError {
  constructor(field: 'parentId' | 'commentId' | 'attachmentIds', rule: string) {
    super(`${field}: ${rule}`, [{ path: field, message: rule }]);
  }
}
