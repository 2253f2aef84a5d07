/** Stylesheets are bundled by style-loader; they export nothing. */
declare module '*.css';
