// jsdom lacks these; antd needs them.
if (typeof window !== 'undefined') {
  window.matchMedia =
    window.matchMedia ||
    function matchMedia(query) {
      return {
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent() {
          return false;
        },
      };
    };
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.scrollTo = window.scrollTo || function () {};
}
const { TextEncoder, TextDecoder } = require('util');
global.TextEncoder = global.TextEncoder || TextEncoder;
global.TextDecoder = global.TextDecoder || TextDecoder;
// jsdom has no MessageChannel; antd's form uses one for a macrotask. A timer-based stand-in is enough
// (and, unlike Node's, it works with jest's fake timers and does not keep the process alive).
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      const port = () => ({ onmessage: null, postMessage: undefined, close() {}, start() {} });
      this.port1 = port();
      this.port2 = port();
      this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage && this.port2.onmessage({ data }), 0);
      this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage && this.port1.onmessage({ data }), 0);
    }
  };
}
