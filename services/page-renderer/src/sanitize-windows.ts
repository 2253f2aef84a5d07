import { JSDOM } from 'jsdom';

/**
 * DOMPurify sanitises article HTML with a jsdom window, as it does with the page's in the browser (@site/ui); each
 * render is given it with the API's origin (its settings). A fresh one now and then: a jsdom window keeps listeners
 * for every document it parsed.
 */
const WINDOW_PAGES = 50;
export class SanitizeWindows {
  private window: { close(): void } | null = null;
  private uses = 0;
  current(): object {
    if (!this.window || this.uses++ % WINDOW_PAGES === 0) {
      this.window?.close();
      this.window = new JSDOM('').window as unknown as { close(): void };
    }
    return this.window;
  }
  close(): void {
    this.window?.close();
    this.window = null;
  }
}
