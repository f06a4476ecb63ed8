/* global document, window, URL, React, ReactDOM, GraphiQL */
// The GraphQL explorer (GraphiQL from the project's own dependencies). Queries and mutations go to /graphql
// over HTTP, subscriptions over graphql-ws on the same path; the Headers tab's values are sent with both (on
// the socket as its connection's init payload), so `{ "authorization": "Bearer <accessToken>" }` works for all.
const endpoint = new URL('/graphql', window.location.href);
const fetcher = GraphiQL.createFetcher({
  url: endpoint.href,
  subscriptionUrl: endpoint.href.replace(/^http/, 'ws'),
});

const defaultQuery = `# Sign in, then copy the accessToken into the Headers tab below as
# { "authorization": "Bearer <accessToken>" }
# and run the other operations. The Docs button lists everything the graph offers.
mutation SignIn {
  login(email: "demo@example.com", password: "demo-password-2026") {
    accessToken
    accessTokenExpiresAt
  }
}

query Me {
  me {
    email
    permissions
    employee { name department { name } }
  }
}
`;

ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, {
    fetcher,
    defaultQuery,
    defaultEditorToolsVisibility: 'headers',
    // Tokens stay in this page's memory, never in localStorage.
    shouldPersistHeaders: false,
  }),
);
