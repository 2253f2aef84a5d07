// Stylesheets are injected by style-loader at build time and mocked in jest.
declare module '*.css';
