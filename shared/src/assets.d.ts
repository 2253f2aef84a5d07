/** Stylesheets are bundled by webpack's style-loader; they export nothing. */
declare module '*.css';
