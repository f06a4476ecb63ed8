/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {\n      login(email: $email, password: $password, rememberMe: $rememberMe) { ...TokenSetFields }\n    }": typeof types.LoginDocument,
    "mutation RefreshToken($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ...TokenSetFields } }": typeof types.RefreshTokenDocument,
    "mutation Logout($refreshToken: String!) { logout(refreshToken: $refreshToken) { success } }": typeof types.LogoutDocument,
    "query TaskComments($uniqueCode: String!, $page: Int, $limit: Int, $search: String, $sortBy: String,\n      $sortOrder: String) {\n      taskComments(uniqueCode: $uniqueCode, page: $page, limit: $limit, search: $search, sortBy: $sortBy,\n        sortOrder: $sortOrder) { data { ...CommentFields } meta { limit page total totalPages } }\n    }": typeof types.TaskCommentsDocument,
    "mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {\n      addTaskComment(uniqueCode: $uniqueCode, input: $input) { ...CommentFields }\n    }": typeof types.AddTaskCommentDocument,
    "mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {\n      toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {\n        commentId likes dislikes userReaction\n      }\n    }": typeof types.ToggleTaskCommentReactionDocument,
    "mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {\n      deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) { message }\n    }": typeof types.DeleteTaskCommentDocument,
    "fragment CommentFields on TaskComment {\n  id taskId parentId actorId actor { ...PersonFields } content\n  attachments { id fileId } likes dislikes isDeleted userReaction createdAt\n}": typeof types.CommentFieldsFragmentDoc,
    "fragment DecisionFields on ConfirmationDecisionResult { success confirmationId status }": typeof types.DecisionFieldsFragmentDoc,
    "mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {\n      initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) { confirmationId challenge expiresAt }\n    }": typeof types.InitiateConfirmationDocument,
    "query ConfirmationStatus($id: String!) {\n      confirmationStatus(confirmationId: $id) {\n        confirmationId status actionType actionPayload createdAt expiresAt updatedAt\n      }\n    }": typeof types.ConfirmationStatusDocument,
    "mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {\n      verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) { ...DecisionFields }\n    }": typeof types.VerifyConfirmationDocument,
    "mutation RejectConfirmation($id: String!, $reason: String) {\n      rejectConfirmation(confirmationId: $id, reason: $reason) { ...DecisionFields }\n    }": typeof types.RejectConfirmationDocument,
    "fragment DeviceFields on RegisteredDevice {\n  id deviceName deviceType deviceFingerprint isActive lastUsedAt createdAt updatedAt\n}": typeof types.DeviceFieldsFragmentDoc,
    "mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {\n      registerDeviceChallenge(input: $input) { challenge expiresAt deviceId sessionId }\n    }": typeof types.RegisterDeviceChallengeDocument,
    "mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {\n      verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {\n        success deviceId device { ...DeviceFields }\n      }\n    }": typeof types.VerifyDeviceRegistrationDocument,
    "query MyDevices { myDevices { ...DeviceFields } }": typeof types.MyDevicesDocument,
    "mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {\n      updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) { success message }\n    }": typeof types.UpdateDevicePushTokenDocument,
    "mutation DeleteDevice($deviceId: String!) { deleteDevice(deviceId: $deviceId) { success message } }": typeof types.DeleteDeviceDocument,
    "mutation UploadFile($input: UploadFileInput!) { uploadFile(input: $input) { id name mimeType path size } }": typeof types.UploadFileDocument,
    "query File($id: ID!) { file(id: $id) { id name mimeType } }": typeof types.FileDocument,
    "mutation MobileChallenge($deviceFingerprint: String!) {\n      mobileChallenge(deviceFingerprint: $deviceFingerprint) { challenge expiresAt sessionId }\n    }": typeof types.MobileChallengeDocument,
    "mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {\n      mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {\n        success tokens { ...TokenSetFields }\n      }\n    }": typeof types.MobileBiometricLoginDocument,
    "mutation MobileRefresh($refreshToken: String!) { mobileRefresh(refreshToken: $refreshToken) { ...TokenSetFields } }": typeof types.MobileRefreshDocument,
    "fragment NotificationFields on Notification { id message targetLink targetText unread readAt createdAt }": typeof types.NotificationFieldsFragmentDoc,
    "query MyPushDevices {\n      myPushDevices {\n        device_id: deviceId device_name: deviceName device_type: deviceType fcm_token: fcmToken\n        provider_player_id: providerPlayerId token_invalid: tokenInvalid invalid_since: invalidSince\n        created_at: createdAt updated_at: updatedAt user_id: userId\n        user { id email emailVerified mfaEnabled status createdAt updatedAt }\n      }\n    }": typeof types.MyPushDevicesDocument,
    "mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n      registerPushDevice(input: $input) { message created }\n    }": typeof types.RegisterPushDeviceDocument,
    "mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {\n      updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) { message }\n    }": typeof types.UpdatePushDeviceTokensDocument,
    "query MyNotifications($page: Int, $limit: Int) {\n      myNotifications(page: $page, limit: $limit) {\n        currentPage totalItems totalPages unreadCount items { ...NotificationFields }\n      }\n    }": typeof types.MyNotificationsDocument,
    "mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { ...NotificationFields } }": typeof types.MarkNotificationReadDocument,
    "mutation MarkAllNotificationsRead { markAllNotificationsRead { message } }": typeof types.MarkAllNotificationsReadDocument,
    "mutation ProcessNotificationJob($input: NotificationJobInput!) {\n      processNotificationJob(input: $input) { jobId message processedRecipients }\n    }": typeof types.ProcessNotificationJobDocument,
    "mutation CreateNotification($input: CreateNotificationInput!) { createNotification(input: $input) { message } }": typeof types.CreateNotificationDocument,
    "mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {\n      createNotifications(inputs: $inputs) { message }\n    }": typeof types.CreateNotificationsDocument,
    "mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {\n      beginPasskeyRegistration(userVerification: $userVerification, authenticatorSelection: $authenticatorSelection) {\n        challengeId publicKey\n      }\n    }": typeof types.BeginPasskeyRegistrationDocument,
    "mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {\n      finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {\n        success passkey { id name createdAt lastUsedAt backedUp deviceType }\n      }\n    }": typeof types.FinishPasskeyRegistrationDocument,
    "mutation BeginPasskeyLogin($email: String!, $userVerification: String) {\n      beginPasskeyLogin(email: $email, userVerification: $userVerification) { challengeId publicKey }\n    }": typeof types.BeginPasskeyLoginDocument,
    "mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {\n      finishPasskeyLogin(challengeId: $challengeId, credential: $credential) { ...TokenSetFields }\n    }": typeof types.FinishPasskeyLoginDocument,
    "fragment PersonFields on Person { avatarFileId code department email id name }": typeof types.PersonFieldsFragmentDoc,
    "query Projects($page: Int, $limit: Int, $search: String, $sortBy: String, $sortOrder: String,\n      $status: String, $customerId: String) {\n      projects(page: $page, limit: $limit, search: $search, sortBy: $sortBy, sortOrder: $sortOrder,\n        status: $status, customerId: $customerId) { data { ...ProjectFields } meta { limit page total totalPages } }\n    }": typeof types.ProjectsDocument,
    "mutation CreateProject($input: CreateProjectInput!) { createProject(input: $input) { ...ProjectFields } }": typeof types.CreateProjectDocument,
    "query Project($uniqueCode: String!) { project(uniqueCode: $uniqueCode) { ...ProjectFields } }": typeof types.ProjectDocument,
    "mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {\n      updateProject(uniqueCode: $uniqueCode, input: $input) { ...ProjectFields }\n    }": typeof types.UpdateProjectDocument,
    "mutation DeleteProject($uniqueCode: String!) { deleteProject(uniqueCode: $uniqueCode) { message } }": typeof types.DeleteProjectDocument,
    "mutation ApproveProject($uniqueCode: String!) { approveProject(uniqueCode: $uniqueCode) { ...ProjectFields } }": typeof types.ApproveProjectDocument,
    "mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {\n      updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) { ...ProjectFields }\n    }": typeof types.UpdateProjectProgressDocument,
    "query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {\n      projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) { type status count }\n    }": typeof types.ProjectResourceCountsDocument,
    "query ProjectExpenses($uniqueCode: String!) {\n      projectExpenses(uniqueCode: $uniqueCode) { totalExpenses currency breakdown { labor materials other } }\n    }": typeof types.ProjectExpensesDocument,
    "fragment ProjectFields on Project {\n  id uniqueCode name description contractValue currency customerId customer { id name }\n  creatorId creator { ...PersonFields } participants { id code name email avatarFileId department { name } }\n  documentFiles { id name mimeType path size }\n  products { id name description productType status attributes schemaVersion createdAt updatedAt }\n  progress status replyDate createdAt updatedAt deletedAt\n}": typeof types.ProjectFieldsFragmentDoc,
    "query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {\n      taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) { ...FilterOptionFields }\n    }": typeof types.TaskFilterOptionsDocument,
    "query TaskStatistics($projectId: String!) {\n      taskStatistics(projectId: $projectId) { total byStatus byPriority byDepartment }\n    }": typeof types.TaskStatisticsDocument,
    "fragment FilterOptionFields on TaskFilterOptions {\n  departments { value count department { name } }\n  participants { value count employee { name } }\n  priorities { value label count } statuses { value label count } tags { value label count }\n}": typeof types.FilterOptionFieldsFragmentDoc,
    "mutation CreateTask($input: CreateTaskInput!) { createTask(input: $input) { ...TaskFields } }": typeof types.CreateTaskDocument,
    "query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {\n      myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) { data { ...TaskFields } meta { limit page total totalPages } }\n    }": typeof types.MyTasksDocument,
    "query NestedTasks($projectId: String!, $page: Int, $limit: Int, $includeComments: Boolean!,\n      $includeActivities: Boolean!) {\n      nestedTasks(projectId: $projectId, page: $page, limit: $limit) {\n        data { ...TaskFields comments @include(if: $includeComments) { ...CommentFields }\n          activities @include(if: $includeActivities) { ...ActivityFields } }\n        meta { limit page total totalPages }\n      }\n    }": typeof types.NestedTasksDocument,
    "query ProjectTasks($projectId: String!, $page: Int, $limit: Int, $search: String, $sortBy: String,\n      $sortOrder: String, $status: String, $priority: String, $departmentId: String) {\n      projectTasks(projectId: $projectId, page: $page, limit: $limit, search: $search, sortBy: $sortBy,\n        sortOrder: $sortOrder, status: $status, priority: $priority, departmentId: $departmentId) { data { ...TaskFields } meta { limit page total totalPages } }\n    }": typeof types.ProjectTasksDocument,
    "query Task($uniqueCode: String!) { task(uniqueCode: $uniqueCode) { ...TaskFields } }": typeof types.TaskDocument,
    "mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {\n      updateTask(uniqueCode: $uniqueCode, input: $input) { ...TaskFields }\n    }": typeof types.UpdateTaskDocument,
    "mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {\n      updateTaskStatus(uniqueCode: $uniqueCode, status: $status) { ...TaskFields }\n    }": typeof types.UpdateTaskStatusDocument,
    "mutation DeleteTask($uniqueCode: String!) { deleteTask(uniqueCode: $uniqueCode) { message } }": typeof types.DeleteTaskDocument,
    "query TaskActivities($uniqueCode: String!) { taskActivities(uniqueCode: $uniqueCode) { ...ActivityFields } }": typeof types.TaskActivitiesDocument,
    "fragment TaskFields on Task {\n  id uniqueCode name description endDate fileId parentId projectId projectCode departmentId\n  department { id code name } participants { id employeeId employee { name email } }\n  priority status tags createdAt updatedAt deletedAt\n}": typeof types.TaskFieldsFragmentDoc,
    "fragment ActivityFields on TaskActivity {\n  id taskId createdAt updatedAt comment { ...CommentFields }\n  history { id type actorId actor { ...PersonFields } changedAt from to }\n}": typeof types.ActivityFieldsFragmentDoc,
    "fragment TokenSetFields on TokenSetType { accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt }": typeof types.TokenSetFieldsFragmentDoc,
};
const documents: Documents = {
    "mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {\n      login(email: $email, password: $password, rememberMe: $rememberMe) { ...TokenSetFields }\n    }": types.LoginDocument,
    "mutation RefreshToken($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ...TokenSetFields } }": types.RefreshTokenDocument,
    "mutation Logout($refreshToken: String!) { logout(refreshToken: $refreshToken) { success } }": types.LogoutDocument,
    "query TaskComments($uniqueCode: String!, $page: Int, $limit: Int, $search: String, $sortBy: String,\n      $sortOrder: String) {\n      taskComments(uniqueCode: $uniqueCode, page: $page, limit: $limit, search: $search, sortBy: $sortBy,\n        sortOrder: $sortOrder) { data { ...CommentFields } meta { limit page total totalPages } }\n    }": types.TaskCommentsDocument,
    "mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {\n      addTaskComment(uniqueCode: $uniqueCode, input: $input) { ...CommentFields }\n    }": types.AddTaskCommentDocument,
    "mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {\n      toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {\n        commentId likes dislikes userReaction\n      }\n    }": types.ToggleTaskCommentReactionDocument,
    "mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {\n      deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) { message }\n    }": types.DeleteTaskCommentDocument,
    "fragment CommentFields on TaskComment {\n  id taskId parentId actorId actor { ...PersonFields } content\n  attachments { id fileId } likes dislikes isDeleted userReaction createdAt\n}": types.CommentFieldsFragmentDoc,
    "fragment DecisionFields on ConfirmationDecisionResult { success confirmationId status }": types.DecisionFieldsFragmentDoc,
    "mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {\n      initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) { confirmationId challenge expiresAt }\n    }": types.InitiateConfirmationDocument,
    "query ConfirmationStatus($id: String!) {\n      confirmationStatus(confirmationId: $id) {\n        confirmationId status actionType actionPayload createdAt expiresAt updatedAt\n      }\n    }": types.ConfirmationStatusDocument,
    "mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {\n      verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) { ...DecisionFields }\n    }": types.VerifyConfirmationDocument,
    "mutation RejectConfirmation($id: String!, $reason: String) {\n      rejectConfirmation(confirmationId: $id, reason: $reason) { ...DecisionFields }\n    }": types.RejectConfirmationDocument,
    "fragment DeviceFields on RegisteredDevice {\n  id deviceName deviceType deviceFingerprint isActive lastUsedAt createdAt updatedAt\n}": types.DeviceFieldsFragmentDoc,
    "mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {\n      registerDeviceChallenge(input: $input) { challenge expiresAt deviceId sessionId }\n    }": types.RegisterDeviceChallengeDocument,
    "mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {\n      verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {\n        success deviceId device { ...DeviceFields }\n      }\n    }": types.VerifyDeviceRegistrationDocument,
    "query MyDevices { myDevices { ...DeviceFields } }": types.MyDevicesDocument,
    "mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {\n      updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) { success message }\n    }": types.UpdateDevicePushTokenDocument,
    "mutation DeleteDevice($deviceId: String!) { deleteDevice(deviceId: $deviceId) { success message } }": types.DeleteDeviceDocument,
    "mutation UploadFile($input: UploadFileInput!) { uploadFile(input: $input) { id name mimeType path size } }": types.UploadFileDocument,
    "query File($id: ID!) { file(id: $id) { id name mimeType } }": types.FileDocument,
    "mutation MobileChallenge($deviceFingerprint: String!) {\n      mobileChallenge(deviceFingerprint: $deviceFingerprint) { challenge expiresAt sessionId }\n    }": types.MobileChallengeDocument,
    "mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {\n      mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {\n        success tokens { ...TokenSetFields }\n      }\n    }": types.MobileBiometricLoginDocument,
    "mutation MobileRefresh($refreshToken: String!) { mobileRefresh(refreshToken: $refreshToken) { ...TokenSetFields } }": types.MobileRefreshDocument,
    "fragment NotificationFields on Notification { id message targetLink targetText unread readAt createdAt }": types.NotificationFieldsFragmentDoc,
    "query MyPushDevices {\n      myPushDevices {\n        device_id: deviceId device_name: deviceName device_type: deviceType fcm_token: fcmToken\n        provider_player_id: providerPlayerId token_invalid: tokenInvalid invalid_since: invalidSince\n        created_at: createdAt updated_at: updatedAt user_id: userId\n        user { id email emailVerified mfaEnabled status createdAt updatedAt }\n      }\n    }": types.MyPushDevicesDocument,
    "mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n      registerPushDevice(input: $input) { message created }\n    }": types.RegisterPushDeviceDocument,
    "mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {\n      updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) { message }\n    }": types.UpdatePushDeviceTokensDocument,
    "query MyNotifications($page: Int, $limit: Int) {\n      myNotifications(page: $page, limit: $limit) {\n        currentPage totalItems totalPages unreadCount items { ...NotificationFields }\n      }\n    }": types.MyNotificationsDocument,
    "mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { ...NotificationFields } }": types.MarkNotificationReadDocument,
    "mutation MarkAllNotificationsRead { markAllNotificationsRead { message } }": types.MarkAllNotificationsReadDocument,
    "mutation ProcessNotificationJob($input: NotificationJobInput!) {\n      processNotificationJob(input: $input) { jobId message processedRecipients }\n    }": types.ProcessNotificationJobDocument,
    "mutation CreateNotification($input: CreateNotificationInput!) { createNotification(input: $input) { message } }": types.CreateNotificationDocument,
    "mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {\n      createNotifications(inputs: $inputs) { message }\n    }": types.CreateNotificationsDocument,
    "mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {\n      beginPasskeyRegistration(userVerification: $userVerification, authenticatorSelection: $authenticatorSelection) {\n        challengeId publicKey\n      }\n    }": types.BeginPasskeyRegistrationDocument,
    "mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {\n      finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {\n        success passkey { id name createdAt lastUsedAt backedUp deviceType }\n      }\n    }": types.FinishPasskeyRegistrationDocument,
    "mutation BeginPasskeyLogin($email: String!, $userVerification: String) {\n      beginPasskeyLogin(email: $email, userVerification: $userVerification) { challengeId publicKey }\n    }": types.BeginPasskeyLoginDocument,
    "mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {\n      finishPasskeyLogin(challengeId: $challengeId, credential: $credential) { ...TokenSetFields }\n    }": types.FinishPasskeyLoginDocument,
    "fragment PersonFields on Person { avatarFileId code department email id name }": types.PersonFieldsFragmentDoc,
    "query Projects($page: Int, $limit: Int, $search: String, $sortBy: String, $sortOrder: String,\n      $status: String, $customerId: String) {\n      projects(page: $page, limit: $limit, search: $search, sortBy: $sortBy, sortOrder: $sortOrder,\n        status: $status, customerId: $customerId) { data { ...ProjectFields } meta { limit page total totalPages } }\n    }": types.ProjectsDocument,
    "mutation CreateProject($input: CreateProjectInput!) { createProject(input: $input) { ...ProjectFields } }": types.CreateProjectDocument,
    "query Project($uniqueCode: String!) { project(uniqueCode: $uniqueCode) { ...ProjectFields } }": types.ProjectDocument,
    "mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {\n      updateProject(uniqueCode: $uniqueCode, input: $input) { ...ProjectFields }\n    }": types.UpdateProjectDocument,
    "mutation DeleteProject($uniqueCode: String!) { deleteProject(uniqueCode: $uniqueCode) { message } }": types.DeleteProjectDocument,
    "mutation ApproveProject($uniqueCode: String!) { approveProject(uniqueCode: $uniqueCode) { ...ProjectFields } }": types.ApproveProjectDocument,
    "mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {\n      updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) { ...ProjectFields }\n    }": types.UpdateProjectProgressDocument,
    "query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {\n      projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) { type status count }\n    }": types.ProjectResourceCountsDocument,
    "query ProjectExpenses($uniqueCode: String!) {\n      projectExpenses(uniqueCode: $uniqueCode) { totalExpenses currency breakdown { labor materials other } }\n    }": types.ProjectExpensesDocument,
    "fragment ProjectFields on Project {\n  id uniqueCode name description contractValue currency customerId customer { id name }\n  creatorId creator { ...PersonFields } participants { id code name email avatarFileId department { name } }\n  documentFiles { id name mimeType path size }\n  products { id name description productType status attributes schemaVersion createdAt updatedAt }\n  progress status replyDate createdAt updatedAt deletedAt\n}": types.ProjectFieldsFragmentDoc,
    "query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {\n      taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) { ...FilterOptionFields }\n    }": types.TaskFilterOptionsDocument,
    "query TaskStatistics($projectId: String!) {\n      taskStatistics(projectId: $projectId) { total byStatus byPriority byDepartment }\n    }": types.TaskStatisticsDocument,
    "fragment FilterOptionFields on TaskFilterOptions {\n  departments { value count department { name } }\n  participants { value count employee { name } }\n  priorities { value label count } statuses { value label count } tags { value label count }\n}": types.FilterOptionFieldsFragmentDoc,
    "mutation CreateTask($input: CreateTaskInput!) { createTask(input: $input) { ...TaskFields } }": types.CreateTaskDocument,
    "query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {\n      myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) { data { ...TaskFields } meta { limit page total totalPages } }\n    }": types.MyTasksDocument,
    "query NestedTasks($projectId: String!, $page: Int, $limit: Int, $includeComments: Boolean!,\n      $includeActivities: Boolean!) {\n      nestedTasks(projectId: $projectId, page: $page, limit: $limit) {\n        data { ...TaskFields comments @include(if: $includeComments) { ...CommentFields }\n          activities @include(if: $includeActivities) { ...ActivityFields } }\n        meta { limit page total totalPages }\n      }\n    }": types.NestedTasksDocument,
    "query ProjectTasks($projectId: String!, $page: Int, $limit: Int, $search: String, $sortBy: String,\n      $sortOrder: String, $status: String, $priority: String, $departmentId: String) {\n      projectTasks(projectId: $projectId, page: $page, limit: $limit, search: $search, sortBy: $sortBy,\n        sortOrder: $sortOrder, status: $status, priority: $priority, departmentId: $departmentId) { data { ...TaskFields } meta { limit page total totalPages } }\n    }": types.ProjectTasksDocument,
    "query Task($uniqueCode: String!) { task(uniqueCode: $uniqueCode) { ...TaskFields } }": types.TaskDocument,
    "mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {\n      updateTask(uniqueCode: $uniqueCode, input: $input) { ...TaskFields }\n    }": types.UpdateTaskDocument,
    "mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {\n      updateTaskStatus(uniqueCode: $uniqueCode, status: $status) { ...TaskFields }\n    }": types.UpdateTaskStatusDocument,
    "mutation DeleteTask($uniqueCode: String!) { deleteTask(uniqueCode: $uniqueCode) { message } }": types.DeleteTaskDocument,
    "query TaskActivities($uniqueCode: String!) { taskActivities(uniqueCode: $uniqueCode) { ...ActivityFields } }": types.TaskActivitiesDocument,
    "fragment TaskFields on Task {\n  id uniqueCode name description endDate fileId parentId projectId projectCode departmentId\n  department { id code name } participants { id employeeId employee { name email } }\n  priority status tags createdAt updatedAt deletedAt\n}": types.TaskFieldsFragmentDoc,
    "fragment ActivityFields on TaskActivity {\n  id taskId createdAt updatedAt comment { ...CommentFields }\n  history { id type actorId actor { ...PersonFields } changedAt from to }\n}": types.ActivityFieldsFragmentDoc,
    "fragment TokenSetFields on TokenSetType { accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt }": types.TokenSetFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {\n      login(email: $email, password: $password, rememberMe: $rememberMe) { ...TokenSetFields }\n    }"): typeof import('./graphql.js').LoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RefreshToken($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ...TokenSetFields } }"): typeof import('./graphql.js').RefreshTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout($refreshToken: String!) { logout(refreshToken: $refreshToken) { success } }"): typeof import('./graphql.js').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TaskComments($uniqueCode: String!, $page: Int, $limit: Int, $search: String, $sortBy: String,\n      $sortOrder: String) {\n      taskComments(uniqueCode: $uniqueCode, page: $page, limit: $limit, search: $search, sortBy: $sortBy,\n        sortOrder: $sortOrder) { data { ...CommentFields } meta { limit page total totalPages } }\n    }"): typeof import('./graphql.js').TaskCommentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {\n      addTaskComment(uniqueCode: $uniqueCode, input: $input) { ...CommentFields }\n    }"): typeof import('./graphql.js').AddTaskCommentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {\n      toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {\n        commentId likes dislikes userReaction\n      }\n    }"): typeof import('./graphql.js').ToggleTaskCommentReactionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {\n      deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) { message }\n    }"): typeof import('./graphql.js').DeleteTaskCommentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment CommentFields on TaskComment {\n  id taskId parentId actorId actor { ...PersonFields } content\n  attachments { id fileId } likes dislikes isDeleted userReaction createdAt\n}"): typeof import('./graphql.js').CommentFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment DecisionFields on ConfirmationDecisionResult { success confirmationId status }"): typeof import('./graphql.js').DecisionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {\n      initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) { confirmationId challenge expiresAt }\n    }"): typeof import('./graphql.js').InitiateConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConfirmationStatus($id: String!) {\n      confirmationStatus(confirmationId: $id) {\n        confirmationId status actionType actionPayload createdAt expiresAt updatedAt\n      }\n    }"): typeof import('./graphql.js').ConfirmationStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {\n      verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) { ...DecisionFields }\n    }"): typeof import('./graphql.js').VerifyConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RejectConfirmation($id: String!, $reason: String) {\n      rejectConfirmation(confirmationId: $id, reason: $reason) { ...DecisionFields }\n    }"): typeof import('./graphql.js').RejectConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment DeviceFields on RegisteredDevice {\n  id deviceName deviceType deviceFingerprint isActive lastUsedAt createdAt updatedAt\n}"): typeof import('./graphql.js').DeviceFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {\n      registerDeviceChallenge(input: $input) { challenge expiresAt deviceId sessionId }\n    }"): typeof import('./graphql.js').RegisterDeviceChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {\n      verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {\n        success deviceId device { ...DeviceFields }\n      }\n    }"): typeof import('./graphql.js').VerifyDeviceRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyDevices { myDevices { ...DeviceFields } }"): typeof import('./graphql.js').MyDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {\n      updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) { success message }\n    }"): typeof import('./graphql.js').UpdateDevicePushTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteDevice($deviceId: String!) { deleteDevice(deviceId: $deviceId) { success message } }"): typeof import('./graphql.js').DeleteDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadFile($input: UploadFileInput!) { uploadFile(input: $input) { id name mimeType path size } }"): typeof import('./graphql.js').UploadFileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query File($id: ID!) { file(id: $id) { id name mimeType } }"): typeof import('./graphql.js').FileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MobileChallenge($deviceFingerprint: String!) {\n      mobileChallenge(deviceFingerprint: $deviceFingerprint) { challenge expiresAt sessionId }\n    }"): typeof import('./graphql.js').MobileChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {\n      mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {\n        success tokens { ...TokenSetFields }\n      }\n    }"): typeof import('./graphql.js').MobileBiometricLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MobileRefresh($refreshToken: String!) { mobileRefresh(refreshToken: $refreshToken) { ...TokenSetFields } }"): typeof import('./graphql.js').MobileRefreshDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NotificationFields on Notification { id message targetLink targetText unread readAt createdAt }"): typeof import('./graphql.js').NotificationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyPushDevices {\n      myPushDevices {\n        device_id: deviceId device_name: deviceName device_type: deviceType fcm_token: fcmToken\n        provider_player_id: providerPlayerId token_invalid: tokenInvalid invalid_since: invalidSince\n        created_at: createdAt updated_at: updatedAt user_id: userId\n        user { id email emailVerified mfaEnabled status createdAt updatedAt }\n      }\n    }"): typeof import('./graphql.js').MyPushDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n      registerPushDevice(input: $input) { message created }\n    }"): typeof import('./graphql.js').RegisterPushDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {\n      updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) { message }\n    }"): typeof import('./graphql.js').UpdatePushDeviceTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyNotifications($page: Int, $limit: Int) {\n      myNotifications(page: $page, limit: $limit) {\n        currentPage totalItems totalPages unreadCount items { ...NotificationFields }\n      }\n    }"): typeof import('./graphql.js').MyNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { ...NotificationFields } }"): typeof import('./graphql.js').MarkNotificationReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MarkAllNotificationsRead { markAllNotificationsRead { message } }"): typeof import('./graphql.js').MarkAllNotificationsReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ProcessNotificationJob($input: NotificationJobInput!) {\n      processNotificationJob(input: $input) { jobId message processedRecipients }\n    }"): typeof import('./graphql.js').ProcessNotificationJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateNotification($input: CreateNotificationInput!) { createNotification(input: $input) { message } }"): typeof import('./graphql.js').CreateNotificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {\n      createNotifications(inputs: $inputs) { message }\n    }"): typeof import('./graphql.js').CreateNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {\n      beginPasskeyRegistration(userVerification: $userVerification, authenticatorSelection: $authenticatorSelection) {\n        challengeId publicKey\n      }\n    }"): typeof import('./graphql.js').BeginPasskeyRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {\n      finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {\n        success passkey { id name createdAt lastUsedAt backedUp deviceType }\n      }\n    }"): typeof import('./graphql.js').FinishPasskeyRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BeginPasskeyLogin($email: String!, $userVerification: String) {\n      beginPasskeyLogin(email: $email, userVerification: $userVerification) { challengeId publicKey }\n    }"): typeof import('./graphql.js').BeginPasskeyLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {\n      finishPasskeyLogin(challengeId: $challengeId, credential: $credential) { ...TokenSetFields }\n    }"): typeof import('./graphql.js').FinishPasskeyLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PersonFields on Person { avatarFileId code department email id name }"): typeof import('./graphql.js').PersonFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Projects($page: Int, $limit: Int, $search: String, $sortBy: String, $sortOrder: String,\n      $status: String, $customerId: String) {\n      projects(page: $page, limit: $limit, search: $search, sortBy: $sortBy, sortOrder: $sortOrder,\n        status: $status, customerId: $customerId) { data { ...ProjectFields } meta { limit page total totalPages } }\n    }"): typeof import('./graphql.js').ProjectsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateProject($input: CreateProjectInput!) { createProject(input: $input) { ...ProjectFields } }"): typeof import('./graphql.js').CreateProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Project($uniqueCode: String!) { project(uniqueCode: $uniqueCode) { ...ProjectFields } }"): typeof import('./graphql.js').ProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {\n      updateProject(uniqueCode: $uniqueCode, input: $input) { ...ProjectFields }\n    }"): typeof import('./graphql.js').UpdateProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteProject($uniqueCode: String!) { deleteProject(uniqueCode: $uniqueCode) { message } }"): typeof import('./graphql.js').DeleteProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApproveProject($uniqueCode: String!) { approveProject(uniqueCode: $uniqueCode) { ...ProjectFields } }"): typeof import('./graphql.js').ApproveProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {\n      updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) { ...ProjectFields }\n    }"): typeof import('./graphql.js').UpdateProjectProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {\n      projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) { type status count }\n    }"): typeof import('./graphql.js').ProjectResourceCountsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectExpenses($uniqueCode: String!) {\n      projectExpenses(uniqueCode: $uniqueCode) { totalExpenses currency breakdown { labor materials other } }\n    }"): typeof import('./graphql.js').ProjectExpensesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProjectFields on Project {\n  id uniqueCode name description contractValue currency customerId customer { id name }\n  creatorId creator { ...PersonFields } participants { id code name email avatarFileId department { name } }\n  documentFiles { id name mimeType path size }\n  products { id name description productType status attributes schemaVersion createdAt updatedAt }\n  progress status replyDate createdAt updatedAt deletedAt\n}"): typeof import('./graphql.js').ProjectFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {\n      taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) { ...FilterOptionFields }\n    }"): typeof import('./graphql.js').TaskFilterOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TaskStatistics($projectId: String!) {\n      taskStatistics(projectId: $projectId) { total byStatus byPriority byDepartment }\n    }"): typeof import('./graphql.js').TaskStatisticsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment FilterOptionFields on TaskFilterOptions {\n  departments { value count department { name } }\n  participants { value count employee { name } }\n  priorities { value label count } statuses { value label count } tags { value label count }\n}"): typeof import('./graphql.js').FilterOptionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateTask($input: CreateTaskInput!) { createTask(input: $input) { ...TaskFields } }"): typeof import('./graphql.js').CreateTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {\n      myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) { data { ...TaskFields } meta { limit page total totalPages } }\n    }"): typeof import('./graphql.js').MyTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NestedTasks($projectId: String!, $page: Int, $limit: Int, $includeComments: Boolean!,\n      $includeActivities: Boolean!) {\n      nestedTasks(projectId: $projectId, page: $page, limit: $limit) {\n        data { ...TaskFields comments @include(if: $includeComments) { ...CommentFields }\n          activities @include(if: $includeActivities) { ...ActivityFields } }\n        meta { limit page total totalPages }\n      }\n    }"): typeof import('./graphql.js').NestedTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectTasks($projectId: String!, $page: Int, $limit: Int, $search: String, $sortBy: String,\n      $sortOrder: String, $status: String, $priority: String, $departmentId: String) {\n      projectTasks(projectId: $projectId, page: $page, limit: $limit, search: $search, sortBy: $sortBy,\n        sortOrder: $sortOrder, status: $status, priority: $priority, departmentId: $departmentId) { data { ...TaskFields } meta { limit page total totalPages } }\n    }"): typeof import('./graphql.js').ProjectTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Task($uniqueCode: String!) { task(uniqueCode: $uniqueCode) { ...TaskFields } }"): typeof import('./graphql.js').TaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {\n      updateTask(uniqueCode: $uniqueCode, input: $input) { ...TaskFields }\n    }"): typeof import('./graphql.js').UpdateTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {\n      updateTaskStatus(uniqueCode: $uniqueCode, status: $status) { ...TaskFields }\n    }"): typeof import('./graphql.js').UpdateTaskStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteTask($uniqueCode: String!) { deleteTask(uniqueCode: $uniqueCode) { message } }"): typeof import('./graphql.js').DeleteTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TaskActivities($uniqueCode: String!) { taskActivities(uniqueCode: $uniqueCode) { ...ActivityFields } }"): typeof import('./graphql.js').TaskActivitiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment TaskFields on Task {\n  id uniqueCode name description endDate fileId parentId projectId projectCode departmentId\n  department { id code name } participants { id employeeId employee { name email } }\n  priority status tags createdAt updatedAt deletedAt\n}"): typeof import('./graphql.js').TaskFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ActivityFields on TaskActivity {\n  id taskId createdAt updatedAt comment { ...CommentFields }\n  history { id type actorId actor { ...PersonFields } changedAt from to }\n}"): typeof import('./graphql.js').ActivityFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment TokenSetFields on TokenSetType { accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt }"): typeof import('./graphql.js').TokenSetFieldsFragmentDoc;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
