/**
 * antd's DatePicker alone, the module behind the kit's `LazyDatePicker`: webpack makes it a chunk of its own, loaded
 * the first time a picker is drawn. It comes from the same antd copy as the rest of the kit, so it sees the page's
 * `ConfigProvider` (zh_CN, the site's theme).
 */
export { DatePicker as default } from 'antd';
