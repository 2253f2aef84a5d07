/// <reference path="./assets.d.ts" />
/** @site/ui: UI parts, hooks and helpers bundled into each app that uses them (never shared by federation). */
export * from './utils/text';
export * from './utils/format';
export * from './utils/url';
export * from './utils/wechat';
export { default as DOMPurify } from 'dompurify';
export { sanitizeHtml } from './utils/sanitize';
export { SafeHtml } from './components/SafeHtml';
export * from './utils/page-title';
export * from './auth/redirect';
export { EmptyState } from './components/EmptyState';
export { TextPlaceholder } from './components/TextPlaceholder';
export { PageLinks, pageWindow, type PageLinksProps } from './components/PageLinks';
export { ResultMessage } from './components/Result';
export { useAsync, type AsyncState } from './hooks/useAsync';
export { useCountdown, SMS_RESEND_SECONDS } from './hooks/useCountdown';
export { usePageParam, parsePage } from './hooks/usePageParam';
