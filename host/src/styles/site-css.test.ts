import fs from 'fs';
import path from 'path';
import { DESIGN_WIDTH, ROOT_FONT_SIZE } from '@site/contract';

describe('site.css', () => {
  it('[CONST-2] the root font size is ROOT_FONT_SIZE px from DESIGN_WIDTH px, width / DESIGN_WIDTH * ROOT_FONT_SIZE below', () => {
    const css = fs.readFileSync(path.join(__dirname, 'site.css'), 'utf8').replace(/\/\*[^]*?\*\//g, '');
    const rule = /(?:^|\n)html\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule.trim()).toBe(`font-size: min(${ROOT_FONT_SIZE}px, calc(100vw * ${ROOT_FONT_SIZE} / ${DESIGN_WIDTH}));`);
  });
});
