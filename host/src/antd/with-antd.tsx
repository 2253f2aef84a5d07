import type { ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** Starts loading the antd provider chunk (idempotent: the bundler caches the import). */
export const loadAntdProvider = () => import('./AntdProvider');

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
