/**
 * Product screens drawn as SVG (800 × 450, the 16:9 cover/list/detail slots): an application window with a
 * menu, four indicator cards, a main chart (risk map, curves, bars, one-line diagram, …) and a side list, all
 * with the Chinese labels of the product. Also simple drawn scenes for news covers. Deterministic: the same
 * spec always gives the same bytes (the numbers come from a PRNG seeded by the title).
 */
import { FONT } from './media.js';

export type Tone = 'ok' | 'warn' | 'bad' | 'info';
export type MainKind = 'map' | 'line' | 'bars' | 'topology' | 'steps' | 'gantt' | 'feeder' | 'wave' | 'heat' | 'forecast';
export type Region = 'kpi' | 'main' | 'side' | 'menu';
export type SceneKind = 'conference' | 'policy' | 'award' | 'grid' | 'lab' | 'shield' | 'city';

export interface ScreenSpec {
  app: string;
  menu: string[];
  active?: number;
  kpis: [string, string, Tone][];
  main: MainKind;
  mainTitle: string;
  side: 'alarms' | 'table' | 'donut';
  sideTitle: string;
  rows: [string, string, Tone][];
}

export const W = 800;
export const H = 450;
const TONE: Record<Tone, string> = { ok: '#52c41a', warn: '#fa8c16', bad: '#f5222d', info: '#1677ff' };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Rectangles of the regions (x, y, w, h), for highlights in the tutorial videos. */
export const REGIONS: Record<Region, [number, number, number, number]> = {
  menu: [0, 36, 128, 414],
  kpi: [138, 46, 654, 62],
  main: [138, 116, 404, 326],
  side: [550, 116, 242, 326],
};

function prng(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const text = (x: number, y: number, s: string, size: number, fill: string, extra = '') =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${esc(s)}</text>`;

/** Fits a label into about `max` em (CJK = 1, other = 0.55). */
function fit(s: string, max: number) {
  let w = 0;
  let out = '';
  for (const ch of s) {
    w += ch.charCodeAt(0) > 0xff ? 1 : 0.55;
    if (w > max) return `${out}…`;
    out += ch;
  }
  return out;
}

function mainChart(spec: ScreenSpec, rnd: () => number, x: number, y: number, w: number, h: number): string {
  const o: string[] = [];
  const axis = () => {
    for (let i = 0; i <= 4; i++) o.push(`<line x1="${x}" y1="${y + (h * i) / 4}" x2="${x + w}" y2="${y + (h * i) / 4}" stroke="#edf0f5"/>`);
  };
  const series = (n: number, base: number, amp: number, phase: number) =>
    Array.from({ length: n }, (_, i) => base + amp * Math.sin(i / 3 + phase) + (rnd() - 0.5) * amp * 0.6);
  const poly = (vals: number[], color: string, dash = '', total = vals.length) => {
    const pts = vals.map((v, i) => `${(x + (w * i) / (total - 1)).toFixed(1)},${(y + h - v * h).toFixed(1)}`).join(' ');
    return `<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
  };
  switch (spec.main) {
    case 'map': {
      // a province outline with substations as dots coloured by risk, lines between them
      const pts: [number, number][] = [];
      for (let i = 0; i < 14; i++) pts.push([x + 30 + rnd() * (w - 60), y + 20 + rnd() * (h - 40)]);
      o.push(
        `<path d="M${x + 20} ${y + 60} Q${x + 90} ${y} ${x + 200} ${y + 18} T${x + w - 20} ${y + 50} L${x + w - 40} ${y + h - 40} Q${x + 250} ${y + h + 6} ${x + 60} ${y + h - 30} Z" fill="#eef5ff" stroke="#9bbcf0"/>`,
      );
      for (let i = 1; i < pts.length; i++) {
        const j = Math.floor(rnd() * i);
        o.push(
          `<line x1="${pts[i][0].toFixed(0)}" y1="${pts[i][1].toFixed(0)}" x2="${pts[j][0].toFixed(0)}" y2="${pts[j][1].toFixed(0)}" stroke="#7a9cc6" stroke-width="1.5"/>`,
        );
      }
      pts.forEach(([px, py], i) => {
        const tone: Tone = i === 0 ? 'bad' : i < 4 ? 'warn' : i < 6 ? 'info' : 'ok';
        o.push(`<circle cx="${px.toFixed(0)}" cy="${py.toFixed(0)}" r="${i === 0 ? 9 : 6}" fill="${TONE[tone]}" stroke="#fff" stroke-width="2"/>`);
        if (i === 0) o.push(`<circle cx="${px.toFixed(0)}" cy="${py.toFixed(0)}" r="16" fill="none" stroke="${TONE.bad}" stroke-opacity=".5"/>`);
      });
      o.push(text(x + 6, y + h - 6, '● 红  ● 橙  ● 蓝  ● 正常', 10, '#666'));
      break;
    }
    case 'line':
    case 'forecast': {
      axis();
      const a = series(40, 0.55, 0.18, rnd() * 3);
      const b = a.map((v) => Math.min(0.95, Math.max(0.05, v + (rnd() - 0.5) * 0.12)));
      if (spec.main === 'line') {
        o.push(`<line x1="${x}" y1="${y + h * 0.18}" x2="${x + w}" y2="${y + h * 0.18}" stroke="${TONE.bad}" stroke-dasharray="6 4"/>`);
        o.push(text(x + w - 40, y + h * 0.18 - 4, '限额', 10, TONE.bad));
        o.push(poly(a, '#1677ff'), poly(series(40, 0.3, 0.08, rnd() * 3), '#13c2c2'));
      } else {
        o.push(`<rect x="${x + w * 0.62}" y="${y}" width="${w * 0.38}" height="${h}" fill="#f6f9ff"/>`);
        o.push(poly(a, '#1677ff', '5 3'), poly(b.slice(0, 25), '#52c41a', '', b.length));
        o.push(text(x + w * 0.64, y + 14, '预测区间', 10, '#1677ff'));
      }
      break;
    }
    case 'bars': {
      axis();
      const names = ['一', '二', '三', '四', '五', '六', '七', '八'];
      const bw = w / names.length;
      names.forEach((n, i) => {
        const v = 0.25 + rnd() * 0.65;
        o.push(
          `<rect x="${(x + i * bw + bw * 0.22).toFixed(1)}" y="${(y + h - 14 - v * (h - 20)).toFixed(1)}" width="${(bw * 0.56).toFixed(1)}" height="${(v * (h - 20)).toFixed(1)}" rx="2" fill="${v > 0.8 ? TONE.warn : '#4e8cf7'}"/>`,
        );
        o.push(text(x + i * bw + bw * 0.3, y + h - 1, `${n}部`, 10, '#888'));
      });
      break;
    }
    case 'heat': {
      const cols = 10;
      const rowsN = 6;
      const cw = w / cols;
      const ch = (h - 16) / rowsN;
      for (let r = 0; r < rowsN; r++)
        for (let c = 0; c < cols; c++) {
          const v = rnd();
          const color = v > 0.95 ? TONE.bad : v > 0.85 ? TONE.warn : v > 0.5 ? '#95de64' : '#d9f7be';
          o.push(
            `<rect x="${(x + c * cw + 2).toFixed(1)}" y="${(y + r * ch + 2).toFixed(1)}" width="${(cw - 4).toFixed(1)}" height="${(ch - 4).toFixed(1)}" rx="3" fill="${color}"/>`,
          );
        }
      o.push(text(x, y + h - 2, '■ 正常  ■ 注意  ■ 异常', 10, '#666'));
      break;
    }
    case 'topology':
    case 'feeder': {
      // a bus with feeders / a one-line diagram with switches
      const busY = y + 40;
      o.push(`<line x1="${x + 20}" y1="${busY}" x2="${x + w - 20}" y2="${busY}" stroke="#333" stroke-width="4"/>`);
      const n = spec.main === 'feeder' ? 1 : 4;
      for (let i = 0; i < n; i++) {
        const fx = spec.main === 'feeder' ? x + 40 : x + 60 + (i * (w - 120)) / (n - 1);
        if (spec.main === 'feeder') {
          o.push(`<line x1="${fx}" y1="${busY}" x2="${fx}" y2="${y + h / 2}" stroke="#333" stroke-width="2"/>`);
          o.push(`<line x1="${fx}" y1="${y + h / 2}" x2="${x + w - 20}" y2="${y + h / 2}" stroke="#333" stroke-width="2"/>`);
          for (let k = 0; k < 6; k++) {
            const sx = fx + 30 + k * ((w - 90) / 6);
            const tone = k === 3 ? TONE.bad : k === 2 || k === 4 ? TONE.warn : '#333';
            o.push(
              `<rect x="${sx}" y="${y + h / 2 - 8}" width="16" height="16" fill="${k === 2 || k === 4 ? '#fff' : tone}" stroke="${tone}" stroke-width="2"/>`,
            );
            o.push(`<line x1="${sx + 8}" y1="${y + h / 2}" x2="${sx + 8}" y2="${y + h / 2 + 60 + (k % 2) * 30}" stroke="#999" stroke-width="1.5"/>`);
            o.push(`<circle cx="${sx + 8}" cy="${y + h / 2 + 66 + (k % 2) * 30}" r="6" fill="#fff" stroke="#999"/>`);
          }
          const sx = fx + 30 + 2 * ((w - 90) / 6) + 16;
          o.push(
            `<rect x="${sx}" y="${y + h / 2 - 20}" width="${(w - 90) / 3 - 16}" height="40" fill="${TONE.bad}" fill-opacity=".12" stroke="${TONE.bad}" stroke-dasharray="4 3"/>`,
          );
          o.push(text(sx + 6, y + h / 2 - 26, '故障区段', 11, TONE.bad));
        } else {
          o.push(`<line x1="${fx}" y1="${busY}" x2="${fx}" y2="${y + h - 40}" stroke="#333" stroke-width="2"/>`);
          o.push(`<rect x="${fx - 9}" y="${busY + 40}" width="18" height="18" fill="${i === 2 ? TONE.bad : '#333'}"/>`);
          o.push(`<circle cx="${fx}" cy="${busY + 110}" r="5" fill="#fff" stroke="#333" stroke-width="2"/>`);
          o.push(`<circle cx="${fx}" cy="${y + h - 40}" r="14" fill="#fff" stroke="#1677ff" stroke-width="2"/>`);
          o.push(text(fx - 14, y + h - 12, `${101 + i}`, 11, '#555'));
        }
      }
      break;
    }
    case 'steps': {
      const steps = ['发现', '整改', '验收', '销号'];
      steps.forEach((s, i) => {
        const cx = x + 50 + (i * (w - 100)) / 3;
        const cy = y + h * 0.4;
        if (i < 3) o.push(`<line x1="${cx + 26}" y1="${cy}" x2="${cx + (w - 100) / 3 - 26}" y2="${cy}" stroke="#bbb" stroke-width="3"/>`);
        o.push(`<circle cx="${cx}" cy="${cy}" r="24" fill="${i < 2 ? '#1677ff' : '#fff'}" stroke="#1677ff" stroke-width="3"/>`);
        o.push(text(cx - 12, cy + 5, s, 12, i < 2 ? '#fff' : '#1677ff'));
        o.push(text(cx - 20, cy + 50, `${[64, 21, 9, 532][i]} 项`, 12, '#555'));
      });
      break;
    }
    case 'gantt': {
      for (let r = 0; r < 7; r++) {
        const sx = x + 80 + rnd() * (w - 200);
        const bw = 40 + rnd() * 90;
        const tone = r === 1 ? TONE.bad : r === 3 || r === 5 ? TONE.warn : '#4e8cf7';
        o.push(text(x, y + 24 + r * 42, `检修 ${r + 1}`, 11, '#555'));
        o.push(`<rect x="${sx.toFixed(0)}" y="${y + 10 + r * 42}" width="${bw.toFixed(0)}" height="20" rx="3" fill="${tone}"/>`);
      }
      for (let d = 0; d < 7; d++)
        o.push(`<line x1="${x + 80 + (d * (w - 80)) / 7}" y1="${y}" x2="${x + 80 + (d * (w - 80)) / 7}" y2="${y + h}" stroke="#edf0f5"/>`);
      break;
    }
    case 'wave': {
      axis();
      const wave = (amp: number, phase: number, jump: number, color: string) => {
        const pts: string[] = [];
        for (let i = 0; i <= 200; i++) {
          const t = i / 200;
          const a = t > 0.45 ? amp * jump : amp;
          pts.push(`${(x + w * t).toFixed(1)},${(y + h / 2 - a * Math.sin(t * 40 + phase) * (h / 2 - 10)).toFixed(1)}`);
        }
        return `<polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="1.5"/>`;
      };
      o.push(wave(0.3, 0, 1, '#fadb14'), wave(0.3, 2.1, 1, '#52c41a'), wave(0.3, 4.2, 0.2, TONE.bad), wave(0.02, 0, 35, '#722ed1'));
      o.push(`<line x1="${x + w * 0.45}" y1="${y}" x2="${x + w * 0.45}" y2="${y + h}" stroke="${TONE.bad}" stroke-dasharray="4 3"/>`);
      o.push(text(x + w * 0.45 + 4, y + 12, '故障时刻', 10, TONE.bad));
      break;
    }
  }
  return o.join('');
}

function sidePanel(spec: ScreenSpec, x: number, y: number, w: number): string {
  const o: string[] = [];
  if (spec.side === 'donut') {
    const total = spec.rows.reduce((s, r) => s + Number(r[1].replace(/[^\d.]/g, '')), 0) || 1;
    let a = -Math.PI / 2;
    const cx = x + w / 2;
    const cy = y + 90;
    for (const [, v, tone] of spec.rows) {
      const da = (Number(v.replace(/[^\d.]/g, '')) / total) * Math.PI * 2;
      const large = da > Math.PI ? 1 : 0;
      const p = (ang: number, r: number) => `${(cx + r * Math.cos(ang)).toFixed(1)},${(cy + r * Math.sin(ang)).toFixed(1)}`;
      o.push(
        `<path d="M${p(a, 70)} A70 70 0 ${large} 1 ${p(a + da, 70)} L${p(a + da, 42)} A42 42 0 ${large} 0 ${p(a, 42)} Z" fill="${TONE[tone]}"/>`,
      );
      a += da;
    }
    spec.rows.forEach(([k, v, tone], i) => {
      o.push(`<rect x="${x + 12}" y="${y + 184 + i * 26}" width="10" height="10" fill="${TONE[tone]}"/>`);
      o.push(text(x + 28, y + 193 + i * 26, k, 12, '#333'), text(x + w - 60, y + 193 + i * 26, v, 12, '#333'));
    });
    return o.join('');
  }
  spec.rows.forEach(([k, v, tone], i) => {
    const ry = y + i * 52;
    if (spec.side === 'alarms') {
      o.push(`<rect x="${x + 6}" y="${ry}" width="${w - 12}" height="44" rx="4" fill="${TONE[tone]}" fill-opacity=".08"/>`);
      o.push(`<rect x="${x + 6}" y="${ry}" width="4" height="44" fill="${TONE[tone]}"/>`);
      o.push(text(x + 16, ry + 18, fit(k, 14.5), 11, '#222'));
      o.push(`<rect x="${x + 16}" y="${ry + 25}" width="${v.length * 12 + 10}" height="15" rx="3" fill="${TONE[tone]}"/>`);
      o.push(text(x + 21, ry + 36, v, 10, '#fff'));
    } else {
      o.push(`<line x1="${x + 6}" y1="${ry + 36}" x2="${x + w - 6}" y2="${ry + 36}" stroke="#f0f0f0"/>`);
      o.push(text(x + 10, ry + 24, fit(k, 11), 12, '#333'));
      o.push(text(x + w - 76, ry + 24, v, 12, TONE[tone], ' font-weight="700"'));
    }
  });
  return o.join('');
}

/** An application screen of a product. */
export function screenSvg(spec: ScreenSpec): string {
  const rnd = prng(spec.app + spec.mainTitle);
  const active = spec.active ?? 0;
  const o: string[] = [];
  o.push(`<rect width="${W}" height="${H}" fill="#f0f2f5"/>`);
  // top bar
  o.push(`<rect width="${W}" height="36" fill="#0b2a5b"/>`);
  o.push(`<path d="M16 8 L10 20 H16 L13 29 L23 15 H17 Z" fill="#36cfc9"/>`);
  o.push(text(32, 24, spec.app, 14, '#fff', ' font-weight="700"'));
  o.push(`<circle cx="${W - 30}" cy="18" r="10" fill="#1677ff"/>`, text(W - 35, 22, '值', 10, '#fff'));
  o.push(text(W - 130, 23, '值班员 · 张工', 11, '#c9d6ea'));
  // menu
  o.push(`<rect y="36" width="128" height="${H - 36}" fill="#001529"/>`);
  spec.menu.forEach((m, i) => {
    if (i === active) o.push(`<rect y="${48 + i * 38}" width="128" height="32" fill="#1677ff"/>`);
    o.push(text(18, 69 + i * 38, m, 13, i === active ? '#fff' : '#a6b3c6'));
  });
  // kpis
  const kw = 654 / 4;
  spec.kpis.forEach(([label, value, tone], i) => {
    const kx = 138 + i * kw;
    o.push(`<rect x="${kx}" y="46" width="${kw - 10}" height="62" rx="6" fill="#fff"/>`);
    o.push(`<rect x="${kx}" y="46" width="4" height="62" fill="${TONE[tone]}"/>`);
    o.push(text(kx + 14, 68, label, 11, '#888'));
    o.push(text(kx + 14, 96, value, 20, TONE[tone] === TONE.ok ? '#222' : TONE[tone], ' font-weight="700"'));
  });
  // main and side panels
  const [mx, my, mw, mh] = REGIONS.main;
  const [sx, sy, sw, sh] = REGIONS.side;
  o.push(`<rect x="${mx}" y="${my}" width="${mw}" height="${mh}" rx="6" fill="#fff"/>`);
  o.push(text(mx + 12, my + 22, fit(spec.mainTitle, 30), 13, '#222', ' font-weight="700"'));
  o.push(mainChart(spec, rnd, mx + 14, my + 36, mw - 28, mh - 50));
  o.push(`<rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" rx="6" fill="#fff"/>`);
  o.push(text(sx + 12, sy + 22, spec.sideTitle, 13, '#222', ' font-weight="700"'));
  o.push(sidePanel(spec, sx, sy + 36, sw));
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(spec.app)}：${esc(spec.mainTitle)}" font-family="${FONT}">
${o.join('\n')}
</svg>`;
}

/** A drawn scene for a news cover (no title text: the list shows the title beside it). */
export function sceneSvg(kind: SceneKind, label: string, hue: number): string {
  const bg = `hsl(${hue},45%,94%)`;
  const fg = `hsl(${hue},60%,38%)`;
  const o: string[] = [`<rect width="${W}" height="${H}" fill="${bg}"/>`];
  switch (kind) {
    case 'conference':
      o.push(`<rect x="120" y="60" width="560" height="230" rx="8" fill="#0b2a5b"/>`);
      o.push(`<path d="M390 110 L366 160 H390 L378 200 L420 140 H396 Z" fill="#36cfc9"/>`);
      o.push(text(260, 250, label, 30, '#fff', ' font-weight="700"'));
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 12; c++)
          o.push(`<circle cx="${90 + c * 56 + (r % 2) * 28}" cy="${335 + r * 40}" r="15" fill="${fg}" fill-opacity="${0.5 + r * 0.2}"/>`);
      break;
    case 'award':
      o.push(`<rect x="250" y="60" width="300" height="330" rx="6" fill="#fff" stroke="#d4a017" stroke-width="8"/>`);
      o.push(`<circle cx="400" cy="170" r="62" fill="#fadb14" stroke="#d4a017" stroke-width="6"/>`);
      o.push(`<path d="M400 130 L412 160 L444 162 L419 182 L428 214 L400 196 L372 214 L381 182 L356 162 L388 160 Z" fill="#fff"/>`);
      o.push(text(400 - label.length * 11, 290, label, 22, '#8c6d00', ' font-weight="700"'));
      o.push(`<rect x="300" y="320" width="200" height="8" fill="#f0e2a8"/><rect x="330" y="340" width="140" height="8" fill="#f0e2a8"/>`);
      break;
    case 'policy':
    case 'shield':
      o.push(`<rect x="180" y="50" width="300" height="360" rx="6" fill="#fff" stroke="#ccc"/>`);
      o.push(`<rect x="210" y="80" width="240" height="14" fill="${TONE.bad}" fill-opacity=".8"/>`);
      for (let i = 0; i < 11; i++) o.push(`<rect x="210" y="${120 + i * 24}" width="${240 - (i % 3) * 40}" height="8" fill="#e3e6ec"/>`);
      if (kind === 'shield')
        o.push(
          `<path d="M580 120 L660 160 V240 Q660 320 580 360 Q500 320 500 240 V160 Z" fill="${fg}"/><path d="M545 240 L572 268 L620 210" stroke="#fff" stroke-width="12" fill="none"/>`,
        );
      else
        o.push(
          `<circle cx="600" cy="260" r="90" fill="${fg}" fill-opacity=".15"/><path d="M560 260 L590 290 L645 225" stroke="${fg}" stroke-width="14" fill="none"/>`,
        );
      o.push(text(520, 420, label, 20, fg, ' font-weight="700"'));
      break;
    case 'grid':
      o.push(`<rect y="330" width="${W}" height="120" fill="hsl(${hue},35%,86%)"/>`);
      for (let i = 0; i < 4; i++) {
        const x = 100 + i * 200;
        o.push(
          `<path d="M${x} 120 L${x - 40} 330 M${x} 120 L${x + 40} 330 M${x - 50} 160 H${x + 50} M${x - 35} 220 H${x + 35}" stroke="${fg}" stroke-width="5" fill="none"/>`,
        );
        if (i < 3) o.push(`<path d="M${x + 50} 160 Q${x + 100} 200 ${x + 150} 160" stroke="${fg}" stroke-width="2" fill="none"/>`);
      }
      for (let i = 0; i < 5; i++)
        o.push(`<rect x="${60 + i * 150}" y="350" width="90" height="46" fill="#1d39c4" transform="skewX(-20)" opacity=".8"/>`);
      o.push(`<circle cx="700" cy="70" r="36" fill="#fadb14"/>`);
      o.push(text(40, 430, label, 22, fg, ' font-weight="700"'));
      break;
    case 'lab':
      o.push(`<rect x="90" y="90" width="620" height="260" rx="10" fill="#fff"/>`);
      o.push(`<rect x="120" y="120" width="260" height="160" rx="6" fill="#0b2a5b"/>`);
      o.push(`<polyline points="135,250 175,210 215,230 255,170 295,190 355,140" stroke="#36cfc9" stroke-width="4" fill="none"/>`);
      for (let i = 0; i < 3; i++)
        o.push(
          `<circle cx="${460 + i * 80}" cy="190" r="28" fill="${fg}" fill-opacity="${0.4 + i * 0.2}"/><rect x="${436 + i * 80}" y="226" width="48" height="60" rx="20" fill="${fg}" fill-opacity="${0.4 + i * 0.2}"/>`,
        );
      o.push(text(120, 320, label, 24, fg, ' font-weight="700"'));
      break;
    case 'city':
      for (let i = 0; i < 12; i++) {
        const h = 80 + ((i * 53) % 170);
        o.push(`<rect x="${20 + i * 65}" y="${360 - h}" width="55" height="${h}" fill="${fg}" fill-opacity="${0.35 + (i % 3) * 0.2}"/>`);
        for (let k = 0; k < h / 30 - 1; k++)
          o.push(`<rect x="${30 + i * 65}" y="${370 - h + k * 30}" width="35" height="10" fill="#fff" fill-opacity=".5"/>`);
      }
      o.push(`<rect y="360" width="${W}" height="90" fill="hsl(${hue},30%,84%)"/>`);
      o.push(text(40, 420, label, 24, fg, ' font-weight="700"'));
      break;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" font-family="${FONT}">
${o.join('\n')}
</svg>`;
}
