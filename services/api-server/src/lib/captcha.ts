import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { captcha } from '../db/schema.js';
import { BizError } from './errors.js';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/**
 * What the image shows. Lower case only (the answer is case-insensitive, so c/C, x/X are one character), and none of
 * the characters a person confuses once distorted: 0/o, 1/l/i, 2/z, 5/s, 9/g/q, u/v.
 */
export const CAPTCHA_CHARSET = '34678abcdefhjkmnprtuwxy';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;
export const CAPTCHA_FONT_SIZE = 38;

/** The part of svg-captcha's loaded opentype.js font this module uses (its typings declare `options` without `font`). */
interface PathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface GlyphFont {
  unitsPerEm: number;
  charToGlyph(ch: string): { advanceWidth?: number; getPath(x: number, y: number, size: number): { commands: PathCommand[] } };
}
let font: GlyphFont | undefined;

/**
 * The font, read on the first captcha drawn rather than at import: svg-captcha parses its own default font when
 * loaded, then this one (about 0.1 CPU-s together), which every process that imports the server paid before, most
 * of them never drawing a captcha. A production server pays it once, on its first captcha.
 */
function glyphFont(): GlyphFont {
  if (!font) {
    // require, not import(): renderCaptcha stays synchronous for its callers.
    const svgCaptcha = createRequire(import.meta.url)('svg-captcha') as typeof import('svg-captcha');
    // DejaVu Sans Mono Bold (free licence, fonts/DejaVu-LICENSE.txt) instead of svg-captcha's hollow, hand-drawn
    // default font that people misread: thick, plain strokes stay legible once rotated and skewed.
    svgCaptcha.loadFont(fileURLToPath(new URL('../../fonts/DejaVuSansMono-Bold.ttf', import.meta.url)));
    font = (svgCaptcha.options as { font?: GlyphFont }).font as GlyphFont;
  }
  return font;
}

type Point = [number, number];
type Matrix = [number, number, number, number, number, number];

const rnd = (min: number, max: number): number => min + Math.random() * (max - min);
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const n = (v: number): string => String(Math.round(v * 10) / 10);

/** x' = a·x + c·y + e, y' = b·x + d·y + f (SVG matrix order). */
function apply(m: Matrix, p: Point): Point {
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

/** Scale, then skew along x, then rotate, then move to (tx, ty): one random transform per glyph. */
function glyphMatrix(tx: number, ty: number): Matrix {
  const s = rnd(0.9, 1.08);
  const k = Math.tan(rnd(-0.25, 0.25));
  const r = rnd(-0.3, 0.3);
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  // R · K · S where K = [[1, k], [0, 1]], S = s·I
  return [cos * s, sin * s, (cos * k - sin) * s, (sin * k + cos) * s, tx, ty];
}

/**
 * A Bézier segment (its start, control points and end; a line is one of degree 1) cut in two at `t` by de Casteljau's
 * construction: the two halves, each with the same number of points, the first half's end the second's start.
 */
function splitAt(points: Point[], t: number): [Point[], Point[]] {
  const first = [points[0]];
  const second = [points[points.length - 1]];
  for (let level = points; level.length > 1;) {
    const prev = level;
    level = prev.slice(1).map((p, i) => lerp(prev[i], p, t));
    first.push(level[0]);
    second.unshift(level[level.length - 1]);
  }
  return [first, second];
}

/**
 * One glyph's outline as path data: every point goes through the glyph's random transform, and about a third of the
 * segments are split in two at a random point (same shape, different commands), so the same character never gives
 * the same path data nor the same sequence of commands.
 */
function glyphPath(ch: string, m: Matrix): string {
  const font = glyphFont();
  const scale = CAPTCHA_FONT_SIZE / font.unitsPerEm;
  // baseline about half an x-height below the centre, so lower-case letters sit in the middle of the image
  const glyph = font.charToGlyph(ch);
  const width = (glyph.advanceWidth ?? 0) * scale;
  const out: string[] = [];
  let cur: Point = [0, 0];
  let start: Point = [0, 0];
  const pt = (x = 0, y = 0): Point => apply(m, [x, y]);
  for (const c of glyph.getPath(-width / 2, CAPTCHA_FONT_SIZE * 0.27, CAPTCHA_FONT_SIZE).commands) {
    const split = Math.random() < 0.35;
    const t = rnd(0.3, 0.7);
    if (c.type === 'M') {
      cur = start = pt(c.x, c.y);
      out.push(`M${n(cur[0])} ${n(cur[1])}`);
    } else if (c.type === 'Z') {
      out.push('Z');
      cur = start;
    } else {
      const controls = c.type === 'L' ? [] : c.type === 'Q' ? [pt(c.x1, c.y1)] : [pt(c.x1, c.y1), pt(c.x2, c.y2)];
      const points = [cur, ...controls, pt(c.x, c.y)];
      for (const part of split ? splitAt(points, t) : [points])
        out.push(
          c.type +
            part
              .slice(1)
              .map((p) => `${n(p[0])} ${n(p[1])}`)
              .join(' '),
        );
      cur = points[points.length - 1];
    }
  }
  return out.join('');
}

/** A dark colour of random hue: strong contrast on the light background whatever the hue. */
const inkColor = (): string => `hsl(${Math.floor(rnd(0, 360))},${Math.floor(rnd(55, 75))}%,${Math.floor(rnd(22, 36))}%)`;

/** A curve across the whole image through the text band, thinner than the glyph strokes so it does not hide them. */
function noiseCurve(): string {
  const y = (): number => rnd(CAPTCHA_HEIGHT * 0.25, CAPTCHA_HEIGHT * 0.75);
  const d =
    `M${n(rnd(0, 12))} ${n(y())}` +
    `C${n(rnd(30, 70))} ${n(rnd(0, CAPTCHA_HEIGHT))} ${n(rnd(90, 130))} ${n(rnd(0, CAPTCHA_HEIGHT))} ` +
    `${n(rnd(CAPTCHA_WIDTH - 12, CAPTCHA_WIDTH))} ${n(y())}`;
  return `<path d="${d}" stroke="${inkColor()}" stroke-width="${n(rnd(1.2, 1.8))}" fill="none"/>`;
}

/**
 * Renders a captcha: svg-captcha's font, drawn glyph by glyph with a random rotation, skew, scale and baseline per
 * glyph and randomly split segments, plus three crossing curves; elements in random order.
 */
export function renderCaptcha(text?: string): { text: string; svg: string } {
  const answer = text ?? Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_CHARSET[crypto.randomInt(CAPTCHA_CHARSET.length)]).join('');
  const spacing = (CAPTCHA_WIDTH - 16) / answer.length;
  const parts = [...answer].map((ch, i) => {
    const m = glyphMatrix(8 + spacing * (i + 0.5) + rnd(-3, 3), CAPTCHA_HEIGHT / 2 + rnd(-3, 3));
    return `<path fill="${inkColor()}" d="${glyphPath(ch, m)}"/>`;
  });
  for (let i = 0; i < 3; i++) parts.push(noiseCurve());
  for (let i = parts.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" ` +
    `viewBox="0,0,${CAPTCHA_WIDTH},${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="#f4f7fb"/>${parts.join('')}</svg>`;
  return { text: answer, svg };
}

export async function createCaptcha(db: Db): Promise<{ uuid: string; img: string }> {
  const c = renderCaptcha();
  const uuid = crypto.randomUUID().replace(/-/g, '');
  await db.insert(captcha).values({ uuid, answer: c.text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  // Occasional clean-up of old captchas.
  if (Math.random() < 0.05) await db.execute(sql`DELETE FROM captcha WHERE expires_at < now() - interval '1 day'`);
  return { uuid, img: Buffer.from(c.svg, 'utf8').toString('base64') };
}

/**
 * Checks and consumes a captcha (single use: consumed whether the answer is right or wrong).
 * Throws BizError 验证码已失效 (unknown, used or expired) or 验证码错误.
 */
export async function verifyCaptcha(db: Db, uuid: string | undefined, code: string | undefined): Promise<void> {
  if (!uuid || !code) throw new BizError('验证码已失效');
  const [row] = await rows<{ answer: string }>(
    db,
    sql`UPDATE captcha SET used = true WHERE uuid = ${uuid} AND used = false AND expires_at > now() RETURNING answer`,
  );
  if (!row) throw new BizError('验证码已失效');
  if (row.answer !== code.trim().toLowerCase()) throw new BizError('验证码错误');
}

export async function peekCaptcha(db: Db, uuid: string): Promise<string | null> {
  const [row] = await db
    .select({ answer: captcha.answer })
    .from(captcha)
    .where(and(eq(captcha.uuid, uuid), eq(captcha.used, false), gt(captcha.expiresAt, sql`now()`)))
    .limit(1);
  return row?.answer ?? null;
}
