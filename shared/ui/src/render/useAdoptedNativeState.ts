import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The hydration seam of an HTML-first control (a `<details>`, a checkbox): a rendered page works as HTML before its
 * scripts arrive, so the visitor may open, close or tick the native element while no one listens (its events fire
 * unheard). When the app takes the element over, its state is what the visitor left, not what the app rendered.
 *
 * Call this in the control with the element's ref, how to read its state, and the state the app rendered: once, when
 * the element is first committed (the hydration of a rendered page, before the browser paints again), a native state
 * that differs from the rendered one is handed to `adopt`, which makes it the app's (set it, never flip it: the late
 * event, if the element dispatches one after React listens, reports the same change). A page the browser renders
 * itself meets an element in the rendered state, and nothing is adopted. The element should carry
 * `suppressHydrationWarning`: its attribute may differ from the HTML, on purpose.
 */
export function useAdoptedNativeState<E extends Element, S>(
  ref: RefObject<E | null>,
  read: (element: E) => S,
  rendered: S,
  adopt: (native: S, element: E) => void,
): void {
  // The values of the first commit: what the app rendered at hydration is what the native state is compared with.
  const first = useRef({ read, rendered, adopt });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { read: readNative, rendered: renderedState, adopt: adoptNative } = first.current;
    const native = readNative(element);
    if (!Object.is(native, renderedState)) adoptNative(native, element);
  }, [ref]);
}
