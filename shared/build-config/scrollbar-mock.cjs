/**
 * rc-component's scrollbar measurement for jsdom. jsdom has no layout, so the real one measures 0 there too; but it
 * first calls getComputedStyle on the target, which in jsdom matches every injected antd rule against it (2.8 s of a
 * 10 s 站点监控 test, on every Table, Modal and Drawer render). The answer is the same, without that cost.
 */
function getScrollBarSize() {
  return 0;
}
module.exports = {
  __esModule: true,
  default: getScrollBarSize,
  getTargetScrollBarSize: () => ({ width: 0, height: 0 }),
};
