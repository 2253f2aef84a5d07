/**
 * @site/contract: the API contract between the front end and @site/api-server (request and answer types) and the
 * business constants both sides use. No dependencies, no React: the server imports it too.
 */
export * from './constants';
export * from './text';
export * from './permissions';
export type * from './api/common';
export type * from './api/account';
export type * from './api/articles';
export type * from './api/audit';
export type * from './api/blocks';
export type * from './api/bus';
export type * from './api/channels';
export type * from './api/content';
export type * from './api/customers';
/** The limits of a customer's company and products (values beside the types). */
export { CUSTOMER_NAME_MAX, CUSTOMER_PRODUCTS_MAX, CUSTOMER_VERSION_MAX } from './api/customers';
export type * from './api/dev';
/** Field figures: types, limits, buckets and bands. */
export * from './api/field';
export type * from './api/messages';
export type * from './api/notices';
export type * from './api/render';
/** The render lease's default length (a standby takes over within 5 s). */
export { DEFAULT_RENDER_LEASE_MS, RENDER_READS_PATH } from './api/render';
export type * from './api/roles';
export type * from './api/system';
export type * from './api/users';
export type * from './api/visits';
export type * from './api/workbench';
export type * from './render';
