import type { ModalFuncProps } from '@site/antd-kit';
import { ERROR_NOTIFICATION_MS } from '@site/contract';
import { WAIT_TITLE } from './messages';

type Antd = typeof import('./notify-antd');

/**
 * antd is loaded on the first notice, not with @site/app-runtime: the public shell paints without antd, and a page
 * that never shows a notice never pays for its notification/message/modal code.
 * Calls run in the order they were made (close after info must not overtake it).
 */
let antd: Promise<Antd> | null = null;
let queue: Promise<unknown> = Promise.resolve();
function withAntd(run: (a: Antd) => void): void {
  // The page renderer (Node) has no screen: a failed load there fails the render instead.
  if (typeof window === 'undefined') return;
  antd ??= import('./notify-antd');
  queue = queue
    .then(() => antd!)
    .then(run)
    .catch((e) => {
      console.error('[notify] could not show a notice', e);
    });
}

/** What Modal.confirm returns, usable before antd has arrived. */
export interface ConfirmHandle {
  destroy(): void;
  update(config: ModalFuncProps): void;
}

/**
 * The one place that shows notices, so tests and non-React callers share one look.
 * antd's static methods render into their own root; they work without a provider.
 */
export const notify = {
  error(text: string, key?: string) {
    withAntd((a) => a.notification.error({ title: '错误', description: text, duration: ERROR_NOTIFICATION_MS / 1000, key }));
  },
  /** A wait the server asked for (429): a warning titled 请稍候, with the server's text that says how long. */
  wait(text: string) {
    withAntd((a) => a.notification.warning({ title: WAIT_TITLE, description: text, duration: ERROR_NOTIFICATION_MS / 1000 }));
  },
  info(text: string, opts: { key?: string; duration?: number } = {}) {
    withAntd((a) =>
      a.notification.info({ title: '提示', description: text, key: opts.key, duration: opts.duration ?? ERROR_NOTIFICATION_MS / 1000 }),
    );
  },
  success(text: string) {
    withAntd((a) => void a.message.success(text));
  },
  close(key: string) {
    withAntd((a) => a.notification.destroy(key));
  },
  confirm(config: ModalFuncProps): ConfirmHandle {
    let real: ReturnType<Antd['Modal']['confirm']> | null = null;
    let pending: ModalFuncProps | null = null;
    let destroyed = false;
    withAntd((a) => {
      if (destroyed) return;
      real = a.Modal.confirm(pending ? { ...config, ...pending } : config);
    });
    return {
      destroy() {
        destroyed = true;
        real?.destroy();
      },
      update(next) {
        if (real) real.update(next);
        else pending = { ...pending, ...next };
      },
    };
  },
};
