import type { ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * dayjs in Chinese for antd's pickers (the account and admin pages). With the provider, not on every page: a public
 * page draws no picker, and a page module that formats dates sets the same itself (@site/ui's format).
 */
const chineseDates = () =>
  Promise.all([import('dayjs'), import('dayjs/locale/zh-cn')]).then(([{ default: dayjs }]) => {
    dayjs.locale('zh-cn');
  });

/** Starts loading the antd provider chunk and dayjs's Chinese (idempotent: the bundler caches the imports). */
export const loadAntdProvider = () => Promise.all([import('./AntdProvider'), chineseDates()]).then(([provider]) => provider);

/**
 * For React.lazy: loads a module and the antd provider in parallel (no waterfall) and wraps the module's
 * component in the provider, so antd texts are Chinese wherever antd renders.
 */
export function withAntd<P extends object>(load: Loader<P>): Loader<P> {
  return () =>
    Promise.all([load(), loadAntdProvider()]).then(([mod, provider]) => {
      const Inner = mod.default;
      const Provider = provider.default;
      function WithAntd(props: P) {
        return (
          <Provider>
            <Inner {...props} />
          </Provider>
        );
      }
      return { default: WithAntd };
    });
}
