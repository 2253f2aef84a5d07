/**
 * @site/contract: the API contract between the front end and @site/api-server (request and answer types) and the
 * business constants both sides use. No dependencies, no React: the server imports it too.
 */
export * from './constants';
export type * from './api/content';
export type * from './render';
