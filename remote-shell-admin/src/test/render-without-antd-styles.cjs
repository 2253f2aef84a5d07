/**
 * @testing-library/react as the tests import it (jest.config.cjs maps the name here), with every render wrapped in
 * antd's StyleProvider in its server mode: antd's style engine then puts none of its component style sheets into
 * jsdom. Why: with a few hundred antd rules in the document, every accessibility query (getByRole and the like asks
 * jsdom's getComputedStyle for each candidate and its ancestors) matched each rule with nwsapi, and that was most of
 * this package's test time (CustomerTable.test.tsx about 60 s). jsdom lays nothing out, so the rules decided nothing
 * but `display: none`/`visibility: hidden`; what antd hides from the accessibility tree it hides with attributes and
 * inline styles (aria-hidden, hidden, style="display: none"), which stay.
 */
const path = require('path');
const React = require('react');

// The real module, by its entry file (the bare name is mapped to this file).
const real = require('@testing-library/react/dist/index.js');
// antd's own copy of its style engine: the StyleProvider must be the instance antd's components read.
const antd = require.resolve('antd', { paths: [path.dirname(require.resolve('@site/antd-kit/package.json'))] });
const { StyleProvider } = require(require.resolve('@ant-design/cssinjs', { paths: [antd] }));

function withoutStyles(Inner) {
  return function NoAntdStyles({ children }) {
    const tree = Inner ? React.createElement(Inner, null, children) : children;
    return React.createElement(StyleProvider, { mock: 'server' }, tree);
  };
}

function render(ui, options = {}) {
  return real.render(ui, { ...options, wrapper: withoutStyles(options.wrapper) });
}

module.exports = { ...real, render };
