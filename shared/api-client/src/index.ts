/** @site/api-client: one typed function per API call, bundled into each app (its own version per build). */
export * from './content';
export * from './account';
export * from './system';
export * from './upload';
export * from './people';
export * from './channels';
export * from './monitor';
