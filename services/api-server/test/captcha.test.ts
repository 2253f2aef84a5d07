/**
 * [ISSUE-27.12] The captcha is readable by a person and not readable by template matching: a matcher that learns
 * each character's path (its exact data, or its sequence of drawing commands) from known captchas reads none of the
 * new ones. The same matcher reads svg-captcha's own images, which shows it is a real attack.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_CHARSET, CAPTCHA_FONT_SIZE, CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH, renderCaptcha } from '../src/lib/captcha.js';
import { captcha, suiteServer } from './helpers.js';

interface Glyph {
  x: number;
  d: string;
  commands: string;
}

/** The filled paths of an image (the characters; the noise curves have fill="none"), left to right. */
function glyphs(svg: string): Glyph[] {
  return [...svg.matchAll(/<path fill="([^"]+)" d="([^"]+)"\/>/g)]
    .filter((m) => m[1] !== 'none')
    .map((m) => {
      // the middle of the glyph's x extent (coordinates come in x y pairs)
      const xs = (m[2].match(/-?[\d.]+/g) ?? []).map(Number).filter((_, i) => i % 2 === 0);
      return { x: (Math.min(...xs) + Math.max(...xs)) / 2, d: m[2], commands: m[2].replace(/[^A-Za-z]/g, '') };
    })
    .sort((a, b) => a.x - b.x);
}

/** The glyph's coordinates relative to its first point, so the same shape drawn elsewhere gives the same numbers. */
function shape(d: string): number[] {
  const nums = (d.match(/-?[\d.]+/g) ?? []).map(Number);
  return nums.map((v, i) => v - nums[i % 2]);
}

/**
 * A template matcher: learns every glyph (its drawing commands and shape) of known captchas, then reads each glyph of
 * a new captcha as the nearest learnt glyph with the same drawing commands. Returns how many captchas it read entirely.
 */
function templateMatcher(train: { text: string; svg: string }[], read: { text: string; svg: string }[]): number {
  const templates = new Map<string, { shape: number[]; ch: string }[]>();
  for (const c of train) {
    glyphs(c.svg).forEach((g, i) => {
      const list = templates.get(g.commands) ?? [];
      list.push({ shape: shape(g.d), ch: c.text[i] });
      templates.set(g.commands, list);
    });
  }
  let solved = 0;
  for (const c of read) {
    const guess = glyphs(c.svg)
      .map((g) => {
        const s = shape(g.d);
        let best = { ch: '?', dist: Infinity };
        for (const t of templates.get(g.commands) ?? []) {
          const dist = t.shape.reduce((sum, v, i) => sum + Math.abs(v - s[i]), 0);
          if (dist < best.dist) best = { ch: t.ch, dist };
        }
        return best.ch;
      })
      .join('');
    if (guess === c.text) solved++;
  }
  return solved;
}

describe('[ISSUE-27.12] captcha', () => {
  test('the template matcher reads svg-captcha 1.4.0 images (the attack is real)', () => {
    const old = () => svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1ilI', width: 120, height: 40 });
    const train = Array.from({ length: 300 }, () => {
      const c = old();
      return { text: c.text.toLowerCase(), svg: c.data };
    });
    const read = Array.from({ length: 50 }, () => {
      const c = old();
      return { text: c.text.toLowerCase(), svg: c.data };
    });
    const solved = templateMatcher(train, read);
    assert.ok(solved >= 45, String(solved));
  });

  test('the same matcher reads at most 2 of 50 of ours (svg-captcha: at least 45), even trained on 300 images', () => {
    const train = Array.from({ length: 300 }, () => renderCaptcha());
    const read = Array.from({ length: 50 }, () => renderCaptcha());
    // The drawing is random: a rare image whose four glyphs all land near a trained shape is a chance, not a template
    // match (a clean-clone run read 1 of 50 once); the figure that matters is the distance from svg-captcha's 45+.
    const solved = templateMatcher(train, read);
    assert.ok(solved <= 2, String(solved));
  });

  test('the same character drawn 50 times gives 50 different path data and almost always a new command sequence', () => {
    const paths = Array.from({ length: 50 }, () => glyphs(renderCaptcha('aaaa').svg)[0]);
    assert.equal(new Set(paths.map((g) => g.d)).size, 50);
    assert.ok(new Set(paths.map((g) => g.commands)).size >= 40);
  });

  test('readable: 4 lower-case characters without confusables, 150×50 (3:1, the shape the forms show it in), 38 px font', () => {
    assert.equal(CAPTCHA_LENGTH, 4);
    for (const ch of '0o1li2z5s9gqvIOZS') assert.equal(CAPTCHA_CHARSET.includes(ch), false, ch);
    assert.deepEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT, CAPTCHA_FONT_SIZE], [150, 50, 38]);
    for (let i = 0; i < 20; i++) {
      const c = renderCaptcha();
      assert.match(c.text, new RegExp(`^[${CAPTCHA_CHARSET}]{4}$`));
      assert.match(c.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="150" height="50" viewBox="0,0,150,50">/);
      assert.equal(glyphs(c.svg).length, 4);
      // every glyph lies inside the image (a rotated ascender may graze the top edge by a pixel or two)
      for (const g of glyphs(c.svg)) {
        const nums = g.d.match(/-?[\d.]+/g)!.map(Number);
        nums.forEach((v, j) => assert.ok(j % 2 ? v >= -3 && v <= 53 : v >= 0 && v <= 150, `${j % 2 ? 'y' : 'x'} ${v}`));
      }
    }
  });

  describe('over HTTP', () => {
    const s = suiteServer();

    test('/captchaImage keeps its shape: base64 SVG in img, the answer is the 4 drawn characters', async () => {
      const c = await captcha(s.app);
      assert.match(c.uuid, /^[0-9a-f]{32}$/);
      const svg = Buffer.from(c.img, 'base64').toString('utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="150" height="50"/);
      assert.match(c.answer, new RegExp(`^[${CAPTCHA_CHARSET}]{4}$`));
      assert.equal(glyphs(svg).length, 4);
    });
  });
});
