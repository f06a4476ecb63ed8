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

export type NotificationJobInput = {
  /** http(s) URLs of files to attach */
  emailAttachments?: Array<string> | null | undefined;
  /** Template name or template text with {{placeholders}} */
  emailTemplate?: string | null | undefined;
  message: string;
  notifierId?: number | null | undefined;
  recipients: Array<NotificationRecipientInput>;
  /** ISO 8601; delivery waits until then */
  scheduleAt?: string | null | undefined;
  targetId?: string | null | undefined;
  /** Absolute http(s) URL or a path starting with / */
  targetLink?: string | null | undefined;
  targetText?: string | null | undefined;
  targetType?: string | null | undefined;
  title?: string | null | undefined;
  /** Free string, recorded */
  triggerEvent?: string | null | undefined;
};

export type NotificationRecipientInput = {
  /** `in_app`, `push`, `email`; none: `in_app` */
  channels?: Array<string> | null | undefined;
  /** Values for the e-mail template */
  context?: Record<string, unknown> | null | undefined;
  email?: string | null | undefined;
  userId: number;
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

export type RegisterDeviceChallengeInput = {
  deviceFingerprint: string;
  deviceName: string;
  /** `mobile`, `desktop` or `tablet` */
  deviceType: string;
  /** `ES256`, `RS256` or `PS256` */
  keyAlgorithm: string;
  /** PEM, at most 10240 bytes */
  publicKey: string;
};

export type RegisterPushDeviceInput = {
  deviceId: string;
  deviceName?: string | null | undefined;
  deviceType?: string | null | undefined;
  fcmToken?: string | null | undefined;
  providerPlayerId?: string | null | undefined;
};

export type TaskFacetFilterInput = {
  /** Department ids */
  departmentId?: Array<string> | null | undefined;
  /** `low`, `medium`, `high` or `urgent` */
  priority?: Array<string> | null | undefined;
  status?: Array<string> | null | undefined;
  /** Tasks with any of these tags */
  tags?: Array<string> | null | undefined;
};

export type TaskFacetSearchInput = {
  /** Part of the task name, case-insensitive and literal */
  name?: string | null | undefined;
};

export type UpdateProjectInput = {
  contractValue?: number | null | undefined;
  currency?: string | null | undefined;
  description?: string | null | undefined;
  /** Replaces the documents */
  documentFileIds?: Array<string | number> | null | undefined;
  name?: string | null | undefined;
  /** Replaces the participants */
  participantIds?: Array<string | number> | null | undefined;
  /** One of the spec's project progress values */
  progress?: string | null | undefined;
  replyDate?: string | null | undefined;
  /** One of the spec's project status values */
  status?: string | null | undefined;
};

export type UpdateTaskInput = {
  departmentId?: string | number | null | undefined;
  description?: string | null | undefined;
  endDate?: string | null | undefined;
  name?: string | null | undefined;
  /** Absent: unchanged; null: top level; a task of the same project */
  parentId?: string | number | null | undefined;
  /** Replaces the participants */
  participantIds?: Array<string | number> | null | undefined;
  priority?: string | null | undefined;
  status?: string | null | undefined;
  /** Replaces the tags */
  tags?: Array<string> | null | undefined;
};

export type UploadFileInput = {
  /** The bytes, base64 (standard alphabet, padded); at most 25 MB decoded. */
  contentBase64: string;
  mimeType: string;
  /** The client's file name: a label, never a path on the server. */
  name: string;
};

export type LoginMutationVariables = Exact<{
  email: string;
  password: string;
  rememberMe?: boolean | null | undefined;
}>;


export type LoginMutation = { login: { accessToken: string, refreshToken: string, accessTokenExpiresAt: string, refreshTokenExpiresAt: string } };

export type RefreshTokenMutationVariables = Exact<{
  refreshToken: string;
}>;


export type RefreshTokenMutation = { refreshToken: { accessToken: string, refreshToken: string, accessTokenExpiresAt: string, refreshTokenExpiresAt: string } };

export type LogoutMutationVariables = Exact<{
  refreshToken: string;
}>;


export type LogoutMutation = { logout: { success: boolean } };

export type TaskCommentsQueryVariables = Exact<{
  uniqueCode: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  sortBy?: string | null | undefined;
  sortOrder?: string | null | undefined;
}>;


export type TaskCommentsQuery = { taskComments: { data: Array<{ id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> }>, meta: { limit: number, page: number, total: number, totalPages: number } } };

export type AddTaskCommentMutationVariables = Exact<{
  uniqueCode: string;
  input: AddCommentInput;
}>;


export type AddTaskCommentMutation = { addTaskComment: { id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> } };

export type ToggleTaskCommentReactionMutationVariables = Exact<{
  uniqueCode: string;
  commentId: string;
  type: string;
}>;


export type ToggleTaskCommentReactionMutation = { toggleTaskCommentReaction: { commentId: string, likes: number, dislikes: number, userReaction: string } };

export type DeleteTaskCommentMutationVariables = Exact<{
  uniqueCode: string;
  commentId: string;
}>;


export type DeleteTaskCommentMutation = { deleteTaskComment: { message: string } };

export type CommentFieldsFragment = { id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> };

export type DecisionFieldsFragment = { success: boolean, confirmationId: string, status: string };

export type InitiateConfirmationMutationVariables = Exact<{
  actionType: string;
  actionPayload: unknown;
}>;


export type InitiateConfirmationMutation = { initiateConfirmation: { confirmationId: string, challenge: string, expiresAt: string } };

export type ConfirmationStatusQueryVariables = Exact<{
  id: string;
}>;


export type ConfirmationStatusQuery = { confirmationStatus: { confirmationId: string, status: string, actionType: string, actionPayload: Record<string, unknown>, createdAt: string, expiresAt: string, updatedAt: string } };

export type VerifyConfirmationMutationVariables = Exact<{
  id: string;
  deviceId: string;
  signedChallenge: string;
}>;


export type VerifyConfirmationMutation = { verifyConfirmation: { success: boolean, confirmationId: string, status: string } };

export type RejectConfirmationMutationVariables = Exact<{
  id: string;
  reason?: string | null | undefined;
}>;


export type RejectConfirmationMutation = { rejectConfirmation: { success: boolean, confirmationId: string, status: string } };

export type DeviceFieldsFragment = { id: string, deviceName: string, deviceType: string, deviceFingerprint: string, isActive: boolean, lastUsedAt: string | null, createdAt: string, updatedAt: string };

export type RegisterDeviceChallengeMutationVariables = Exact<{
  input: RegisterDeviceChallengeInput;
}>;


export type RegisterDeviceChallengeMutation = { registerDeviceChallenge: { challenge: string, expiresAt: string, deviceId: string, sessionId: string } };

export type VerifyDeviceRegistrationMutationVariables = Exact<{
  sessionId: string;
  signedChallenge: string;
}>;


export type VerifyDeviceRegistrationMutation = { verifyDeviceRegistration: { success: boolean, deviceId: string, device: { id: string, deviceName: string, deviceType: string, deviceFingerprint: string, isActive: boolean, lastUsedAt: string | null, createdAt: string, updatedAt: string } } };

export type MyDevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyDevicesQuery = { myDevices: Array<{ id: string, deviceName: string, deviceType: string, deviceFingerprint: string, isActive: boolean, lastUsedAt: string | null, createdAt: string, updatedAt: string }> };

export type UpdateDevicePushTokenMutationVariables = Exact<{
  deviceId: string;
  fcmToken: string;
}>;


export type UpdateDevicePushTokenMutation = { updateDevicePushToken: { success: boolean, message: string } };

export type DeleteDeviceMutationVariables = Exact<{
  deviceId: string;
}>;


export type DeleteDeviceMutation = { deleteDevice: { success: boolean, message: string } };

export type UploadFileMutationVariables = Exact<{
  input: UploadFileInput;
}>;


export type UploadFileMutation = { uploadFile: { id: string, name: string, mimeType: string, path: string, size: number } };

export type FileQueryVariables = Exact<{
  id: string | number;
}>;


export type FileQuery = { file: { id: string, name: string, mimeType: string } };

export type MobileChallengeMutationVariables = Exact<{
  deviceFingerprint: string;
}>;


export type MobileChallengeMutation = { mobileChallenge: { challenge: string, expiresAt: string, sessionId: string } };

export type MobileBiometricLoginMutationVariables = Exact<{
  sessionId: string;
  signedChallenge: string;
  rememberMe?: boolean | null | undefined;
}>;


export type MobileBiometricLoginMutation = { mobileBiometricLogin: { success: boolean, tokens: { accessToken: string, refreshToken: string, accessTokenExpiresAt: string, refreshTokenExpiresAt: string } } };

export type MobileRefreshMutationVariables = Exact<{
  refreshToken: string;
}>;


export type MobileRefreshMutation = { mobileRefresh: { accessToken: string, refreshToken: string, accessTokenExpiresAt: string, refreshTokenExpiresAt: string } };

export type NotificationFieldsFragment = { id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, readAt: string | null, createdAt: string };

export type MyPushDevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyPushDevicesQuery = { myPushDevices: Array<{ device_id: string, device_name: string | null, device_type: string | null, fcm_token: string | null, provider_player_id: string | null, token_invalid: boolean, invalid_since: string | null, created_at: string, updated_at: string, user_id: number, user: { id: number, email: string, emailVerified: boolean, mfaEnabled: boolean, status: string, createdAt: string, updatedAt: string } }> };

export type RegisterPushDeviceMutationVariables = Exact<{
  input: RegisterPushDeviceInput;
}>;


export type RegisterPushDeviceMutation = { registerPushDevice: { message: string, created: boolean } };

export type UpdatePushDeviceTokensMutationVariables = Exact<{
  deviceId: string;
  changes: Record<string, unknown>;
}>;


export type UpdatePushDeviceTokensMutation = { updatePushDeviceTokens: { message: string } };

export type MyNotificationsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type MyNotificationsQuery = { myNotifications: { currentPage: number, totalItems: number, totalPages: number, unreadCount: number, items: Array<{ id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, readAt: string | null, createdAt: string }> } };

export type MarkNotificationReadMutationVariables = Exact<{
  id: string | number;
}>;


export type MarkNotificationReadMutation = { markNotificationRead: { id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, readAt: string | null, createdAt: string } };

export type MarkAllNotificationsReadMutationVariables = Exact<{ [key: string]: never; }>;


export type MarkAllNotificationsReadMutation = { markAllNotificationsRead: { message: string } };

export type ProcessNotificationJobMutationVariables = Exact<{
  input: NotificationJobInput;
}>;


export type ProcessNotificationJobMutation = { processNotificationJob: { jobId: string, message: string, processedRecipients: number } };

export type CreateNotificationMutationVariables = Exact<{
  input: CreateNotificationInput;
}>;


export type CreateNotificationMutation = { createNotification: { message: string } };

export type CreateNotificationsMutationVariables = Exact<{
  inputs: Array<CreateNotificationInput> | CreateNotificationInput;
}>;


export type CreateNotificationsMutation = { createNotifications: { message: string } };

export type BeginPasskeyRegistrationMutationVariables = Exact<{
  userVerification?: string | null | undefined;
  authenticatorSelection?: Record<string, unknown> | null | undefined;
}>;


export type BeginPasskeyRegistrationMutation = { beginPasskeyRegistration: { challengeId: string, publicKey: Record<string, unknown> } };

export type FinishPasskeyRegistrationMutationVariables = Exact<{
  challengeId: string;
  credential: Record<string, unknown>;
}>;


export type FinishPasskeyRegistrationMutation = { finishPasskeyRegistration: { success: boolean, passkey: { id: string, name: string, createdAt: string, lastUsedAt: string | null, backedUp: boolean, deviceType: string } } };

export type BeginPasskeyLoginMutationVariables = Exact<{
  email: string;
  userVerification?: string | null | undefined;
}>;


export type BeginPasskeyLoginMutation = { beginPasskeyLogin: { challengeId: string, publicKey: Record<string, unknown> } };

export type FinishPasskeyLoginMutationVariables = Exact<{
  challengeId: string;
  credential: Record<string, unknown>;
}>;


export type FinishPasskeyLoginMutation = { finishPasskeyLogin: { accessToken: string, refreshToken: string, accessTokenExpiresAt: string, refreshTokenExpiresAt: string } };

export type PersonFieldsFragment = { avatarFileId: string, code: string, department: string, email: string, id: string, name: string };

export type ProjectsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  sortBy?: string | null | undefined;
  sortOrder?: string | null | undefined;
  status?: string | null | undefined;
  customerId?: string | null | undefined;
}>;


export type ProjectsQuery = { projects: { data: Array<{ id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> }>, meta: { limit: number, page: number, total: number, totalPages: number } } };

export type CreateProjectMutationVariables = Exact<{
  input: CreateProjectInput;
}>;


export type CreateProjectMutation = { createProject: { id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> } };

export type ProjectQueryVariables = Exact<{
  uniqueCode: string;
}>;


export type ProjectQuery = { project: { id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> } };

export type UpdateProjectMutationVariables = Exact<{
  uniqueCode: string;
  input: UpdateProjectInput;
}>;


export type UpdateProjectMutation = { updateProject: { id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> } };

export type DeleteProjectMutationVariables = Exact<{
  uniqueCode: string;
}>;


export type DeleteProjectMutation = { deleteProject: { message: string } };

export type ApproveProjectMutationVariables = Exact<{
  uniqueCode: string;
}>;


export type ApproveProjectMutation = { approveProject: { id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> } };

export type UpdateProjectProgressMutationVariables = Exact<{
  uniqueCode: string;
  progress: string;
}>;


export type UpdateProjectProgressMutation = { updateProjectProgress: { id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> } };

export type ProjectResourceCountsQueryVariables = Exact<{
  uniqueCode: string;
  resourceTypes?: Array<string> | string | null | undefined;
}>;


export type ProjectResourceCountsQuery = { projectResourceCounts: Array<{ type: string, status: string, count: number }> };

export type ProjectExpensesQueryVariables = Exact<{
  uniqueCode: string;
}>;


export type ProjectExpensesQuery = { projectExpenses: { totalExpenses: number, currency: string, breakdown: { labor: number, materials: number, other: number } } };

export type ProjectFieldsFragment = { id: string, uniqueCode: string, name: string, description: string, contractValue: number, currency: string, customerId: string, creatorId: string, progress: string, status: string, replyDate: string, createdAt: string, updatedAt: string, deletedAt: string | null, customer: { id: string, name: string } | null, creator: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, participants: Array<{ id: string, code: string, name: string, email: string, avatarFileId: string | null, department: { name: string } | null } | null>, documentFiles: Array<{ id: string, name: string, mimeType: string, path: string, size: number }>, products: Array<{ id: string, name: string, description: string, productType: string, status: string, attributes: Record<string, unknown>, schemaVersion: string, createdAt: string, updatedAt: string }> };

export type TaskFilterOptionsQueryVariables = Exact<{
  projectId: string;
  filters?: TaskFacetFilterInput | null | undefined;
  searches?: TaskFacetSearchInput | null | undefined;
}>;


export type TaskFilterOptionsQuery = { taskFilterOptions: { departments: Array<{ value: string, count: number, department: { name: string } | null }>, participants: Array<{ value: string, count: number, employee: { name: string } | null }>, priorities: Array<{ value: string, label: string, count: number }>, statuses: Array<{ value: string, label: string, count: number }>, tags: Array<{ value: string, label: string, count: number }> } };

export type TaskStatisticsQueryVariables = Exact<{
  projectId: string;
}>;


export type TaskStatisticsQuery = { taskStatistics: { total: number, byStatus: Record<string, unknown>, byPriority: Record<string, unknown>, byDepartment: Record<string, unknown> } };

export type FilterOptionFieldsFragment = { departments: Array<{ value: string, count: number, department: { name: string } | null }>, participants: Array<{ value: string, count: number, employee: { name: string } | null }>, priorities: Array<{ value: string, label: string, count: number }>, statuses: Array<{ value: string, label: string, count: number }>, tags: Array<{ value: string, label: string, count: number }> };

export type CreateTaskMutationVariables = Exact<{
  input: CreateTaskInput;
}>;


export type CreateTaskMutation = { createTask: { id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> } };

export type MyTasksQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  status?: string | null | undefined;
  priority?: string | null | undefined;
}>;


export type MyTasksQuery = { myTasks: { data: Array<{ id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> }>, meta: { limit: number, page: number, total: number, totalPages: number } } };

export type NestedTasksQueryVariables = Exact<{
  projectId: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
  includeComments: boolean;
  includeActivities: boolean;
}>;


export type NestedTasksQuery = { nestedTasks: { data: Array<{ id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, comments?: Array<{ id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> }>, activities?: Array<{ id: string, taskId: string, createdAt: string, updatedAt: string, comment: { id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> } | null, history: { id: string, type: string, actorId: string, changedAt: string, from: Record<string, unknown>, to: Record<string, unknown>, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string } } | null }>, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> }>, meta: { limit: number, page: number, total: number, totalPages: number } } };

export type ProjectTasksQueryVariables = Exact<{
  projectId: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  sortBy?: string | null | undefined;
  sortOrder?: string | null | undefined;
  status?: string | null | undefined;
  priority?: string | null | undefined;
  departmentId?: string | null | undefined;
}>;


export type ProjectTasksQuery = { projectTasks: { data: Array<{ id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> }>, meta: { limit: number, page: number, total: number, totalPages: number } } };

export type TaskQueryVariables = Exact<{
  uniqueCode: string;
}>;


export type TaskQuery = { task: { id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> } };

export type UpdateTaskMutationVariables = Exact<{
  uniqueCode: string;
  input: UpdateTaskInput;
}>;


export type UpdateTaskMutation = { updateTask: { id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> } };

export type UpdateTaskStatusMutationVariables = Exact<{
  uniqueCode: string;
  status: string;
}>;


export type UpdateTaskStatusMutation = { updateTaskStatus: { id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> } };

export type DeleteTaskMutationVariables = Exact<{
  uniqueCode: string;
}>;


export type DeleteTaskMutation = { deleteTask: { message: string } };

export type TaskActivitiesQueryVariables = Exact<{
  uniqueCode: string;
}>;


export type TaskActivitiesQuery = { taskActivities: Array<{ id: string, taskId: string, createdAt: string, updatedAt: string, comment: { id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> } | null, history: { id: string, type: string, actorId: string, changedAt: string, from: Record<string, unknown>, to: Record<string, unknown>, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string } } | null }> };

export type TaskFieldsFragment = { id: string, uniqueCode: string, name: string, description: string, endDate: string, fileId: string | null, parentId: string | null, projectId: string, projectCode: string, departmentId: string, priority: string, status: string, tags: Array<string>, createdAt: string, updatedAt: string, deletedAt: string | null, department: { id: string, code: string, name: string } | null, participants: Array<{ id: string, employeeId: string, employee: { name: string, email: string } | null }> };

export type ActivityFieldsFragment = { id: string, taskId: string, createdAt: string, updatedAt: string, comment: { id: string, taskId: string, parentId: string | null, actorId: string, content: string, likes: number, dislikes: number, isDeleted: boolean, userReaction: string, createdAt: string, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string }, attachments: Array<{ id: string, fileId: string }> } | null, history: { id: string, type: string, actorId: string, changedAt: string, from: Record<string, unknown>, to: Record<string, unknown>, actor: { avatarFileId: string, code: string, department: string, email: string, id: string, name: string } } | null };

export type TokenSetFieldsFragment = { accessToken: string, refreshToken: string, accessTokenExpiresAt: string, refreshTokenExpiresAt: string };

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
export const DecisionFieldsFragmentDoc = new TypedDocumentString(`
    fragment DecisionFields on ConfirmationDecisionResult {
  success
  confirmationId
  status
}
    `, {"fragmentName":"DecisionFields"}) as unknown as TypedDocumentString<DecisionFieldsFragment, unknown>;
export const DeviceFieldsFragmentDoc = new TypedDocumentString(`
    fragment DeviceFields on RegisteredDevice {
  id
  deviceName
  deviceType
  deviceFingerprint
  isActive
  lastUsedAt
  createdAt
  updatedAt
}
    `, {"fragmentName":"DeviceFields"}) as unknown as TypedDocumentString<DeviceFieldsFragment, unknown>;
export const NotificationFieldsFragmentDoc = new TypedDocumentString(`
    fragment NotificationFields on Notification {
  id
  message
  targetLink
  targetText
  unread
  readAt
  createdAt
}
    `, {"fragmentName":"NotificationFields"}) as unknown as TypedDocumentString<NotificationFieldsFragment, unknown>;
export const PersonFieldsFragmentDoc = new TypedDocumentString(`
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
    `, {"fragmentName":"PersonFields"}) as unknown as TypedDocumentString<PersonFieldsFragment, unknown>;
export const ProjectFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}`, {"fragmentName":"ProjectFields"}) as unknown as TypedDocumentString<ProjectFieldsFragment, unknown>;
export const FilterOptionFieldsFragmentDoc = new TypedDocumentString(`
    fragment FilterOptionFields on TaskFilterOptions {
  departments {
    value
    count
    department {
      name
    }
  }
  participants {
    value
    count
    employee {
      name
    }
  }
  priorities {
    value
    label
    count
  }
  statuses {
    value
    label
    count
  }
  tags {
    value
    label
    count
  }
}
    `, {"fragmentName":"FilterOptionFields"}) as unknown as TypedDocumentString<FilterOptionFieldsFragment, unknown>;
export const TaskFieldsFragmentDoc = new TypedDocumentString(`
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}
    `, {"fragmentName":"TaskFields"}) as unknown as TypedDocumentString<TaskFieldsFragment, unknown>;
export const CommentFieldsFragmentDoc = new TypedDocumentString(`
    fragment CommentFields on TaskComment {
  id
  taskId
  parentId
  actorId
  actor {
    ...PersonFields
  }
  content
  attachments {
    id
    fileId
  }
  likes
  dislikes
  isDeleted
  userReaction
  createdAt
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}`, {"fragmentName":"CommentFields"}) as unknown as TypedDocumentString<CommentFieldsFragment, unknown>;
export const ActivityFieldsFragmentDoc = new TypedDocumentString(`
    fragment ActivityFields on TaskActivity {
  id
  taskId
  createdAt
  updatedAt
  comment {
    ...CommentFields
  }
  history {
    id
    type
    actorId
    actor {
      ...PersonFields
    }
    changedAt
    from
    to
  }
}
    fragment CommentFields on TaskComment {
  id
  taskId
  parentId
  actorId
  actor {
    ...PersonFields
  }
  content
  attachments {
    id
    fileId
  }
  likes
  dislikes
  isDeleted
  userReaction
  createdAt
}
fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}`, {"fragmentName":"ActivityFields"}) as unknown as TypedDocumentString<ActivityFieldsFragment, unknown>;
export const TokenSetFieldsFragmentDoc = new TypedDocumentString(`
    fragment TokenSetFields on TokenSetType {
  accessToken
  refreshToken
  accessTokenExpiresAt
  refreshTokenExpiresAt
}
    `, {"fragmentName":"TokenSetFields"}) as unknown as TypedDocumentString<TokenSetFieldsFragment, unknown>;
export const LoginDocument = new TypedDocumentString(`
    mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {
  login(email: $email, password: $password, rememberMe: $rememberMe) {
    ...TokenSetFields
  }
}
    fragment TokenSetFields on TokenSetType {
  accessToken
  refreshToken
  accessTokenExpiresAt
  refreshTokenExpiresAt
}`) as unknown as TypedDocumentString<LoginMutation, LoginMutationVariables>;
export const RefreshTokenDocument = new TypedDocumentString(`
    mutation RefreshToken($refreshToken: String!) {
  refreshToken(refreshToken: $refreshToken) {
    ...TokenSetFields
  }
}
    fragment TokenSetFields on TokenSetType {
  accessToken
  refreshToken
  accessTokenExpiresAt
  refreshTokenExpiresAt
}`) as unknown as TypedDocumentString<RefreshTokenMutation, RefreshTokenMutationVariables>;
export const LogoutDocument = new TypedDocumentString(`
    mutation Logout($refreshToken: String!) {
  logout(refreshToken: $refreshToken) {
    success
  }
}
    `) as unknown as TypedDocumentString<LogoutMutation, LogoutMutationVariables>;
export const TaskCommentsDocument = new TypedDocumentString(`
    query TaskComments($uniqueCode: String!, $page: Int, $limit: Int, $search: String, $sortBy: String, $sortOrder: String) {
  taskComments(
    uniqueCode: $uniqueCode
    page: $page
    limit: $limit
    search: $search
    sortBy: $sortBy
    sortOrder: $sortOrder
  ) {
    data {
      ...CommentFields
    }
    meta {
      limit
      page
      total
      totalPages
    }
  }
}
    fragment CommentFields on TaskComment {
  id
  taskId
  parentId
  actorId
  actor {
    ...PersonFields
  }
  content
  attachments {
    id
    fileId
  }
  likes
  dislikes
  isDeleted
  userReaction
  createdAt
}
fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}`) as unknown as TypedDocumentString<TaskCommentsQuery, TaskCommentsQueryVariables>;
export const AddTaskCommentDocument = new TypedDocumentString(`
    mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {
  addTaskComment(uniqueCode: $uniqueCode, input: $input) {
    ...CommentFields
  }
}
    fragment CommentFields on TaskComment {
  id
  taskId
  parentId
  actorId
  actor {
    ...PersonFields
  }
  content
  attachments {
    id
    fileId
  }
  likes
  dislikes
  isDeleted
  userReaction
  createdAt
}
fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}`) as unknown as TypedDocumentString<AddTaskCommentMutation, AddTaskCommentMutationVariables>;
export const ToggleTaskCommentReactionDocument = new TypedDocumentString(`
    mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {
  toggleTaskCommentReaction(
    uniqueCode: $uniqueCode
    commentId: $commentId
    type: $type
  ) {
    commentId
    likes
    dislikes
    userReaction
  }
}
    `) as unknown as TypedDocumentString<ToggleTaskCommentReactionMutation, ToggleTaskCommentReactionMutationVariables>;
export const DeleteTaskCommentDocument = new TypedDocumentString(`
    mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {
  deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) {
    message
  }
}
    `) as unknown as TypedDocumentString<DeleteTaskCommentMutation, DeleteTaskCommentMutationVariables>;
export const InitiateConfirmationDocument = new TypedDocumentString(`
    mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {
  initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) {
    confirmationId
    challenge
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<InitiateConfirmationMutation, InitiateConfirmationMutationVariables>;
export const ConfirmationStatusDocument = new TypedDocumentString(`
    query ConfirmationStatus($id: String!) {
  confirmationStatus(confirmationId: $id) {
    confirmationId
    status
    actionType
    actionPayload
    createdAt
    expiresAt
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<ConfirmationStatusQuery, ConfirmationStatusQueryVariables>;
export const VerifyConfirmationDocument = new TypedDocumentString(`
    mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {
  verifyConfirmation(
    confirmationId: $id
    deviceId: $deviceId
    signedChallenge: $signedChallenge
  ) {
    ...DecisionFields
  }
}
    fragment DecisionFields on ConfirmationDecisionResult {
  success
  confirmationId
  status
}`) as unknown as TypedDocumentString<VerifyConfirmationMutation, VerifyConfirmationMutationVariables>;
export const RejectConfirmationDocument = new TypedDocumentString(`
    mutation RejectConfirmation($id: String!, $reason: String) {
  rejectConfirmation(confirmationId: $id, reason: $reason) {
    ...DecisionFields
  }
}
    fragment DecisionFields on ConfirmationDecisionResult {
  success
  confirmationId
  status
}`) as unknown as TypedDocumentString<RejectConfirmationMutation, RejectConfirmationMutationVariables>;
export const RegisterDeviceChallengeDocument = new TypedDocumentString(`
    mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {
  registerDeviceChallenge(input: $input) {
    challenge
    expiresAt
    deviceId
    sessionId
  }
}
    `) as unknown as TypedDocumentString<RegisterDeviceChallengeMutation, RegisterDeviceChallengeMutationVariables>;
export const VerifyDeviceRegistrationDocument = new TypedDocumentString(`
    mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {
  verifyDeviceRegistration(
    sessionId: $sessionId
    signedChallenge: $signedChallenge
  ) {
    success
    deviceId
    device {
      ...DeviceFields
    }
  }
}
    fragment DeviceFields on RegisteredDevice {
  id
  deviceName
  deviceType
  deviceFingerprint
  isActive
  lastUsedAt
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<VerifyDeviceRegistrationMutation, VerifyDeviceRegistrationMutationVariables>;
export const MyDevicesDocument = new TypedDocumentString(`
    query MyDevices {
  myDevices {
    ...DeviceFields
  }
}
    fragment DeviceFields on RegisteredDevice {
  id
  deviceName
  deviceType
  deviceFingerprint
  isActive
  lastUsedAt
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<MyDevicesQuery, MyDevicesQueryVariables>;
export const UpdateDevicePushTokenDocument = new TypedDocumentString(`
    mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {
  updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) {
    success
    message
  }
}
    `) as unknown as TypedDocumentString<UpdateDevicePushTokenMutation, UpdateDevicePushTokenMutationVariables>;
export const DeleteDeviceDocument = new TypedDocumentString(`
    mutation DeleteDevice($deviceId: String!) {
  deleteDevice(deviceId: $deviceId) {
    success
    message
  }
}
    `) as unknown as TypedDocumentString<DeleteDeviceMutation, DeleteDeviceMutationVariables>;
export const UploadFileDocument = new TypedDocumentString(`
    mutation UploadFile($input: UploadFileInput!) {
  uploadFile(input: $input) {
    id
    name
    mimeType
    path
    size
  }
}
    `) as unknown as TypedDocumentString<UploadFileMutation, UploadFileMutationVariables>;
export const FileDocument = new TypedDocumentString(`
    query File($id: ID!) {
  file(id: $id) {
    id
    name
    mimeType
  }
}
    `) as unknown as TypedDocumentString<FileQuery, FileQueryVariables>;
export const MobileChallengeDocument = new TypedDocumentString(`
    mutation MobileChallenge($deviceFingerprint: String!) {
  mobileChallenge(deviceFingerprint: $deviceFingerprint) {
    challenge
    expiresAt
    sessionId
  }
}
    `) as unknown as TypedDocumentString<MobileChallengeMutation, MobileChallengeMutationVariables>;
export const MobileBiometricLoginDocument = new TypedDocumentString(`
    mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {
  mobileBiometricLogin(
    sessionId: $sessionId
    signedChallenge: $signedChallenge
    rememberMe: $rememberMe
  ) {
    success
    tokens {
      ...TokenSetFields
    }
  }
}
    fragment TokenSetFields on TokenSetType {
  accessToken
  refreshToken
  accessTokenExpiresAt
  refreshTokenExpiresAt
}`) as unknown as TypedDocumentString<MobileBiometricLoginMutation, MobileBiometricLoginMutationVariables>;
export const MobileRefreshDocument = new TypedDocumentString(`
    mutation MobileRefresh($refreshToken: String!) {
  mobileRefresh(refreshToken: $refreshToken) {
    ...TokenSetFields
  }
}
    fragment TokenSetFields on TokenSetType {
  accessToken
  refreshToken
  accessTokenExpiresAt
  refreshTokenExpiresAt
}`) as unknown as TypedDocumentString<MobileRefreshMutation, MobileRefreshMutationVariables>;
export const MyPushDevicesDocument = new TypedDocumentString(`
    query MyPushDevices {
  myPushDevices {
    device_id: deviceId
    device_name: deviceName
    device_type: deviceType
    fcm_token: fcmToken
    provider_player_id: providerPlayerId
    token_invalid: tokenInvalid
    invalid_since: invalidSince
    created_at: createdAt
    updated_at: updatedAt
    user_id: userId
    user {
      id
      email
      emailVerified
      mfaEnabled
      status
      createdAt
      updatedAt
    }
  }
}
    `) as unknown as TypedDocumentString<MyPushDevicesQuery, MyPushDevicesQueryVariables>;
export const RegisterPushDeviceDocument = new TypedDocumentString(`
    mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {
  registerPushDevice(input: $input) {
    message
    created
  }
}
    `) as unknown as TypedDocumentString<RegisterPushDeviceMutation, RegisterPushDeviceMutationVariables>;
export const UpdatePushDeviceTokensDocument = new TypedDocumentString(`
    mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {
  updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) {
    message
  }
}
    `) as unknown as TypedDocumentString<UpdatePushDeviceTokensMutation, UpdatePushDeviceTokensMutationVariables>;
export const MyNotificationsDocument = new TypedDocumentString(`
    query MyNotifications($page: Int, $limit: Int) {
  myNotifications(page: $page, limit: $limit) {
    currentPage
    totalItems
    totalPages
    unreadCount
    items {
      ...NotificationFields
    }
  }
}
    fragment NotificationFields on Notification {
  id
  message
  targetLink
  targetText
  unread
  readAt
  createdAt
}`) as unknown as TypedDocumentString<MyNotificationsQuery, MyNotificationsQueryVariables>;
export const MarkNotificationReadDocument = new TypedDocumentString(`
    mutation MarkNotificationRead($id: ID!) {
  markNotificationRead(id: $id) {
    ...NotificationFields
  }
}
    fragment NotificationFields on Notification {
  id
  message
  targetLink
  targetText
  unread
  readAt
  createdAt
}`) as unknown as TypedDocumentString<MarkNotificationReadMutation, MarkNotificationReadMutationVariables>;
export const MarkAllNotificationsReadDocument = new TypedDocumentString(`
    mutation MarkAllNotificationsRead {
  markAllNotificationsRead {
    message
  }
}
    `) as unknown as TypedDocumentString<MarkAllNotificationsReadMutation, MarkAllNotificationsReadMutationVariables>;
export const ProcessNotificationJobDocument = new TypedDocumentString(`
    mutation ProcessNotificationJob($input: NotificationJobInput!) {
  processNotificationJob(input: $input) {
    jobId
    message
    processedRecipients
  }
}
    `) as unknown as TypedDocumentString<ProcessNotificationJobMutation, ProcessNotificationJobMutationVariables>;
export const CreateNotificationDocument = new TypedDocumentString(`
    mutation CreateNotification($input: CreateNotificationInput!) {
  createNotification(input: $input) {
    message
  }
}
    `) as unknown as TypedDocumentString<CreateNotificationMutation, CreateNotificationMutationVariables>;
export const CreateNotificationsDocument = new TypedDocumentString(`
    mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {
  createNotifications(inputs: $inputs) {
    message
  }
}
    `) as unknown as TypedDocumentString<CreateNotificationsMutation, CreateNotificationsMutationVariables>;
export const BeginPasskeyRegistrationDocument = new TypedDocumentString(`
    mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {
  beginPasskeyRegistration(
    userVerification: $userVerification
    authenticatorSelection: $authenticatorSelection
  ) {
    challengeId
    publicKey
  }
}
    `) as unknown as TypedDocumentString<BeginPasskeyRegistrationMutation, BeginPasskeyRegistrationMutationVariables>;
export const FinishPasskeyRegistrationDocument = new TypedDocumentString(`
    mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {
  finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {
    success
    passkey {
      id
      name
      createdAt
      lastUsedAt
      backedUp
      deviceType
    }
  }
}
    `) as unknown as TypedDocumentString<FinishPasskeyRegistrationMutation, FinishPasskeyRegistrationMutationVariables>;
export const BeginPasskeyLoginDocument = new TypedDocumentString(`
    mutation BeginPasskeyLogin($email: String!, $userVerification: String) {
  beginPasskeyLogin(email: $email, userVerification: $userVerification) {
    challengeId
    publicKey
  }
}
    `) as unknown as TypedDocumentString<BeginPasskeyLoginMutation, BeginPasskeyLoginMutationVariables>;
export const FinishPasskeyLoginDocument = new TypedDocumentString(`
    mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {
  finishPasskeyLogin(challengeId: $challengeId, credential: $credential) {
    ...TokenSetFields
  }
}
    fragment TokenSetFields on TokenSetType {
  accessToken
  refreshToken
  accessTokenExpiresAt
  refreshTokenExpiresAt
}`) as unknown as TypedDocumentString<FinishPasskeyLoginMutation, FinishPasskeyLoginMutationVariables>;
export const ProjectsDocument = new TypedDocumentString(`
    query Projects($page: Int, $limit: Int, $search: String, $sortBy: String, $sortOrder: String, $status: String, $customerId: String) {
  projects(
    page: $page
    limit: $limit
    search: $search
    sortBy: $sortBy
    sortOrder: $sortOrder
    status: $status
    customerId: $customerId
  ) {
    data {
      ...ProjectFields
    }
    meta {
      limit
      page
      total
      totalPages
    }
  }
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<ProjectsQuery, ProjectsQueryVariables>;
export const CreateProjectDocument = new TypedDocumentString(`
    mutation CreateProject($input: CreateProjectInput!) {
  createProject(input: $input) {
    ...ProjectFields
  }
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<CreateProjectMutation, CreateProjectMutationVariables>;
export const ProjectDocument = new TypedDocumentString(`
    query Project($uniqueCode: String!) {
  project(uniqueCode: $uniqueCode) {
    ...ProjectFields
  }
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<ProjectQuery, ProjectQueryVariables>;
export const UpdateProjectDocument = new TypedDocumentString(`
    mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {
  updateProject(uniqueCode: $uniqueCode, input: $input) {
    ...ProjectFields
  }
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<UpdateProjectMutation, UpdateProjectMutationVariables>;
export const DeleteProjectDocument = new TypedDocumentString(`
    mutation DeleteProject($uniqueCode: String!) {
  deleteProject(uniqueCode: $uniqueCode) {
    message
  }
}
    `) as unknown as TypedDocumentString<DeleteProjectMutation, DeleteProjectMutationVariables>;
export const ApproveProjectDocument = new TypedDocumentString(`
    mutation ApproveProject($uniqueCode: String!) {
  approveProject(uniqueCode: $uniqueCode) {
    ...ProjectFields
  }
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<ApproveProjectMutation, ApproveProjectMutationVariables>;
export const UpdateProjectProgressDocument = new TypedDocumentString(`
    mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {
  updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) {
    ...ProjectFields
  }
}
    fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ProjectFields on Project {
  id
  uniqueCode
  name
  description
  contractValue
  currency
  customerId
  customer {
    id
    name
  }
  creatorId
  creator {
    ...PersonFields
  }
  participants {
    id
    code
    name
    email
    avatarFileId
    department {
      name
    }
  }
  documentFiles {
    id
    name
    mimeType
    path
    size
  }
  products {
    id
    name
    description
    productType
    status
    attributes
    schemaVersion
    createdAt
    updatedAt
  }
  progress
  status
  replyDate
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<UpdateProjectProgressMutation, UpdateProjectProgressMutationVariables>;
export const ProjectResourceCountsDocument = new TypedDocumentString(`
    query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {
  projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) {
    type
    status
    count
  }
}
    `) as unknown as TypedDocumentString<ProjectResourceCountsQuery, ProjectResourceCountsQueryVariables>;
export const ProjectExpensesDocument = new TypedDocumentString(`
    query ProjectExpenses($uniqueCode: String!) {
  projectExpenses(uniqueCode: $uniqueCode) {
    totalExpenses
    currency
    breakdown {
      labor
      materials
      other
    }
  }
}
    `) as unknown as TypedDocumentString<ProjectExpensesQuery, ProjectExpensesQueryVariables>;
export const TaskFilterOptionsDocument = new TypedDocumentString(`
    query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {
  taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {
    ...FilterOptionFields
  }
}
    fragment FilterOptionFields on TaskFilterOptions {
  departments {
    value
    count
    department {
      name
    }
  }
  participants {
    value
    count
    employee {
      name
    }
  }
  priorities {
    value
    label
    count
  }
  statuses {
    value
    label
    count
  }
  tags {
    value
    label
    count
  }
}`) as unknown as TypedDocumentString<TaskFilterOptionsQuery, TaskFilterOptionsQueryVariables>;
export const TaskStatisticsDocument = new TypedDocumentString(`
    query TaskStatistics($projectId: String!) {
  taskStatistics(projectId: $projectId) {
    total
    byStatus
    byPriority
    byDepartment
  }
}
    `) as unknown as TypedDocumentString<TaskStatisticsQuery, TaskStatisticsQueryVariables>;
export const CreateTaskDocument = new TypedDocumentString(`
    mutation CreateTask($input: CreateTaskInput!) {
  createTask(input: $input) {
    ...TaskFields
  }
}
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<CreateTaskMutation, CreateTaskMutationVariables>;
export const MyTasksDocument = new TypedDocumentString(`
    query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {
  myTasks(
    page: $page
    limit: $limit
    search: $search
    status: $status
    priority: $priority
  ) {
    data {
      ...TaskFields
    }
    meta {
      limit
      page
      total
      totalPages
    }
  }
}
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<MyTasksQuery, MyTasksQueryVariables>;
export const NestedTasksDocument = new TypedDocumentString(`
    query NestedTasks($projectId: String!, $page: Int, $limit: Int, $includeComments: Boolean!, $includeActivities: Boolean!) {
  nestedTasks(projectId: $projectId, page: $page, limit: $limit) {
    data {
      ...TaskFields
      comments @include(if: $includeComments) {
        ...CommentFields
      }
      activities @include(if: $includeActivities) {
        ...ActivityFields
      }
    }
    meta {
      limit
      page
      total
      totalPages
    }
  }
}
    fragment CommentFields on TaskComment {
  id
  taskId
  parentId
  actorId
  actor {
    ...PersonFields
  }
  content
  attachments {
    id
    fileId
  }
  likes
  dislikes
  isDeleted
  userReaction
  createdAt
}
fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}
fragment ActivityFields on TaskActivity {
  id
  taskId
  createdAt
  updatedAt
  comment {
    ...CommentFields
  }
  history {
    id
    type
    actorId
    actor {
      ...PersonFields
    }
    changedAt
    from
    to
  }
}`) as unknown as TypedDocumentString<NestedTasksQuery, NestedTasksQueryVariables>;
export const ProjectTasksDocument = new TypedDocumentString(`
    query ProjectTasks($projectId: String!, $page: Int, $limit: Int, $search: String, $sortBy: String, $sortOrder: String, $status: String, $priority: String, $departmentId: String) {
  projectTasks(
    projectId: $projectId
    page: $page
    limit: $limit
    search: $search
    sortBy: $sortBy
    sortOrder: $sortOrder
    status: $status
    priority: $priority
    departmentId: $departmentId
  ) {
    data {
      ...TaskFields
    }
    meta {
      limit
      page
      total
      totalPages
    }
  }
}
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<ProjectTasksQuery, ProjectTasksQueryVariables>;
export const TaskDocument = new TypedDocumentString(`
    query Task($uniqueCode: String!) {
  task(uniqueCode: $uniqueCode) {
    ...TaskFields
  }
}
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<TaskQuery, TaskQueryVariables>;
export const UpdateTaskDocument = new TypedDocumentString(`
    mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {
  updateTask(uniqueCode: $uniqueCode, input: $input) {
    ...TaskFields
  }
}
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<UpdateTaskMutation, UpdateTaskMutationVariables>;
export const UpdateTaskStatusDocument = new TypedDocumentString(`
    mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {
  updateTaskStatus(uniqueCode: $uniqueCode, status: $status) {
    ...TaskFields
  }
}
    fragment TaskFields on Task {
  id
  uniqueCode
  name
  description
  endDate
  fileId
  parentId
  projectId
  projectCode
  departmentId
  department {
    id
    code
    name
  }
  participants {
    id
    employeeId
    employee {
      name
      email
    }
  }
  priority
  status
  tags
  createdAt
  updatedAt
  deletedAt
}`) as unknown as TypedDocumentString<UpdateTaskStatusMutation, UpdateTaskStatusMutationVariables>;
export const DeleteTaskDocument = new TypedDocumentString(`
    mutation DeleteTask($uniqueCode: String!) {
  deleteTask(uniqueCode: $uniqueCode) {
    message
  }
}
    `) as unknown as TypedDocumentString<DeleteTaskMutation, DeleteTaskMutationVariables>;
export const TaskActivitiesDocument = new TypedDocumentString(`
    query TaskActivities($uniqueCode: String!) {
  taskActivities(uniqueCode: $uniqueCode) {
    ...ActivityFields
  }
}
    fragment CommentFields on TaskComment {
  id
  taskId
  parentId
  actorId
  actor {
    ...PersonFields
  }
  content
  attachments {
    id
    fileId
  }
  likes
  dislikes
  isDeleted
  userReaction
  createdAt
}
fragment PersonFields on Person {
  avatarFileId
  code
  department
  email
  id
  name
}
fragment ActivityFields on TaskActivity {
  id
  taskId
  createdAt
  updatedAt
  comment {
    ...CommentFields
  }
  history {
    id
    type
    actorId
    actor {
      ...PersonFields
    }
    changedAt
    from
    to
  }
}`) as unknown as TypedDocumentString<TaskActivitiesQuery, TaskActivitiesQueryVariables>;