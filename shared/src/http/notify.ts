import { notification, message, Modal } from 'antd';
import { ERROR_NOTIFICATION_MS } from '../constants';

/**
 * The one place that shows notices, so tests and non-React callers share one look.
 * antd's static methods render into their own root; they work without a provider.
 */
export const notify = {
  error(text: string, key?: string) {
    notification.error({ title: '错误', description: text, duration: ERROR_NOTIFICATION_MS / 1000, key });
  },
  info(text: string, opts: { key?: string; duration?: number } = {}) {
    notification.info({ title: '提示', description: text, key: opts.key, duration: opts.duration ?? ERROR_NOTIFICATION_MS / 1000 });
  },
  success(text: string) {
    message.success(text);
  },
  close(key: string) {
    notification.destroy(key);
  },
  confirm: Modal.confirm,
};
