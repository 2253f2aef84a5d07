/** The shared business constants (channel ids, block ids, ...): the single source of truth lives in @site/shared. */
export * from '../../shared/src/constants.js';
