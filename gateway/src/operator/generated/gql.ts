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
    "\n        mutation CreateUser($input: CreateUserInput!) {\n          createUser(input: $input) {\n            id\n            email\n          }\n        }\n      ": typeof types.CreateUserDocument,
    "\n        mutation DisableUser($id: Int!) {\n          disableUser(id: $id) {\n            id\n            email\n            status\n          }\n        }\n      ": typeof types.DisableUserDocument,
    "\n        mutation IssueServiceToken($name: String!, $ttl: Int) {\n          issueServiceToken(serviceName: $name, ttlDays: $ttl)\n        }\n      ": typeof types.IssueServiceTokenDocument,
    "\n    mutation SeedDepartment($input: CreateDepartmentInput!) {\n      createDepartment(input: $input) {\n        id\n      }\n    }\n  ": typeof types.SeedDepartmentDocument,
    "\n    mutation SeedEmployee($input: CreateEmployeeInput!) {\n      createEmployee(input: $input) {\n        id\n      }\n    }\n  ": typeof types.SeedEmployeeDocument,
    "\n    mutation SeedUser($input: CreateUserInput!) {\n      createUser(input: $input) {\n        id\n      }\n    }\n  ": typeof types.SeedUserDocument,
    "\n    mutation SeedTask($input: CreateTaskInput!) {\n      createTask(input: $input) {\n        id\n        uniqueCode\n      }\n    }\n  ": typeof types.SeedTaskDocument,
    "\n    mutation SeedComment($code: String!, $input: AddCommentInput!) {\n      addTaskComment(uniqueCode: $code, input: $input) {\n        id\n      }\n    }\n  ": typeof types.SeedCommentDocument,
    "\n    mutation SeedLike($code: String!, $id: String!) {\n      toggleTaskCommentReaction(uniqueCode: $code, commentId: $id, type: \"like\") {\n        likes\n      }\n    }\n  ": typeof types.SeedLikeDocument,
    "\n    mutation SeedServiceToken {\n      issueServiceToken(serviceName: \"demo-seed\", ttlDays: 1)\n    }\n  ": typeof types.SeedServiceTokenDocument,
    "\n    mutation SeedNotifications($inputs: [CreateNotificationInput!]!) {\n      createNotifications(inputs: $inputs) {\n        message\n      }\n    }\n  ": typeof types.SeedNotificationsDocument,
    "\n        mutation SeedCustomer {\n          createCustomer(input: { name: \"Northwind Steel\" }) {\n            id\n          }\n        }\n      ": typeof types.SeedCustomerDocument,
    "\n        mutation SeedProject($input: CreateProjectInput!) {\n          createProject(input: $input) {\n            id\n            uniqueCode\n          }\n        }\n      ": typeof types.SeedProjectDocument,
    "\n    mutation SeedTaskStatus($code: String!, $status: String!) {\n      updateTaskStatus(uniqueCode: $code, status: $status) {\n        id\n      }\n    }\n  ": typeof types.SeedTaskStatusDocument,
    "\n      mutation SeedTaskEndDate($code: String!) {\n        updateTask(uniqueCode: $code, input: { endDate: \"2026-12-23\" }) {\n          id\n        }\n      }\n    ": typeof types.SeedTaskEndDateDocument,
    "\n  mutation RevokeServiceToken($id: ID!) {\n    revokeServiceToken(id: $id)\n  }\n": typeof types.RevokeServiceTokenDocument,
    "\n        mutation OperatorLogin($email: String!, $password: String!) {\n          login(email: $email, password: $password) {\n            accessToken\n          }\n        }\n      ": typeof types.OperatorLoginDocument,
};
const documents: Documents = {
    "\n        mutation CreateUser($input: CreateUserInput!) {\n          createUser(input: $input) {\n            id\n            email\n          }\n        }\n      ": types.CreateUserDocument,
    "\n        mutation DisableUser($id: Int!) {\n          disableUser(id: $id) {\n            id\n            email\n            status\n          }\n        }\n      ": types.DisableUserDocument,
    "\n        mutation IssueServiceToken($name: String!, $ttl: Int) {\n          issueServiceToken(serviceName: $name, ttlDays: $ttl)\n        }\n      ": types.IssueServiceTokenDocument,
    "\n    mutation SeedDepartment($input: CreateDepartmentInput!) {\n      createDepartment(input: $input) {\n        id\n      }\n    }\n  ": types.SeedDepartmentDocument,
    "\n    mutation SeedEmployee($input: CreateEmployeeInput!) {\n      createEmployee(input: $input) {\n        id\n      }\n    }\n  ": types.SeedEmployeeDocument,
    "\n    mutation SeedUser($input: CreateUserInput!) {\n      createUser(input: $input) {\n        id\n      }\n    }\n  ": types.SeedUserDocument,
    "\n    mutation SeedTask($input: CreateTaskInput!) {\n      createTask(input: $input) {\n        id\n        uniqueCode\n      }\n    }\n  ": types.SeedTaskDocument,
    "\n    mutation SeedComment($code: String!, $input: AddCommentInput!) {\n      addTaskComment(uniqueCode: $code, input: $input) {\n        id\n      }\n    }\n  ": types.SeedCommentDocument,
    "\n    mutation SeedLike($code: String!, $id: String!) {\n      toggleTaskCommentReaction(uniqueCode: $code, commentId: $id, type: \"like\") {\n        likes\n      }\n    }\n  ": types.SeedLikeDocument,
    "\n    mutation SeedServiceToken {\n      issueServiceToken(serviceName: \"demo-seed\", ttlDays: 1)\n    }\n  ": types.SeedServiceTokenDocument,
    "\n    mutation SeedNotifications($inputs: [CreateNotificationInput!]!) {\n      createNotifications(inputs: $inputs) {\n        message\n      }\n    }\n  ": types.SeedNotificationsDocument,
    "\n        mutation SeedCustomer {\n          createCustomer(input: { name: \"Northwind Steel\" }) {\n            id\n          }\n        }\n      ": types.SeedCustomerDocument,
    "\n        mutation SeedProject($input: CreateProjectInput!) {\n          createProject(input: $input) {\n            id\n            uniqueCode\n          }\n        }\n      ": types.SeedProjectDocument,
    "\n    mutation SeedTaskStatus($code: String!, $status: String!) {\n      updateTaskStatus(uniqueCode: $code, status: $status) {\n        id\n      }\n    }\n  ": types.SeedTaskStatusDocument,
    "\n      mutation SeedTaskEndDate($code: String!) {\n        updateTask(uniqueCode: $code, input: { endDate: \"2026-12-23\" }) {\n          id\n        }\n      }\n    ": types.SeedTaskEndDateDocument,
    "\n  mutation RevokeServiceToken($id: ID!) {\n    revokeServiceToken(id: $id)\n  }\n": types.RevokeServiceTokenDocument,
    "\n        mutation OperatorLogin($email: String!, $password: String!) {\n          login(email: $email, password: $password) {\n            accessToken\n          }\n        }\n      ": types.OperatorLoginDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        mutation CreateUser($input: CreateUserInput!) {\n          createUser(input: $input) {\n            id\n            email\n          }\n        }\n      "): typeof import('./graphql.js').CreateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        mutation DisableUser($id: Int!) {\n          disableUser(id: $id) {\n            id\n            email\n            status\n          }\n        }\n      "): typeof import('./graphql.js').DisableUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        mutation IssueServiceToken($name: String!, $ttl: Int) {\n          issueServiceToken(serviceName: $name, ttlDays: $ttl)\n        }\n      "): typeof import('./graphql.js').IssueServiceTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedDepartment($input: CreateDepartmentInput!) {\n      createDepartment(input: $input) {\n        id\n      }\n    }\n  "): typeof import('./graphql.js').SeedDepartmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedEmployee($input: CreateEmployeeInput!) {\n      createEmployee(input: $input) {\n        id\n      }\n    }\n  "): typeof import('./graphql.js').SeedEmployeeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedUser($input: CreateUserInput!) {\n      createUser(input: $input) {\n        id\n      }\n    }\n  "): typeof import('./graphql.js').SeedUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedTask($input: CreateTaskInput!) {\n      createTask(input: $input) {\n        id\n        uniqueCode\n      }\n    }\n  "): typeof import('./graphql.js').SeedTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedComment($code: String!, $input: AddCommentInput!) {\n      addTaskComment(uniqueCode: $code, input: $input) {\n        id\n      }\n    }\n  "): typeof import('./graphql.js').SeedCommentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedLike($code: String!, $id: String!) {\n      toggleTaskCommentReaction(uniqueCode: $code, commentId: $id, type: \"like\") {\n        likes\n      }\n    }\n  "): typeof import('./graphql.js').SeedLikeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedServiceToken {\n      issueServiceToken(serviceName: \"demo-seed\", ttlDays: 1)\n    }\n  "): typeof import('./graphql.js').SeedServiceTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedNotifications($inputs: [CreateNotificationInput!]!) {\n      createNotifications(inputs: $inputs) {\n        message\n      }\n    }\n  "): typeof import('./graphql.js').SeedNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        mutation SeedCustomer {\n          createCustomer(input: { name: \"Northwind Steel\" }) {\n            id\n          }\n        }\n      "): typeof import('./graphql.js').SeedCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        mutation SeedProject($input: CreateProjectInput!) {\n          createProject(input: $input) {\n            id\n            uniqueCode\n          }\n        }\n      "): typeof import('./graphql.js').SeedProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SeedTaskStatus($code: String!, $status: String!) {\n      updateTaskStatus(uniqueCode: $code, status: $status) {\n        id\n      }\n    }\n  "): typeof import('./graphql.js').SeedTaskStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      mutation SeedTaskEndDate($code: String!) {\n        updateTask(uniqueCode: $code, input: { endDate: \"2026-12-23\" }) {\n          id\n        }\n      }\n    "): typeof import('./graphql.js').SeedTaskEndDateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeServiceToken($id: ID!) {\n    revokeServiceToken(id: $id)\n  }\n"): typeof import('./graphql.js').RevokeServiceTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        mutation OperatorLogin($email: String!, $password: String!) {\n          login(email: $email, password: $password) {\n            accessToken\n          }\n        }\n      "): typeof import('./graphql.js').OperatorLoginDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
