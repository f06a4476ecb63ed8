/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AddCommentInput = {
  /** Stored file ids */
  attachmentIds?: Array<string> | null | undefined;
  content: string;
  /** The comment replied to */
  parentId?: string | null | undefined;
};

export type CreateDepartmentInput = {
  code: string;
  name: string;
};

export type CreateEmployeeInput = {
  avatarFileId?: string | null | undefined;
  code: string;
  departmentId?: string | number | null | undefined;
  email: string;
  name: string;
};

export type CreateNotificationInput = {
  /** http(s) URLs of files to attach */
  emailAttachments?: Array<string> | null | undefined;
  emailContext?: Record<string, unknown> | null | undefined;
  /** Template name or template text with {{placeholders}} */
  emailTemplate?: string | null | undefined;
  message: string;
  notifierId?: number | null | undefined;
  targetId?: string | null | undefined;
  /** Absolute http(s) URL or a path starting with / */
  targetLink?: string | null | undefined;
  targetText?: string | null | undefined;
  targetType?: string | null | undefined;
  title?: string | null | undefined;
  /** Free string, recorded */
  triggerEvent?: string | null | undefined;
  userId: number;
};

export type CreateProjectInput = {
  contractValue: number;
  /** Three letters; default 'USD' */
  currency?: string | null | undefined;
  customerId: string | number;
  description?: string | null | undefined;
  /** Ids of stored files */
  documentFileIds?: Array<string | number> | null | undefined;
  name: string;
  /** Employee ids */
  participantIds?: Array<string | number> | null | undefined;
  products?: Array<ProductInput> | null | undefined;
  /** ISO 8601 date or date-time */
  replyDate: string;
};

export type CreateTaskInput = {
  /** The auth directory's department id */
  departmentId: string | number;
  description?: string | null | undefined;
  /** ISO 8601 date or date-time */
  endDate: string;
  /** A stored file */
  fileId?: string | number | null | undefined;
  name: string;
  /** A task of the same project */
  parentId?: string | number | null | undefined;
  /** Employee ids */
  participantIds?: Array<string | number> | null | undefined;
  /** `low`, `medium`, `high` or `urgent` */
  priority: string;
  /** The project's uniqueCode */
  projectUniqueCode: string;
  /** Free string */
  status: string;
  tags?: Array<string> | null | undefined;
};

export type CreateUserInput = {
  email: string;
  employeeId?: string | number | null | undefined;
  password: string;
  permissions?: Array<string> | null | undefined;
};

export type ProductInput = {
  /** Free-form attributes */
  attributes?: Record<string, unknown> | null | undefined;
  description?: string | null | undefined;
  name: string;
  /** Default 'general' */
  productType?: string | null | undefined;
  /** Default 'active' */
  status?: string | null | undefined;
};

export type CreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { id: number, email: string } };

export type DisableUserMutationVariables = Exact<{
  id: number;
}>;


export type DisableUserMutation = { disableUser: { id: number, email: string, status: string } };

export type IssueServiceTokenMutationVariables = Exact<{
  name: string;
  ttl?: number | null | undefined;
}>;


export type IssueServiceTokenMutation = { issueServiceToken: string };

export type SeedDepartmentMutationVariables = Exact<{
  input: CreateDepartmentInput;
}>;


export type SeedDepartmentMutation = { createDepartment: { id: string } };

export type SeedEmployeeMutationVariables = Exact<{
  input: CreateEmployeeInput;
}>;


export type SeedEmployeeMutation = { createEmployee: { id: string } };

export type SeedUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type SeedUserMutation = { createUser: { id: number } };

export type SeedTaskMutationVariables = Exact<{
  input: CreateTaskInput;
}>;


export type SeedTaskMutation = { createTask: { id: string, uniqueCode: string } };

export type SeedCommentMutationVariables = Exact<{
  code: string;
  input: AddCommentInput;
}>;


export type SeedCommentMutation = { addTaskComment: { id: string } };

export type SeedLikeMutationVariables = Exact<{
  code: string;
  id: string;
}>;


export type SeedLikeMutation = { toggleTaskCommentReaction: { likes: number } };

export type SeedServiceTokenMutationVariables = Exact<{ [key: string]: never; }>;


export type SeedServiceTokenMutation = { issueServiceToken: string };

export type SeedNotificationsMutationVariables = Exact<{
  inputs: Array<CreateNotificationInput> | CreateNotificationInput;
}>;


export type SeedNotificationsMutation = { createNotifications: { message: string } };

export type SeedCustomerMutationVariables = Exact<{ [key: string]: never; }>;


export type SeedCustomerMutation = { createCustomer: { id: string } };

export type SeedProjectMutationVariables = Exact<{
  input: CreateProjectInput;
}>;


export type SeedProjectMutation = { createProject: { id: string, uniqueCode: string } };

export type SeedTaskStatusMutationVariables = Exact<{
  code: string;
  status: string;
}>;


export type SeedTaskStatusMutation = { updateTaskStatus: { id: string } };

export type SeedTaskEndDateMutationVariables = Exact<{
  code: string;
}>;


export type SeedTaskEndDateMutation = { updateTask: { id: string } };

export type RevokeServiceTokenMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeServiceTokenMutation = { revokeServiceToken: boolean };

export type OperatorLoginMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type OperatorLoginMutation = { login: { accessToken: string } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const CreateUserDocument = new TypedDocumentString(`
    mutation CreateUser($input: CreateUserInput!) {
  createUser(input: $input) {
    id
    email
  }
}
    `) as unknown as TypedDocumentString<CreateUserMutation, CreateUserMutationVariables>;
export const DisableUserDocument = new TypedDocumentString(`
    mutation DisableUser($id: Int!) {
  disableUser(id: $id) {
    id
    email
    status
  }
}
    `) as unknown as TypedDocumentString<DisableUserMutation, DisableUserMutationVariables>;
export const IssueServiceTokenDocument = new TypedDocumentString(`
    mutation IssueServiceToken($name: String!, $ttl: Int) {
  issueServiceToken(serviceName: $name, ttlDays: $ttl)
}
    `) as unknown as TypedDocumentString<IssueServiceTokenMutation, IssueServiceTokenMutationVariables>;
export const SeedDepartmentDocument = new TypedDocumentString(`
    mutation SeedDepartment($input: CreateDepartmentInput!) {
  createDepartment(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedDepartmentMutation, SeedDepartmentMutationVariables>;
export const SeedEmployeeDocument = new TypedDocumentString(`
    mutation SeedEmployee($input: CreateEmployeeInput!) {
  createEmployee(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedEmployeeMutation, SeedEmployeeMutationVariables>;
export const SeedUserDocument = new TypedDocumentString(`
    mutation SeedUser($input: CreateUserInput!) {
  createUser(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedUserMutation, SeedUserMutationVariables>;
export const SeedTaskDocument = new TypedDocumentString(`
    mutation SeedTask($input: CreateTaskInput!) {
  createTask(input: $input) {
    id
    uniqueCode
  }
}
    `) as unknown as TypedDocumentString<SeedTaskMutation, SeedTaskMutationVariables>;
export const SeedCommentDocument = new TypedDocumentString(`
    mutation SeedComment($code: String!, $input: AddCommentInput!) {
  addTaskComment(uniqueCode: $code, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedCommentMutation, SeedCommentMutationVariables>;
export const SeedLikeDocument = new TypedDocumentString(`
    mutation SeedLike($code: String!, $id: String!) {
  toggleTaskCommentReaction(uniqueCode: $code, commentId: $id, type: "like") {
    likes
  }
}
    `) as unknown as TypedDocumentString<SeedLikeMutation, SeedLikeMutationVariables>;
export const SeedServiceTokenDocument = new TypedDocumentString(`
    mutation SeedServiceToken {
  issueServiceToken(serviceName: "demo-seed", ttlDays: 1)
}
    `) as unknown as TypedDocumentString<SeedServiceTokenMutation, SeedServiceTokenMutationVariables>;
export const SeedNotificationsDocument = new TypedDocumentString(`
    mutation SeedNotifications($inputs: [CreateNotificationInput!]!) {
  createNotifications(inputs: $inputs) {
    message
  }
}
    `) as unknown as TypedDocumentString<SeedNotificationsMutation, SeedNotificationsMutationVariables>;
export const SeedCustomerDocument = new TypedDocumentString(`
    mutation SeedCustomer {
  createCustomer(input: {name: "Northwind Steel"}) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedCustomerMutation, SeedCustomerMutationVariables>;
export const SeedProjectDocument = new TypedDocumentString(`
    mutation SeedProject($input: CreateProjectInput!) {
  createProject(input: $input) {
    id
    uniqueCode
  }
}
    `) as unknown as TypedDocumentString<SeedProjectMutation, SeedProjectMutationVariables>;
export const SeedTaskStatusDocument = new TypedDocumentString(`
    mutation SeedTaskStatus($code: String!, $status: String!) {
  updateTaskStatus(uniqueCode: $code, status: $status) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedTaskStatusMutation, SeedTaskStatusMutationVariables>;
export const SeedTaskEndDateDocument = new TypedDocumentString(`
    mutation SeedTaskEndDate($code: String!) {
  updateTask(uniqueCode: $code, input: {endDate: "2026-12-23"}) {
    id
  }
}
    `) as unknown as TypedDocumentString<SeedTaskEndDateMutation, SeedTaskEndDateMutationVariables>;
export const RevokeServiceTokenDocument = new TypedDocumentString(`
    mutation RevokeServiceToken($id: ID!) {
  revokeServiceToken(id: $id)
}
    `) as unknown as TypedDocumentString<RevokeServiceTokenMutation, RevokeServiceTokenMutationVariables>;
export const OperatorLoginDocument = new TypedDocumentString(`
    mutation OperatorLogin($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    accessToken
  }
}
    `) as unknown as TypedDocumentString<OperatorLoginMutation, OperatorLoginMutationVariables>;