/**
 * The antd parts notices need, in a module of their own that notify.ts loads on first use. Named imports
 * (not `import('antd')` itself) keep antd's shared-dependency tree shaking possible.
 */
export { notification, message, Modal } from 'antd';
