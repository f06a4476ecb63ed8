import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { ProjectsContext } from '../context.js';
import { EmployeeReference } from '../projects/project.types.js';
import { DepartmentReference, TaskParticipantType, TaskType } from './task.types.js';
import { taskParticipantView } from './task.views.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** A task's nested fields: references the gateway resolves in the auth subgraph, and batched participants. */
@Resolver(() => TaskType)
export class TaskFieldsResolver {
  /** Null when the auth directory does not know the id. */
  @FieldResolver(() => DepartmentReference, { nullable: true })
  department(@Root() task: Parent<TaskType>): DepartmentReference {
    return { id: task.departmentId };
  }

  @FieldResolver(() => [TaskParticipantType])
  async participants(@Root() task: Parent<TaskType>, @Ctx() ctx: ProjectsContext) {
    return (await ctx.projects.taskLoaders.participants.load(task.id)).map(taskParticipantView);
  }
}

@Resolver(() => TaskParticipantType)
export class TaskParticipantFieldsResolver {
  /** Null when the auth directory does not know the id. */
  @FieldResolver(() => EmployeeReference, { nullable: true })
  employee(@Root() participant: Parent<TaskParticipantType>): EmployeeReference {
    return { id: participant.employeeId };
  }
}
