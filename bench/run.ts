/**
 * Entry of `npm run bench`. Libraries that read NODE_ENV when they load (graphql-js keeps development-only
 * checks otherwise) must see production, as a deployment would, so it is set before anything is imported.
 */
process.env.NODE_ENV = 'production';
await import('./runner.js');
