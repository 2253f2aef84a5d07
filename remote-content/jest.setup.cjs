// jsdom has no MessageChannel; antd's TextArea schedules its resize through one. A timer-based stand-in is enough.
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      const make = () => ({ onmessage: null, postMessage: undefined, close() {}, start() {}, addEventListener() {}, removeEventListener() {} });
      this.port1 = make();
      this.port2 = make();
      this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage && this.port2.onmessage({ data }));
      this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage && this.port1.onmessage({ data }));
    }
  };
}

// antd's first render in jsdom is slow on a busy machine: give findBy*/waitFor more than the default 1 s.
// (@testing-library/dom, not /react: importing /react here, before the test framework, would lose its auto-cleanup.)
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
