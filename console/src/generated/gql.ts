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
    "\n      query Me {\n        me {\n          email\n        }\n      }\n    ": typeof types.MeDocument,
    "\n  mutation InitiateApproval($payload: JSON!) {\n    initiateConfirmation(actionType: \"document_approval\", actionPayload: $payload) {\n      confirmationId\n      challenge\n      expiresAt\n    }\n  }\n": typeof types.InitiateApprovalDocument,
    "\n  subscription ApprovalStatus($id: String!) {\n    confirmationStatusChanged(confirmationId: $id) {\n      status\n    }\n  }\n": typeof types.ApprovalStatusDocument,
    "\n  query MyDevices {\n    myDevices {\n      id\n      deviceName\n      deviceType\n      trustLevel\n      lastUsedAt\n      createdAt\n    }\n  }\n": typeof types.MyDevicesDocument,
    "\n  mutation DeleteDevice($id: String!) {\n    deleteDevice(deviceId: $id) {\n      success\n    }\n  }\n": typeof types.DeleteDeviceDocument,
    "\n  fragment InboxItem on Notification {\n    id\n    message\n    targetLink\n    targetText\n    unread\n    createdAt\n  }\n": typeof types.InboxItemFragmentDoc,
    "\n  query InboxPage($page: Int, $limit: Int) {\n    myNotifications(page: $page, limit: $limit) {\n      currentPage\n      totalItems\n      unreadCount\n      items {\n        ...InboxItem\n      }\n    }\n  }\n": typeof types.InboxPageDocument,
    "\n  query InboxUnread {\n    myNotifications(limit: 1) {\n      unreadCount\n    }\n  }\n": typeof types.InboxUnreadDocument,
    "\n  subscription InboxChanges {\n    inboxChanged {\n      unreadCount\n      notification {\n        ...InboxItem\n      }\n    }\n  }\n": typeof types.InboxChangesDocument,
    "\n  mutation MarkRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      ...InboxItem\n    }\n  }\n": typeof types.MarkReadDocument,
    "\n  mutation MarkAllRead {\n    markAllNotificationsRead {\n      message\n    }\n  }\n": typeof types.MarkAllReadDocument,
    "\n  query MyPasskeys {\n    myPasskeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n      backedUp\n      deviceType\n    }\n  }\n": typeof types.MyPasskeysDocument,
    "\n  mutation RenamePasskey($id: String!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n    }\n  }\n": typeof types.RenamePasskeyDocument,
    "\n  mutation DeletePasskey($id: String!) {\n    deletePasskey(id: $id) {\n      success\n    }\n  }\n": typeof types.DeletePasskeyDocument,
    "\n  query MySecurityEvents($page: PageInput) {\n    mySecurityEvents(page: $page) {\n      currentPage\n      totalPages\n      items {\n        id\n        action\n        result\n        errorCode\n        ipAddress\n        userAgent\n        createdAt\n      }\n    }\n  }\n": typeof types.MySecurityEventsDocument,
};
const documents: Documents = {
    "\n      query Me {\n        me {\n          email\n        }\n      }\n    ": types.MeDocument,
    "\n  mutation InitiateApproval($payload: JSON!) {\n    initiateConfirmation(actionType: \"document_approval\", actionPayload: $payload) {\n      confirmationId\n      challenge\n      expiresAt\n    }\n  }\n": types.InitiateApprovalDocument,
    "\n  subscription ApprovalStatus($id: String!) {\n    confirmationStatusChanged(confirmationId: $id) {\n      status\n    }\n  }\n": types.ApprovalStatusDocument,
    "\n  query MyDevices {\n    myDevices {\n      id\n      deviceName\n      deviceType\n      trustLevel\n      lastUsedAt\n      createdAt\n    }\n  }\n": types.MyDevicesDocument,
    "\n  mutation DeleteDevice($id: String!) {\n    deleteDevice(deviceId: $id) {\n      success\n    }\n  }\n": types.DeleteDeviceDocument,
    "\n  fragment InboxItem on Notification {\n    id\n    message\n    targetLink\n    targetText\n    unread\n    createdAt\n  }\n": types.InboxItemFragmentDoc,
    "\n  query InboxPage($page: Int, $limit: Int) {\n    myNotifications(page: $page, limit: $limit) {\n      currentPage\n      totalItems\n      unreadCount\n      items {\n        ...InboxItem\n      }\n    }\n  }\n": types.InboxPageDocument,
    "\n  query InboxUnread {\n    myNotifications(limit: 1) {\n      unreadCount\n    }\n  }\n": types.InboxUnreadDocument,
    "\n  subscription InboxChanges {\n    inboxChanged {\n      unreadCount\n      notification {\n        ...InboxItem\n      }\n    }\n  }\n": types.InboxChangesDocument,
    "\n  mutation MarkRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      ...InboxItem\n    }\n  }\n": types.MarkReadDocument,
    "\n  mutation MarkAllRead {\n    markAllNotificationsRead {\n      message\n    }\n  }\n": types.MarkAllReadDocument,
    "\n  query MyPasskeys {\n    myPasskeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n      backedUp\n      deviceType\n    }\n  }\n": types.MyPasskeysDocument,
    "\n  mutation RenamePasskey($id: String!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n    }\n  }\n": types.RenamePasskeyDocument,
    "\n  mutation DeletePasskey($id: String!) {\n    deletePasskey(id: $id) {\n      success\n    }\n  }\n": types.DeletePasskeyDocument,
    "\n  query MySecurityEvents($page: PageInput) {\n    mySecurityEvents(page: $page) {\n      currentPage\n      totalPages\n      items {\n        id\n        action\n        result\n        errorCode\n        ipAddress\n        userAgent\n        createdAt\n      }\n    }\n  }\n": types.MySecurityEventsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query Me {\n        me {\n          email\n        }\n      }\n    "): typeof import('./graphql.js').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InitiateApproval($payload: JSON!) {\n    initiateConfirmation(actionType: \"document_approval\", actionPayload: $payload) {\n      confirmationId\n      challenge\n      expiresAt\n    }\n  }\n"): typeof import('./graphql.js').InitiateApprovalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ApprovalStatus($id: String!) {\n    confirmationStatusChanged(confirmationId: $id) {\n      status\n    }\n  }\n"): typeof import('./graphql.js').ApprovalStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDevices {\n    myDevices {\n      id\n      deviceName\n      deviceType\n      trustLevel\n      lastUsedAt\n      createdAt\n    }\n  }\n"): typeof import('./graphql.js').MyDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDevice($id: String!) {\n    deleteDevice(deviceId: $id) {\n      success\n    }\n  }\n"): typeof import('./graphql.js').DeleteDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InboxItem on Notification {\n    id\n    message\n    targetLink\n    targetText\n    unread\n    createdAt\n  }\n"): typeof import('./graphql.js').InboxItemFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxPage($page: Int, $limit: Int) {\n    myNotifications(page: $page, limit: $limit) {\n      currentPage\n      totalItems\n      unreadCount\n      items {\n        ...InboxItem\n      }\n    }\n  }\n"): typeof import('./graphql.js').InboxPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxUnread {\n    myNotifications(limit: 1) {\n      unreadCount\n    }\n  }\n"): typeof import('./graphql.js').InboxUnreadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxChanges {\n    inboxChanged {\n      unreadCount\n      notification {\n        ...InboxItem\n      }\n    }\n  }\n"): typeof import('./graphql.js').InboxChangesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      ...InboxItem\n    }\n  }\n"): typeof import('./graphql.js').MarkReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkAllRead {\n    markAllNotificationsRead {\n      message\n    }\n  }\n"): typeof import('./graphql.js').MarkAllReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPasskeys {\n    myPasskeys {\n      id\n      name\n      createdAt\n      lastUsedAt\n      backedUp\n      deviceType\n    }\n  }\n"): typeof import('./graphql.js').MyPasskeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenamePasskey($id: String!, $name: String!) {\n    renamePasskey(id: $id, name: $name) {\n      id\n    }\n  }\n"): typeof import('./graphql.js').RenamePasskeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePasskey($id: String!) {\n    deletePasskey(id: $id) {\n      success\n    }\n  }\n"): typeof import('./graphql.js').DeletePasskeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySecurityEvents($page: PageInput) {\n    mySecurityEvents(page: $page) {\n      currentPage\n      totalPages\n      items {\n        id\n        action\n        result\n        errorCode\n        ipAddress\n        userAgent\n        createdAt\n      }\n    }\n  }\n"): typeof import('./graphql.js').MySecurityEventsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
