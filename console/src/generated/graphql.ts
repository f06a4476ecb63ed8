/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type PageInput = {
  limit?: number | null | undefined;
  page?: number | null | undefined;
};

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { email: string } };

export type InitiateApprovalMutationVariables = Exact<{
  payload: unknown;
}>;


export type InitiateApprovalMutation = { initiateConfirmation: { confirmationId: string, challenge: string, expiresAt: string } };

export type ApprovalStatusSubscriptionVariables = Exact<{
  id: string;
}>;


export type ApprovalStatusSubscription = { confirmationStatusChanged: { status: string } };

export type MyDevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyDevicesQuery = { myDevices: Array<{ id: string, deviceName: string, deviceType: string, trustLevel: string, lastUsedAt: string | null, createdAt: string }> };

export type DeleteDeviceMutationVariables = Exact<{
  id: string;
}>;


export type DeleteDeviceMutation = { deleteDevice: { success: boolean } };

export type InboxItemFragment = { id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, createdAt: string };

export type InboxPageQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type InboxPageQuery = { myNotifications: { currentPage: number, totalItems: number, unreadCount: number, items: Array<{ id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, createdAt: string }> } };

export type InboxUnreadQueryVariables = Exact<{ [key: string]: never; }>;


export type InboxUnreadQuery = { myNotifications: { unreadCount: number } };

export type InboxChangesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type InboxChangesSubscription = { inboxChanged: { unreadCount: number, notification: { id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, createdAt: string } | null } };

export type MarkReadMutationVariables = Exact<{
  id: string | number;
}>;


export type MarkReadMutation = { markNotificationRead: { id: string, message: string, targetLink: string | null, targetText: string | null, unread: boolean, createdAt: string } };

export type MarkAllReadMutationVariables = Exact<{ [key: string]: never; }>;


export type MarkAllReadMutation = { markAllNotificationsRead: { message: string } };

export type MyPasskeysQueryVariables = Exact<{ [key: string]: never; }>;


export type MyPasskeysQuery = { myPasskeys: Array<{ id: string, name: string, createdAt: string, lastUsedAt: string | null, backedUp: boolean, deviceType: string }> };

export type RenamePasskeyMutationVariables = Exact<{
  id: string;
  name: string;
}>;


export type RenamePasskeyMutation = { renamePasskey: { id: string } };

export type DeletePasskeyMutationVariables = Exact<{
  id: string;
}>;


export type DeletePasskeyMutation = { deletePasskey: { success: boolean } };

export type MySecurityEventsQueryVariables = Exact<{
  page?: PageInput | null | undefined;
}>;


export type MySecurityEventsQuery = { mySecurityEvents: { currentPage: number, totalPages: number, items: Array<{ id: string, action: string, result: string, errorCode: string | null, ipAddress: string | null, userAgent: string | null, createdAt: string }> } };

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
export const InboxItemFragmentDoc = new TypedDocumentString(`
    fragment InboxItem on Notification {
  id
  message
  targetLink
  targetText
  unread
  createdAt
}
    `, {"fragmentName":"InboxItem"}) as unknown as TypedDocumentString<InboxItemFragment, unknown>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    email
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const InitiateApprovalDocument = new TypedDocumentString(`
    mutation InitiateApproval($payload: JSON!) {
  initiateConfirmation(actionType: "document_approval", actionPayload: $payload) {
    confirmationId
    challenge
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<InitiateApprovalMutation, InitiateApprovalMutationVariables>;
export const ApprovalStatusDocument = new TypedDocumentString(`
    subscription ApprovalStatus($id: String!) {
  confirmationStatusChanged(confirmationId: $id) {
    status
  }
}
    `) as unknown as TypedDocumentString<ApprovalStatusSubscription, ApprovalStatusSubscriptionVariables>;
export const MyDevicesDocument = new TypedDocumentString(`
    query MyDevices {
  myDevices {
    id
    deviceName
    deviceType
    trustLevel
    lastUsedAt
    createdAt
  }
}
    `) as unknown as TypedDocumentString<MyDevicesQuery, MyDevicesQueryVariables>;
export const DeleteDeviceDocument = new TypedDocumentString(`
    mutation DeleteDevice($id: String!) {
  deleteDevice(deviceId: $id) {
    success
  }
}
    `) as unknown as TypedDocumentString<DeleteDeviceMutation, DeleteDeviceMutationVariables>;
export const InboxPageDocument = new TypedDocumentString(`
    query InboxPage($page: Int, $limit: Int) {
  myNotifications(page: $page, limit: $limit) {
    currentPage
    totalItems
    unreadCount
    items {
      ...InboxItem
    }
  }
}
    fragment InboxItem on Notification {
  id
  message
  targetLink
  targetText
  unread
  createdAt
}`) as unknown as TypedDocumentString<InboxPageQuery, InboxPageQueryVariables>;
export const InboxUnreadDocument = new TypedDocumentString(`
    query InboxUnread {
  myNotifications(limit: 1) {
    unreadCount
  }
}
    `) as unknown as TypedDocumentString<InboxUnreadQuery, InboxUnreadQueryVariables>;
export const InboxChangesDocument = new TypedDocumentString(`
    subscription InboxChanges {
  inboxChanged {
    unreadCount
    notification {
      ...InboxItem
    }
  }
}
    fragment InboxItem on Notification {
  id
  message
  targetLink
  targetText
  unread
  createdAt
}`) as unknown as TypedDocumentString<InboxChangesSubscription, InboxChangesSubscriptionVariables>;
export const MarkReadDocument = new TypedDocumentString(`
    mutation MarkRead($id: ID!) {
  markNotificationRead(id: $id) {
    ...InboxItem
  }
}
    fragment InboxItem on Notification {
  id
  message
  targetLink
  targetText
  unread
  createdAt
}`) as unknown as TypedDocumentString<MarkReadMutation, MarkReadMutationVariables>;
export const MarkAllReadDocument = new TypedDocumentString(`
    mutation MarkAllRead {
  markAllNotificationsRead {
    message
  }
}
    `) as unknown as TypedDocumentString<MarkAllReadMutation, MarkAllReadMutationVariables>;
export const MyPasskeysDocument = new TypedDocumentString(`
    query MyPasskeys {
  myPasskeys {
    id
    name
    createdAt
    lastUsedAt
    backedUp
    deviceType
  }
}
    `) as unknown as TypedDocumentString<MyPasskeysQuery, MyPasskeysQueryVariables>;
export const RenamePasskeyDocument = new TypedDocumentString(`
    mutation RenamePasskey($id: String!, $name: String!) {
  renamePasskey(id: $id, name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<RenamePasskeyMutation, RenamePasskeyMutationVariables>;
export const DeletePasskeyDocument = new TypedDocumentString(`
    mutation DeletePasskey($id: String!) {
  deletePasskey(id: $id) {
    success
  }
}
    `) as unknown as TypedDocumentString<DeletePasskeyMutation, DeletePasskeyMutationVariables>;
export const MySecurityEventsDocument = new TypedDocumentString(`
    query MySecurityEvents($page: PageInput) {
  mySecurityEvents(page: $page) {
    currentPage
    totalPages
    items {
      id
      action
      result
      errorCode
      ipAddress
      userAgent
      createdAt
    }
  }
}
    `) as unknown as TypedDocumentString<MySecurityEventsQuery, MySecurityEventsQueryVariables>;