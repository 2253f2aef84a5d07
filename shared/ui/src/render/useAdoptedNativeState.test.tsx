import { act, useRef, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useAdoptedNativeState } from './useAdoptedNativeState';

/** An HTML-first disclosure as the site's controls are built: the app's state drives `open` and `aria-expanded`. */
function Disclosure({ initiallyOpen, adopted }: { initiallyOpen: boolean; adopted: (open: boolean) => void }) {
  const [open, setOpen] = useState(initiallyOpen);
  const details = useRef<HTMLDetailsElement>(null);
  useAdoptedNativeState(
    details,
    (d) => d.open,
    open,
    (native) => {
      adopted(native);
      setOpen(native);
    },
  );
  return (
    <details ref={details} open={open} onToggle={(e) => setOpen(e.currentTarget.open)} suppressHydrationWarning>
      <summary aria-expanded={open}>如何申请产品试用？</summary>
      <p>请在联系我们页面留言。</p>
    </details>
  );
}

const containers: HTMLElement[] = [];
afterEach(() => containers.splice(0).forEach((c) => c.remove()));

/** The page's HTML as the renderer wrote it, the visitor's toggle (unheard: no script runs yet), then hydration. */
async function hydrateAfter(initiallyOpen: boolean, visitorSets: boolean | null) {
  const adopted = jest.fn();
  const container = document.createElement('div');
  containers.push(container);
  container.innerHTML = renderToString(<Disclosure initiallyOpen={initiallyOpen} adopted={adopted} />);
  document.body.append(container);
  const details = container.querySelector('details')!;
  if (visitorSets !== null && visitorSets !== details.open) {
    const toggled = new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
    details.open = visitorSets;
    await toggled;
  }
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Disclosure initiallyOpen={initiallyOpen} adopted={adopted} />);
  });
  const expanded = () => container.querySelector('summary')!.getAttribute('aria-expanded');
  return { details, expanded, adopted, root: root! };
}

describe('useAdoptedNativeState: a control takes over the state its native element reached before hydration', () => {
  it('[issue 38.4] a <details> the visitor opened before the app ran stays open, and the app says so', async () => {
    const { details, expanded, adopted, root } = await hydrateAfter(false, true);
    expect(adopted).toHaveBeenCalledWith(true);
    expect(details.open).toBe(true);
    expect(expanded()).toBe('true');
    // The app's own toggle now starts from open: a press closes it (the browser tells of it in a task of its own).
    await act(async () => {
      const toggled = new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
      details.querySelector('summary')!.click();
      await toggled;
    });
    expect(details.open).toBe(false);
    expect(expanded()).toBe('false');
    act(() => root.unmount());
  });

  it('[issue 38.4] a <details> rendered open that the visitor closed before the app ran stays closed', async () => {
    const { details, expanded, adopted, root } = await hydrateAfter(true, false);
    expect(adopted).toHaveBeenCalledWith(false);
    expect(details.open).toBe(false);
    expect(expanded()).toBe('false');
    act(() => root.unmount());
  });

  it('[issue 38.4] an untouched <details> stays as rendered, closed or open, and nothing is adopted', async () => {
    for (const rendered of [false, true]) {
      const { details, expanded, adopted, root } = await hydrateAfter(rendered, null);
      expect(adopted).not.toHaveBeenCalled();
      expect(details.open).toBe(rendered);
      expect(expanded()).toBe(String(rendered));
      act(() => root.unmount());
    }
  });

  it('[issue 38.4] a control the browser renders itself adopts nothing', async () => {
    const adopted = jest.fn();
    const container = document.createElement('div');
    containers.push(container);
    const root = createRoot(container);
    await act(async () => root.render(<Disclosure initiallyOpen={false} adopted={adopted} />));
    expect(adopted).not.toHaveBeenCalled();
    expect(container.querySelector('details')!.open).toBe(false);
    act(() => root.unmount());
  });
});
