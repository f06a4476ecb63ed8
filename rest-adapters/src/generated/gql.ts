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
    "\n      mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {\n        login(email: $email, password: $password, rememberMe: $rememberMe) {\n          ...TokenSetFields\n        }\n      }\n    ": typeof types.LoginDocument,
    "\n      mutation RefreshToken($refreshToken: String!) {\n        refreshToken(refreshToken: $refreshToken) {\n          ...TokenSetFields\n        }\n      }\n    ": typeof types.RefreshTokenDocument,
    "\n      mutation Logout($refreshToken: String!) {\n        logout(refreshToken: $refreshToken) {\n          success\n        }\n      }\n    ": typeof types.LogoutDocument,
    "\n      query TaskComments(\n        $uniqueCode: String!\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n      ) {\n        taskComments(\n          uniqueCode: $uniqueCode\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n        ) {\n          data {\n            ...CommentFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": typeof types.TaskCommentsDocument,
    "\n      mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {\n        addTaskComment(uniqueCode: $uniqueCode, input: $input) {\n          ...CommentFields\n        }\n      }\n    ": typeof types.AddTaskCommentDocument,
    "\n      mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {\n        toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {\n          commentId\n          likes\n          dislikes\n          userReaction\n        }\n      }\n    ": typeof types.ToggleTaskCommentReactionDocument,
    "\n      mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {\n        deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) {\n          message\n        }\n      }\n    ": typeof types.DeleteTaskCommentDocument,
    "\n  fragment CommentFields on TaskComment {\n    id\n    taskId\n    parentId\n    actorId\n    actor {\n      ...PersonFields\n    }\n    content\n    attachments {\n      id\n      fileId\n    }\n    likes\n    dislikes\n    isDeleted\n    userReaction\n    createdAt\n  }\n": typeof types.CommentFieldsFragmentDoc,
    "\n  fragment DecisionFields on ConfirmationDecisionResult {\n    success\n    confirmationId\n    status\n  }\n": typeof types.DecisionFieldsFragmentDoc,
    "\n      mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {\n        initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) {\n          confirmationId\n          challenge\n          expiresAt\n        }\n      }\n    ": typeof types.InitiateConfirmationDocument,
    "\n      query ConfirmationStatus($id: String!) {\n        confirmationStatus(confirmationId: $id) {\n          confirmationId\n          status\n          actionType\n          actionPayload\n          createdAt\n          expiresAt\n          updatedAt\n        }\n      }\n    ": typeof types.ConfirmationStatusDocument,
    "\n      mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {\n        verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) {\n          ...DecisionFields\n        }\n      }\n    ": typeof types.VerifyConfirmationDocument,
    "\n      mutation RejectConfirmation($id: String!, $reason: String) {\n        rejectConfirmation(confirmationId: $id, reason: $reason) {\n          ...DecisionFields\n        }\n      }\n    ": typeof types.RejectConfirmationDocument,
    "\n  fragment DeviceFields on RegisteredDevice {\n    id\n    deviceName\n    deviceType\n    deviceFingerprint\n    isActive\n    lastUsedAt\n    createdAt\n    updatedAt\n  }\n": typeof types.DeviceFieldsFragmentDoc,
    "\n      mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {\n        registerDeviceChallenge(input: $input) {\n          challenge\n          expiresAt\n          deviceId\n          sessionId\n        }\n      }\n    ": typeof types.RegisterDeviceChallengeDocument,
    "\n      mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {\n        verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {\n          success\n          deviceId\n          device {\n            ...DeviceFields\n          }\n        }\n      }\n    ": typeof types.VerifyDeviceRegistrationDocument,
    "\n      query MyDevices {\n        myDevices {\n          ...DeviceFields\n        }\n      }\n    ": typeof types.MyDevicesDocument,
    "\n      mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {\n        updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) {\n          success\n          message\n        }\n      }\n    ": typeof types.UpdateDevicePushTokenDocument,
    "\n      mutation DeleteDevice($deviceId: String!) {\n        deleteDevice(deviceId: $deviceId) {\n          success\n          message\n        }\n      }\n    ": typeof types.DeleteDeviceDocument,
    "\n      mutation UploadFile($input: UploadFileInput!) {\n        uploadFile(input: $input) {\n          id\n          name\n          mimeType\n          path\n          size\n        }\n      }\n    ": typeof types.UploadFileDocument,
    "\n      query File($id: ID!) {\n        file(id: $id) {\n          id\n          name\n          mimeType\n        }\n      }\n    ": typeof types.FileDocument,
    "\n      mutation MobileChallenge($deviceFingerprint: String!) {\n        mobileChallenge(deviceFingerprint: $deviceFingerprint) {\n          challenge\n          expiresAt\n          sessionId\n        }\n      }\n    ": typeof types.MobileChallengeDocument,
    "\n      mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {\n        mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {\n          success\n          tokens {\n            ...TokenSetFields\n          }\n        }\n      }\n    ": typeof types.MobileBiometricLoginDocument,
    "\n      mutation MobileRefresh($refreshToken: String!) {\n        mobileRefresh(refreshToken: $refreshToken) {\n          ...TokenSetFields\n        }\n      }\n    ": typeof types.MobileRefreshDocument,
    "\n  fragment NotificationFields on Notification {\n    id\n    message\n    targetLink\n    targetText\n    unread\n    readAt\n    createdAt\n  }\n": typeof types.NotificationFieldsFragmentDoc,
    "\n      query MyPushDevices {\n        myPushDevices {\n          device_id: deviceId\n          device_name: deviceName\n          device_type: deviceType\n          fcm_token: fcmToken\n          provider_player_id: providerPlayerId\n          token_invalid: tokenInvalid\n          invalid_since: invalidSince\n          created_at: createdAt\n          updated_at: updatedAt\n          user_id: userId\n          user {\n            id\n            email\n            emailVerified\n            mfaEnabled\n            status\n            createdAt\n            updatedAt\n          }\n        }\n      }\n    ": typeof types.MyPushDevicesDocument,
    "\n      mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n        registerPushDevice(input: $input) {\n          message\n          created\n        }\n      }\n    ": typeof types.RegisterPushDeviceDocument,
    "\n      mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {\n        updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) {\n          message\n        }\n      }\n    ": typeof types.UpdatePushDeviceTokensDocument,
    "\n      query MyNotifications($page: Int, $limit: Int) {\n        myNotifications(page: $page, limit: $limit) {\n          currentPage\n          totalItems\n          totalPages\n          unreadCount\n          items {\n            ...NotificationFields\n          }\n        }\n      }\n    ": typeof types.MyNotificationsDocument,
    "\n      mutation MarkNotificationRead($id: ID!) {\n        markNotificationRead(id: $id) {\n          ...NotificationFields\n        }\n      }\n    ": typeof types.MarkNotificationReadDocument,
    "\n      mutation MarkAllNotificationsRead {\n        markAllNotificationsRead {\n          message\n        }\n      }\n    ": typeof types.MarkAllNotificationsReadDocument,
    "\n      mutation ProcessNotificationJob($input: NotificationJobInput!) {\n        processNotificationJob(input: $input) {\n          jobId\n          message\n          processedRecipients\n        }\n      }\n    ": typeof types.ProcessNotificationJobDocument,
    "\n      mutation CreateNotification($input: CreateNotificationInput!) {\n        createNotification(input: $input) {\n          message\n        }\n      }\n    ": typeof types.CreateNotificationDocument,
    "\n      mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {\n        createNotifications(inputs: $inputs) {\n          message\n        }\n      }\n    ": typeof types.CreateNotificationsDocument,
    "\n      mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {\n        beginPasskeyRegistration(userVerification: $userVerification, authenticatorSelection: $authenticatorSelection) {\n          challengeId\n          publicKey\n        }\n      }\n    ": typeof types.BeginPasskeyRegistrationDocument,
    "\n      mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {\n        finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {\n          success\n          passkey {\n            id\n            name\n            createdAt\n            lastUsedAt\n            backedUp\n            deviceType\n          }\n        }\n      }\n    ": typeof types.FinishPasskeyRegistrationDocument,
    "\n      mutation BeginPasskeyLogin($email: String!, $userVerification: String) {\n        beginPasskeyLogin(email: $email, userVerification: $userVerification) {\n          challengeId\n          publicKey\n        }\n      }\n    ": typeof types.BeginPasskeyLoginDocument,
    "\n      mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {\n        finishPasskeyLogin(challengeId: $challengeId, credential: $credential) {\n          ...TokenSetFields\n        }\n      }\n    ": typeof types.FinishPasskeyLoginDocument,
    "\n  fragment PersonFields on Person {\n    avatarFileId\n    code\n    department\n    email\n    id\n    name\n  }\n": typeof types.PersonFieldsFragmentDoc,
    "\n      query Projects(\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n        $status: String\n        $customerId: String\n      ) {\n        projects(\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n          status: $status\n          customerId: $customerId\n        ) {\n          data {\n            ...ProjectFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": typeof types.ProjectsDocument,
    "\n      mutation CreateProject($input: CreateProjectInput!) {\n        createProject(input: $input) {\n          ...ProjectFields\n        }\n      }\n    ": typeof types.CreateProjectDocument,
    "\n      query Project($uniqueCode: String!) {\n        project(uniqueCode: $uniqueCode) {\n          ...ProjectFields\n        }\n      }\n    ": typeof types.ProjectDocument,
    "\n      mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {\n        updateProject(uniqueCode: $uniqueCode, input: $input) {\n          ...ProjectFields\n        }\n      }\n    ": typeof types.UpdateProjectDocument,
    "\n      mutation DeleteProject($uniqueCode: String!) {\n        deleteProject(uniqueCode: $uniqueCode) {\n          message\n        }\n      }\n    ": typeof types.DeleteProjectDocument,
    "\n      mutation ApproveProject($uniqueCode: String!) {\n        approveProject(uniqueCode: $uniqueCode) {\n          ...ProjectFields\n        }\n      }\n    ": typeof types.ApproveProjectDocument,
    "\n      mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {\n        updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) {\n          ...ProjectFields\n        }\n      }\n    ": typeof types.UpdateProjectProgressDocument,
    "\n      query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {\n        projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) {\n          type\n          status\n          count\n        }\n      }\n    ": typeof types.ProjectResourceCountsDocument,
    "\n      query ProjectExpenses($uniqueCode: String!) {\n        projectExpenses(uniqueCode: $uniqueCode) {\n          totalExpenses\n          currency\n          breakdown {\n            labor\n            materials\n            other\n          }\n        }\n      }\n    ": typeof types.ProjectExpensesDocument,
    "\n  fragment ProjectFields on Project {\n    id\n    uniqueCode\n    name\n    description\n    contractValue\n    currency\n    customerId\n    customer {\n      id\n      name\n    }\n    creatorId\n    creator {\n      ...PersonFields\n    }\n    participants {\n      id\n      code\n      name\n      email\n      avatarFileId\n      department {\n        name\n      }\n    }\n    documentFiles {\n      id\n      name\n      mimeType\n      path\n      size\n    }\n    products {\n      id\n      name\n      description\n      productType\n      status\n      attributes\n      schemaVersion\n      createdAt\n      updatedAt\n    }\n    progress\n    status\n    replyDate\n    createdAt\n    updatedAt\n    deletedAt\n  }\n": typeof types.ProjectFieldsFragmentDoc,
    "\n      query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {\n        taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {\n          ...FilterOptionFields\n        }\n      }\n    ": typeof types.TaskFilterOptionsDocument,
    "\n      query TaskStatistics($projectId: String!) {\n        taskStatistics(projectId: $projectId) {\n          total\n          byStatus\n          byPriority\n          byDepartment\n        }\n      }\n    ": typeof types.TaskStatisticsDocument,
    "\n  fragment FilterOptionFields on TaskFilterOptions {\n    departments {\n      value\n      count\n      department {\n        name\n      }\n    }\n    participants {\n      value\n      count\n      employee {\n        name\n      }\n    }\n    priorities {\n      value\n      label\n      count\n    }\n    statuses {\n      value\n      label\n      count\n    }\n    tags {\n      value\n      label\n      count\n    }\n  }\n": typeof types.FilterOptionFieldsFragmentDoc,
    "\n      mutation CreateTask($input: CreateTaskInput!) {\n        createTask(input: $input) {\n          ...TaskFields\n        }\n      }\n    ": typeof types.CreateTaskDocument,
    "\n      query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {\n        myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) {\n          data {\n            ...TaskFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": typeof types.MyTasksDocument,
    "\n      query NestedTasks(\n        $projectId: String!\n        $page: Int\n        $limit: Int\n        $includeComments: Boolean!\n        $includeActivities: Boolean!\n      ) {\n        nestedTasks(projectId: $projectId, page: $page, limit: $limit) {\n          data {\n            ...TaskFields\n            comments @include(if: $includeComments) {\n              ...CommentFields\n            }\n            activities @include(if: $includeActivities) {\n              ...ActivityFields\n            }\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": typeof types.NestedTasksDocument,
    "\n      query ProjectTasks(\n        $projectId: String!\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n        $status: String\n        $priority: String\n        $departmentId: String\n      ) {\n        projectTasks(\n          projectId: $projectId\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n          status: $status\n          priority: $priority\n          departmentId: $departmentId\n        ) {\n          data {\n            ...TaskFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": typeof types.ProjectTasksDocument,
    "\n      query Task($uniqueCode: String!) {\n        task(uniqueCode: $uniqueCode) {\n          ...TaskFields\n        }\n      }\n    ": typeof types.TaskDocument,
    "\n      mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {\n        updateTask(uniqueCode: $uniqueCode, input: $input) {\n          ...TaskFields\n        }\n      }\n    ": typeof types.UpdateTaskDocument,
    "\n      mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {\n        updateTaskStatus(uniqueCode: $uniqueCode, status: $status) {\n          ...TaskFields\n        }\n      }\n    ": typeof types.UpdateTaskStatusDocument,
    "\n      mutation DeleteTask($uniqueCode: String!) {\n        deleteTask(uniqueCode: $uniqueCode) {\n          message\n        }\n      }\n    ": typeof types.DeleteTaskDocument,
    "\n      query TaskActivities($uniqueCode: String!) {\n        taskActivities(uniqueCode: $uniqueCode) {\n          ...ActivityFields\n        }\n      }\n    ": typeof types.TaskActivitiesDocument,
    "\n  fragment TaskFields on Task {\n    id\n    uniqueCode\n    name\n    description\n    endDate\n    fileId\n    parentId\n    projectId\n    projectCode\n    departmentId\n    department {\n      id\n      code\n      name\n    }\n    participants {\n      id\n      employeeId\n      employee {\n        name\n        email\n      }\n    }\n    priority\n    status\n    tags\n    createdAt\n    updatedAt\n    deletedAt\n  }\n": typeof types.TaskFieldsFragmentDoc,
    "\n  fragment ActivityFields on TaskActivity {\n    id\n    taskId\n    createdAt\n    updatedAt\n    comment {\n      ...CommentFields\n    }\n    history {\n      id\n      type\n      actorId\n      actor {\n        ...PersonFields\n      }\n      changedAt\n      from\n      to\n    }\n  }\n": typeof types.ActivityFieldsFragmentDoc,
    "\n  fragment TokenSetFields on TokenSetType {\n    accessToken\n    refreshToken\n    accessTokenExpiresAt\n    refreshTokenExpiresAt\n  }\n": typeof types.TokenSetFieldsFragmentDoc,
};
const documents: Documents = {
    "\n      mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {\n        login(email: $email, password: $password, rememberMe: $rememberMe) {\n          ...TokenSetFields\n        }\n      }\n    ": types.LoginDocument,
    "\n      mutation RefreshToken($refreshToken: String!) {\n        refreshToken(refreshToken: $refreshToken) {\n          ...TokenSetFields\n        }\n      }\n    ": types.RefreshTokenDocument,
    "\n      mutation Logout($refreshToken: String!) {\n        logout(refreshToken: $refreshToken) {\n          success\n        }\n      }\n    ": types.LogoutDocument,
    "\n      query TaskComments(\n        $uniqueCode: String!\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n      ) {\n        taskComments(\n          uniqueCode: $uniqueCode\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n        ) {\n          data {\n            ...CommentFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": types.TaskCommentsDocument,
    "\n      mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {\n        addTaskComment(uniqueCode: $uniqueCode, input: $input) {\n          ...CommentFields\n        }\n      }\n    ": types.AddTaskCommentDocument,
    "\n      mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {\n        toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {\n          commentId\n          likes\n          dislikes\n          userReaction\n        }\n      }\n    ": types.ToggleTaskCommentReactionDocument,
    "\n      mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {\n        deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) {\n          message\n        }\n      }\n    ": types.DeleteTaskCommentDocument,
    "\n  fragment CommentFields on TaskComment {\n    id\n    taskId\n    parentId\n    actorId\n    actor {\n      ...PersonFields\n    }\n    content\n    attachments {\n      id\n      fileId\n    }\n    likes\n    dislikes\n    isDeleted\n    userReaction\n    createdAt\n  }\n": types.CommentFieldsFragmentDoc,
    "\n  fragment DecisionFields on ConfirmationDecisionResult {\n    success\n    confirmationId\n    status\n  }\n": types.DecisionFieldsFragmentDoc,
    "\n      mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {\n        initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) {\n          confirmationId\n          challenge\n          expiresAt\n        }\n      }\n    ": types.InitiateConfirmationDocument,
    "\n      query ConfirmationStatus($id: String!) {\n        confirmationStatus(confirmationId: $id) {\n          confirmationId\n          status\n          actionType\n          actionPayload\n          createdAt\n          expiresAt\n          updatedAt\n        }\n      }\n    ": types.ConfirmationStatusDocument,
    "\n      mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {\n        verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) {\n          ...DecisionFields\n        }\n      }\n    ": types.VerifyConfirmationDocument,
    "\n      mutation RejectConfirmation($id: String!, $reason: String) {\n        rejectConfirmation(confirmationId: $id, reason: $reason) {\n          ...DecisionFields\n        }\n      }\n    ": types.RejectConfirmationDocument,
    "\n  fragment DeviceFields on RegisteredDevice {\n    id\n    deviceName\n    deviceType\n    deviceFingerprint\n    isActive\n    lastUsedAt\n    createdAt\n    updatedAt\n  }\n": types.DeviceFieldsFragmentDoc,
    "\n      mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {\n        registerDeviceChallenge(input: $input) {\n          challenge\n          expiresAt\n          deviceId\n          sessionId\n        }\n      }\n    ": types.RegisterDeviceChallengeDocument,
    "\n      mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {\n        verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {\n          success\n          deviceId\n          device {\n            ...DeviceFields\n          }\n        }\n      }\n    ": types.VerifyDeviceRegistrationDocument,
    "\n      query MyDevices {\n        myDevices {\n          ...DeviceFields\n        }\n      }\n    ": types.MyDevicesDocument,
    "\n      mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {\n        updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) {\n          success\n          message\n        }\n      }\n    ": types.UpdateDevicePushTokenDocument,
    "\n      mutation DeleteDevice($deviceId: String!) {\n        deleteDevice(deviceId: $deviceId) {\n          success\n          message\n        }\n      }\n    ": types.DeleteDeviceDocument,
    "\n      mutation UploadFile($input: UploadFileInput!) {\n        uploadFile(input: $input) {\n          id\n          name\n          mimeType\n          path\n          size\n        }\n      }\n    ": types.UploadFileDocument,
    "\n      query File($id: ID!) {\n        file(id: $id) {\n          id\n          name\n          mimeType\n        }\n      }\n    ": types.FileDocument,
    "\n      mutation MobileChallenge($deviceFingerprint: String!) {\n        mobileChallenge(deviceFingerprint: $deviceFingerprint) {\n          challenge\n          expiresAt\n          sessionId\n        }\n      }\n    ": types.MobileChallengeDocument,
    "\n      mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {\n        mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {\n          success\n          tokens {\n            ...TokenSetFields\n          }\n        }\n      }\n    ": types.MobileBiometricLoginDocument,
    "\n      mutation MobileRefresh($refreshToken: String!) {\n        mobileRefresh(refreshToken: $refreshToken) {\n          ...TokenSetFields\n        }\n      }\n    ": types.MobileRefreshDocument,
    "\n  fragment NotificationFields on Notification {\n    id\n    message\n    targetLink\n    targetText\n    unread\n    readAt\n    createdAt\n  }\n": types.NotificationFieldsFragmentDoc,
    "\n      query MyPushDevices {\n        myPushDevices {\n          device_id: deviceId\n          device_name: deviceName\n          device_type: deviceType\n          fcm_token: fcmToken\n          provider_player_id: providerPlayerId\n          token_invalid: tokenInvalid\n          invalid_since: invalidSince\n          created_at: createdAt\n          updated_at: updatedAt\n          user_id: userId\n          user {\n            id\n            email\n            emailVerified\n            mfaEnabled\n            status\n            createdAt\n            updatedAt\n          }\n        }\n      }\n    ": types.MyPushDevicesDocument,
    "\n      mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n        registerPushDevice(input: $input) {\n          message\n          created\n        }\n      }\n    ": types.RegisterPushDeviceDocument,
    "\n      mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {\n        updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) {\n          message\n        }\n      }\n    ": types.UpdatePushDeviceTokensDocument,
    "\n      query MyNotifications($page: Int, $limit: Int) {\n        myNotifications(page: $page, limit: $limit) {\n          currentPage\n          totalItems\n          totalPages\n          unreadCount\n          items {\n            ...NotificationFields\n          }\n        }\n      }\n    ": types.MyNotificationsDocument,
    "\n      mutation MarkNotificationRead($id: ID!) {\n        markNotificationRead(id: $id) {\n          ...NotificationFields\n        }\n      }\n    ": types.MarkNotificationReadDocument,
    "\n      mutation MarkAllNotificationsRead {\n        markAllNotificationsRead {\n          message\n        }\n      }\n    ": types.MarkAllNotificationsReadDocument,
    "\n      mutation ProcessNotificationJob($input: NotificationJobInput!) {\n        processNotificationJob(input: $input) {\n          jobId\n          message\n          processedRecipients\n        }\n      }\n    ": types.ProcessNotificationJobDocument,
    "\n      mutation CreateNotification($input: CreateNotificationInput!) {\n        createNotification(input: $input) {\n          message\n        }\n      }\n    ": types.CreateNotificationDocument,
    "\n      mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {\n        createNotifications(inputs: $inputs) {\n          message\n        }\n      }\n    ": types.CreateNotificationsDocument,
    "\n      mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {\n        beginPasskeyRegistration(userVerification: $userVerification, authenticatorSelection: $authenticatorSelection) {\n          challengeId\n          publicKey\n        }\n      }\n    ": types.BeginPasskeyRegistrationDocument,
    "\n      mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {\n        finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {\n          success\n          passkey {\n            id\n            name\n            createdAt\n            lastUsedAt\n            backedUp\n            deviceType\n          }\n        }\n      }\n    ": types.FinishPasskeyRegistrationDocument,
    "\n      mutation BeginPasskeyLogin($email: String!, $userVerification: String) {\n        beginPasskeyLogin(email: $email, userVerification: $userVerification) {\n          challengeId\n          publicKey\n        }\n      }\n    ": types.BeginPasskeyLoginDocument,
    "\n      mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {\n        finishPasskeyLogin(challengeId: $challengeId, credential: $credential) {\n          ...TokenSetFields\n        }\n      }\n    ": types.FinishPasskeyLoginDocument,
    "\n  fragment PersonFields on Person {\n    avatarFileId\n    code\n    department\n    email\n    id\n    name\n  }\n": types.PersonFieldsFragmentDoc,
    "\n      query Projects(\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n        $status: String\n        $customerId: String\n      ) {\n        projects(\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n          status: $status\n          customerId: $customerId\n        ) {\n          data {\n            ...ProjectFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": types.ProjectsDocument,
    "\n      mutation CreateProject($input: CreateProjectInput!) {\n        createProject(input: $input) {\n          ...ProjectFields\n        }\n      }\n    ": types.CreateProjectDocument,
    "\n      query Project($uniqueCode: String!) {\n        project(uniqueCode: $uniqueCode) {\n          ...ProjectFields\n        }\n      }\n    ": types.ProjectDocument,
    "\n      mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {\n        updateProject(uniqueCode: $uniqueCode, input: $input) {\n          ...ProjectFields\n        }\n      }\n    ": types.UpdateProjectDocument,
    "\n      mutation DeleteProject($uniqueCode: String!) {\n        deleteProject(uniqueCode: $uniqueCode) {\n          message\n        }\n      }\n    ": types.DeleteProjectDocument,
    "\n      mutation ApproveProject($uniqueCode: String!) {\n        approveProject(uniqueCode: $uniqueCode) {\n          ...ProjectFields\n        }\n      }\n    ": types.ApproveProjectDocument,
    "\n      mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {\n        updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) {\n          ...ProjectFields\n        }\n      }\n    ": types.UpdateProjectProgressDocument,
    "\n      query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {\n        projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) {\n          type\n          status\n          count\n        }\n      }\n    ": types.ProjectResourceCountsDocument,
    "\n      query ProjectExpenses($uniqueCode: String!) {\n        projectExpenses(uniqueCode: $uniqueCode) {\n          totalExpenses\n          currency\n          breakdown {\n            labor\n            materials\n            other\n          }\n        }\n      }\n    ": types.ProjectExpensesDocument,
    "\n  fragment ProjectFields on Project {\n    id\n    uniqueCode\n    name\n    description\n    contractValue\n    currency\n    customerId\n    customer {\n      id\n      name\n    }\n    creatorId\n    creator {\n      ...PersonFields\n    }\n    participants {\n      id\n      code\n      name\n      email\n      avatarFileId\n      department {\n        name\n      }\n    }\n    documentFiles {\n      id\n      name\n      mimeType\n      path\n      size\n    }\n    products {\n      id\n      name\n      description\n      productType\n      status\n      attributes\n      schemaVersion\n      createdAt\n      updatedAt\n    }\n    progress\n    status\n    replyDate\n    createdAt\n    updatedAt\n    deletedAt\n  }\n": types.ProjectFieldsFragmentDoc,
    "\n      query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {\n        taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {\n          ...FilterOptionFields\n        }\n      }\n    ": types.TaskFilterOptionsDocument,
    "\n      query TaskStatistics($projectId: String!) {\n        taskStatistics(projectId: $projectId) {\n          total\n          byStatus\n          byPriority\n          byDepartment\n        }\n      }\n    ": types.TaskStatisticsDocument,
    "\n  fragment FilterOptionFields on TaskFilterOptions {\n    departments {\n      value\n      count\n      department {\n        name\n      }\n    }\n    participants {\n      value\n      count\n      employee {\n        name\n      }\n    }\n    priorities {\n      value\n      label\n      count\n    }\n    statuses {\n      value\n      label\n      count\n    }\n    tags {\n      value\n      label\n      count\n    }\n  }\n": types.FilterOptionFieldsFragmentDoc,
    "\n      mutation CreateTask($input: CreateTaskInput!) {\n        createTask(input: $input) {\n          ...TaskFields\n        }\n      }\n    ": types.CreateTaskDocument,
    "\n      query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {\n        myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) {\n          data {\n            ...TaskFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": types.MyTasksDocument,
    "\n      query NestedTasks(\n        $projectId: String!\n        $page: Int\n        $limit: Int\n        $includeComments: Boolean!\n        $includeActivities: Boolean!\n      ) {\n        nestedTasks(projectId: $projectId, page: $page, limit: $limit) {\n          data {\n            ...TaskFields\n            comments @include(if: $includeComments) {\n              ...CommentFields\n            }\n            activities @include(if: $includeActivities) {\n              ...ActivityFields\n            }\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": types.NestedTasksDocument,
    "\n      query ProjectTasks(\n        $projectId: String!\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n        $status: String\n        $priority: String\n        $departmentId: String\n      ) {\n        projectTasks(\n          projectId: $projectId\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n          status: $status\n          priority: $priority\n          departmentId: $departmentId\n        ) {\n          data {\n            ...TaskFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    ": types.ProjectTasksDocument,
    "\n      query Task($uniqueCode: String!) {\n        task(uniqueCode: $uniqueCode) {\n          ...TaskFields\n        }\n      }\n    ": types.TaskDocument,
    "\n      mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {\n        updateTask(uniqueCode: $uniqueCode, input: $input) {\n          ...TaskFields\n        }\n      }\n    ": types.UpdateTaskDocument,
    "\n      mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {\n        updateTaskStatus(uniqueCode: $uniqueCode, status: $status) {\n          ...TaskFields\n        }\n      }\n    ": types.UpdateTaskStatusDocument,
    "\n      mutation DeleteTask($uniqueCode: String!) {\n        deleteTask(uniqueCode: $uniqueCode) {\n          message\n        }\n      }\n    ": types.DeleteTaskDocument,
    "\n      query TaskActivities($uniqueCode: String!) {\n        taskActivities(uniqueCode: $uniqueCode) {\n          ...ActivityFields\n        }\n      }\n    ": types.TaskActivitiesDocument,
    "\n  fragment TaskFields on Task {\n    id\n    uniqueCode\n    name\n    description\n    endDate\n    fileId\n    parentId\n    projectId\n    projectCode\n    departmentId\n    department {\n      id\n      code\n      name\n    }\n    participants {\n      id\n      employeeId\n      employee {\n        name\n        email\n      }\n    }\n    priority\n    status\n    tags\n    createdAt\n    updatedAt\n    deletedAt\n  }\n": types.TaskFieldsFragmentDoc,
    "\n  fragment ActivityFields on TaskActivity {\n    id\n    taskId\n    createdAt\n    updatedAt\n    comment {\n      ...CommentFields\n    }\n    history {\n      id\n      type\n      actorId\n      actor {\n        ...PersonFields\n      }\n      changedAt\n      from\n      to\n    }\n  }\n": types.ActivityFieldsFragmentDoc,
    "\n  fragment TokenSetFields on TokenSetType {\n    accessToken\n    refreshToken\n    accessTokenExpiresAt\n    refreshTokenExpiresAt\n  }\n": types.TokenSetFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {\n        login(email: $email, password: $password, rememberMe: $rememberMe) {\n          ...TokenSetFields\n        }\n      }\n    "): typeof import('./graphql.js').LoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation RefreshToken($refreshToken: String!) {\n        refreshToken(refreshToken: $refreshToken) {\n          ...TokenSetFields\n        }\n      }\n    "): typeof import('./graphql.js').RefreshTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation Logout($refreshToken: String!) {\n        logout(refreshToken: $refreshToken) {\n          success\n        }\n      }\n    "): typeof import('./graphql.js').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query TaskComments(\n        $uniqueCode: String!\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n      ) {\n        taskComments(\n          uniqueCode: $uniqueCode\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n        ) {\n          data {\n            ...CommentFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    "): typeof import('./graphql.js').TaskCommentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {\n        addTaskComment(uniqueCode: $uniqueCode, input: $input) {\n          ...CommentFields\n        }\n      }\n    "): typeof import('./graphql.js').AddTaskCommentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {\n        toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {\n          commentId\n          likes\n          dislikes\n          userReaction\n        }\n      }\n    "): typeof import('./graphql.js').ToggleTaskCommentReactionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {\n        deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').DeleteTaskCommentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommentFields on TaskComment {\n    id\n    taskId\n    parentId\n    actorId\n    actor {\n      ...PersonFields\n    }\n    content\n    attachments {\n      id\n      fileId\n    }\n    likes\n    dislikes\n    isDeleted\n    userReaction\n    createdAt\n  }\n"): typeof import('./graphql.js').CommentFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DecisionFields on ConfirmationDecisionResult {\n    success\n    confirmationId\n    status\n  }\n"): typeof import('./graphql.js').DecisionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {\n        initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) {\n          confirmationId\n          challenge\n          expiresAt\n        }\n      }\n    "): typeof import('./graphql.js').InitiateConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query ConfirmationStatus($id: String!) {\n        confirmationStatus(confirmationId: $id) {\n          confirmationId\n          status\n          actionType\n          actionPayload\n          createdAt\n          expiresAt\n          updatedAt\n        }\n      }\n    "): typeof import('./graphql.js').ConfirmationStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {\n        verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) {\n          ...DecisionFields\n        }\n      }\n    "): typeof import('./graphql.js').VerifyConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation RejectConfirmation($id: String!, $reason: String) {\n        rejectConfirmation(confirmationId: $id, reason: $reason) {\n          ...DecisionFields\n        }\n      }\n    "): typeof import('./graphql.js').RejectConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeviceFields on RegisteredDevice {\n    id\n    deviceName\n    deviceType\n    deviceFingerprint\n    isActive\n    lastUsedAt\n    createdAt\n    updatedAt\n  }\n"): typeof import('./graphql.js').DeviceFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {\n        registerDeviceChallenge(input: $input) {\n          challenge\n          expiresAt\n          deviceId\n          sessionId\n        }\n      }\n    "): typeof import('./graphql.js').RegisterDeviceChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {\n        verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {\n          success\n          deviceId\n          device {\n            ...DeviceFields\n          }\n        }\n      }\n    "): typeof import('./graphql.js').VerifyDeviceRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query MyDevices {\n        myDevices {\n          ...DeviceFields\n        }\n      }\n    "): typeof import('./graphql.js').MyDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {\n        updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) {\n          success\n          message\n        }\n      }\n    "): typeof import('./graphql.js').UpdateDevicePushTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation DeleteDevice($deviceId: String!) {\n        deleteDevice(deviceId: $deviceId) {\n          success\n          message\n        }\n      }\n    "): typeof import('./graphql.js').DeleteDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UploadFile($input: UploadFileInput!) {\n        uploadFile(input: $input) {\n          id\n          name\n          mimeType\n          path\n          size\n        }\n      }\n    "): typeof import('./graphql.js').UploadFileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query File($id: ID!) {\n        file(id: $id) {\n          id\n          name\n          mimeType\n        }\n      }\n    "): typeof import('./graphql.js').FileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation MobileChallenge($deviceFingerprint: String!) {\n        mobileChallenge(deviceFingerprint: $deviceFingerprint) {\n          challenge\n          expiresAt\n          sessionId\n        }\n      }\n    "): typeof import('./graphql.js').MobileChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {\n        mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {\n          success\n          tokens {\n            ...TokenSetFields\n          }\n        }\n      }\n    "): typeof import('./graphql.js').MobileBiometricLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation MobileRefresh($refreshToken: String!) {\n        mobileRefresh(refreshToken: $refreshToken) {\n          ...TokenSetFields\n        }\n      }\n    "): typeof import('./graphql.js').MobileRefreshDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationFields on Notification {\n    id\n    message\n    targetLink\n    targetText\n    unread\n    readAt\n    createdAt\n  }\n"): typeof import('./graphql.js').NotificationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query MyPushDevices {\n        myPushDevices {\n          device_id: deviceId\n          device_name: deviceName\n          device_type: deviceType\n          fcm_token: fcmToken\n          provider_player_id: providerPlayerId\n          token_invalid: tokenInvalid\n          invalid_since: invalidSince\n          created_at: createdAt\n          updated_at: updatedAt\n          user_id: userId\n          user {\n            id\n            email\n            emailVerified\n            mfaEnabled\n            status\n            createdAt\n            updatedAt\n          }\n        }\n      }\n    "): typeof import('./graphql.js').MyPushDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {\n        registerPushDevice(input: $input) {\n          message\n          created\n        }\n      }\n    "): typeof import('./graphql.js').RegisterPushDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {\n        updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').UpdatePushDeviceTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query MyNotifications($page: Int, $limit: Int) {\n        myNotifications(page: $page, limit: $limit) {\n          currentPage\n          totalItems\n          totalPages\n          unreadCount\n          items {\n            ...NotificationFields\n          }\n        }\n      }\n    "): typeof import('./graphql.js').MyNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation MarkNotificationRead($id: ID!) {\n        markNotificationRead(id: $id) {\n          ...NotificationFields\n        }\n      }\n    "): typeof import('./graphql.js').MarkNotificationReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation MarkAllNotificationsRead {\n        markAllNotificationsRead {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').MarkAllNotificationsReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation ProcessNotificationJob($input: NotificationJobInput!) {\n        processNotificationJob(input: $input) {\n          jobId\n          message\n          processedRecipients\n        }\n      }\n    "): typeof import('./graphql.js').ProcessNotificationJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation CreateNotification($input: CreateNotificationInput!) {\n        createNotification(input: $input) {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').CreateNotificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {\n        createNotifications(inputs: $inputs) {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').CreateNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation BeginPasskeyRegistration($userVerification: String, $authenticatorSelection: JSONObject) {\n        beginPasskeyRegistration(userVerification: $userVerification, authenticatorSelection: $authenticatorSelection) {\n          challengeId\n          publicKey\n        }\n      }\n    "): typeof import('./graphql.js').BeginPasskeyRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {\n        finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {\n          success\n          passkey {\n            id\n            name\n            createdAt\n            lastUsedAt\n            backedUp\n            deviceType\n          }\n        }\n      }\n    "): typeof import('./graphql.js').FinishPasskeyRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation BeginPasskeyLogin($email: String!, $userVerification: String) {\n        beginPasskeyLogin(email: $email, userVerification: $userVerification) {\n          challengeId\n          publicKey\n        }\n      }\n    "): typeof import('./graphql.js').BeginPasskeyLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {\n        finishPasskeyLogin(challengeId: $challengeId, credential: $credential) {\n          ...TokenSetFields\n        }\n      }\n    "): typeof import('./graphql.js').FinishPasskeyLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PersonFields on Person {\n    avatarFileId\n    code\n    department\n    email\n    id\n    name\n  }\n"): typeof import('./graphql.js').PersonFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query Projects(\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n        $status: String\n        $customerId: String\n      ) {\n        projects(\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n          status: $status\n          customerId: $customerId\n        ) {\n          data {\n            ...ProjectFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    "): typeof import('./graphql.js').ProjectsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation CreateProject($input: CreateProjectInput!) {\n        createProject(input: $input) {\n          ...ProjectFields\n        }\n      }\n    "): typeof import('./graphql.js').CreateProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query Project($uniqueCode: String!) {\n        project(uniqueCode: $uniqueCode) {\n          ...ProjectFields\n        }\n      }\n    "): typeof import('./graphql.js').ProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!) {\n        updateProject(uniqueCode: $uniqueCode, input: $input) {\n          ...ProjectFields\n        }\n      }\n    "): typeof import('./graphql.js').UpdateProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation DeleteProject($uniqueCode: String!) {\n        deleteProject(uniqueCode: $uniqueCode) {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').DeleteProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation ApproveProject($uniqueCode: String!) {\n        approveProject(uniqueCode: $uniqueCode) {\n          ...ProjectFields\n        }\n      }\n    "): typeof import('./graphql.js').ApproveProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!) {\n        updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress) {\n          ...ProjectFields\n        }\n      }\n    "): typeof import('./graphql.js').UpdateProjectProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {\n        projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) {\n          type\n          status\n          count\n        }\n      }\n    "): typeof import('./graphql.js').ProjectResourceCountsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query ProjectExpenses($uniqueCode: String!) {\n        projectExpenses(uniqueCode: $uniqueCode) {\n          totalExpenses\n          currency\n          breakdown {\n            labor\n            materials\n            other\n          }\n        }\n      }\n    "): typeof import('./graphql.js').ProjectExpensesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectFields on Project {\n    id\n    uniqueCode\n    name\n    description\n    contractValue\n    currency\n    customerId\n    customer {\n      id\n      name\n    }\n    creatorId\n    creator {\n      ...PersonFields\n    }\n    participants {\n      id\n      code\n      name\n      email\n      avatarFileId\n      department {\n        name\n      }\n    }\n    documentFiles {\n      id\n      name\n      mimeType\n      path\n      size\n    }\n    products {\n      id\n      name\n      description\n      productType\n      status\n      attributes\n      schemaVersion\n      createdAt\n      updatedAt\n    }\n    progress\n    status\n    replyDate\n    createdAt\n    updatedAt\n    deletedAt\n  }\n"): typeof import('./graphql.js').ProjectFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {\n        taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {\n          ...FilterOptionFields\n        }\n      }\n    "): typeof import('./graphql.js').TaskFilterOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query TaskStatistics($projectId: String!) {\n        taskStatistics(projectId: $projectId) {\n          total\n          byStatus\n          byPriority\n          byDepartment\n        }\n      }\n    "): typeof import('./graphql.js').TaskStatisticsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FilterOptionFields on TaskFilterOptions {\n    departments {\n      value\n      count\n      department {\n        name\n      }\n    }\n    participants {\n      value\n      count\n      employee {\n        name\n      }\n    }\n    priorities {\n      value\n      label\n      count\n    }\n    statuses {\n      value\n      label\n      count\n    }\n    tags {\n      value\n      label\n      count\n    }\n  }\n"): typeof import('./graphql.js').FilterOptionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation CreateTask($input: CreateTaskInput!) {\n        createTask(input: $input) {\n          ...TaskFields\n        }\n      }\n    "): typeof import('./graphql.js').CreateTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {\n        myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) {\n          data {\n            ...TaskFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    "): typeof import('./graphql.js').MyTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query NestedTasks(\n        $projectId: String!\n        $page: Int\n        $limit: Int\n        $includeComments: Boolean!\n        $includeActivities: Boolean!\n      ) {\n        nestedTasks(projectId: $projectId, page: $page, limit: $limit) {\n          data {\n            ...TaskFields\n            comments @include(if: $includeComments) {\n              ...CommentFields\n            }\n            activities @include(if: $includeActivities) {\n              ...ActivityFields\n            }\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    "): typeof import('./graphql.js').NestedTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query ProjectTasks(\n        $projectId: String!\n        $page: Int\n        $limit: Int\n        $search: String\n        $sortBy: String\n        $sortOrder: String\n        $status: String\n        $priority: String\n        $departmentId: String\n      ) {\n        projectTasks(\n          projectId: $projectId\n          page: $page\n          limit: $limit\n          search: $search\n          sortBy: $sortBy\n          sortOrder: $sortOrder\n          status: $status\n          priority: $priority\n          departmentId: $departmentId\n        ) {\n          data {\n            ...TaskFields\n          }\n          meta {\n            limit\n            page\n            total\n            totalPages\n          }\n        }\n      }\n    "): typeof import('./graphql.js').ProjectTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query Task($uniqueCode: String!) {\n        task(uniqueCode: $uniqueCode) {\n          ...TaskFields\n        }\n      }\n    "): typeof import('./graphql.js').TaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!) {\n        updateTask(uniqueCode: $uniqueCode, input: $input) {\n          ...TaskFields\n        }\n      }\n    "): typeof import('./graphql.js').UpdateTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation UpdateTaskStatus($uniqueCode: String!, $status: String!) {\n        updateTaskStatus(uniqueCode: $uniqueCode, status: $status) {\n          ...TaskFields\n        }\n      }\n    "): typeof import('./graphql.js').UpdateTaskStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation DeleteTask($uniqueCode: String!) {\n        deleteTask(uniqueCode: $uniqueCode) {\n          message\n        }\n      }\n    "): typeof import('./graphql.js').DeleteTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query TaskActivities($uniqueCode: String!) {\n        taskActivities(uniqueCode: $uniqueCode) {\n          ...ActivityFields\n        }\n      }\n    "): typeof import('./graphql.js').TaskActivitiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskFields on Task {\n    id\n    uniqueCode\n    name\n    description\n    endDate\n    fileId\n    parentId\n    projectId\n    projectCode\n    departmentId\n    department {\n      id\n      code\n      name\n    }\n    participants {\n      id\n      employeeId\n      employee {\n        name\n        email\n      }\n    }\n    priority\n    status\n    tags\n    createdAt\n    updatedAt\n    deletedAt\n  }\n"): typeof import('./graphql.js').TaskFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ActivityFields on TaskActivity {\n    id\n    taskId\n    createdAt\n    updatedAt\n    comment {\n      ...CommentFields\n    }\n    history {\n      id\n      type\n      actorId\n      actor {\n        ...PersonFields\n      }\n      changedAt\n      from\n      to\n    }\n  }\n"): typeof import('./graphql.js').ActivityFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TokenSetFields on TokenSetType {\n    accessToken\n    refreshToken\n    accessTokenExpiresAt\n    refreshTokenExpiresAt\n  }\n"): typeof import('./graphql.js').TokenSetFieldsFragmentDoc;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
