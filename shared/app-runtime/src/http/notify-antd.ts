/**
 * The antd parts notices need, in a module of their own that notify.ts loads on first use. Named imports
 * through @site/antd-kit (the one shared copy of antd; never antd itself).
 */
export { notification, message, Modal } from '@site/antd-kit';
