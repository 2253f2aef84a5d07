/**
 * Generates the committed seed media under services/api-server/assets (run once at development time, not at start):
 *   - videos/<slug>.mp4 (+ .webm, + .jpg poster): the tutorial videos of seed-data/articles/videos.json, 854×480,
 *     10 fps, H.264 (and VP9): the product's screens with a moving pointer, a highlight and a typed caption;
 *   - docs/<file>.pdf: the PDFs of seed-data/articles/documents.json, A4, several pages, printed by Chromium from HTML
 *     (the Noto Sans CJK subset it uses is embedded);
 *   - images/<name>.webp: the seed's pictures (src/seed/pictures.ts), each drawing rasterised by Chromium at its own size;
 *   - media.json: each file's byte size, and the duration (ffprobe) or page count (pdfinfo) the seed states.
 *
 * Needs (Debian): apt-get install -y chromium ffmpeg fonts-noto-cjk poppler-utils
 * Run:  cd services/api-server && pnpm make-media            (or: node --import tsx tools/make-media.ts [--only slug|file|pictures])
 *       (the pictures need Chromium and fonts-noto-cjk only)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { COMPANY_NAME } from '@site/contract';
import { docDefs, productDefs, videoDefs, type VideoScene } from '../src/seed/data.js';
import { media } from '../src/seed/content.js';
import { ASSETS_DIR, type AssetInfo } from '../src/seed/media.js';
import { drawPicture, isPicture, PICTURE_QUALITY } from '../src/seed/pictures.js';
import { H, REGIONS, screenSvg, W } from '../src/seed/screens.js';

/** The little of the DOM the functions sent to the page use (the server's tsconfig has no DOM lib). */
interface PageElement {
  style: Record<string, string>;
  textContent: string | null;
  innerHTML: string;
  querySelector(selector: string): PageElement | null;
}
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { drawImage(image: unknown, x: number, y: number, w: number, h: number): void } | null;
  toDataURL(type: string, quality: number): string;
}
declare const document: { getElementById(id: string): PageElement | null; createElement(tag: 'canvas'): PageCanvas };
declare const Image: new () => { src: string; decode(): Promise<void> };

const FPS = 10;
const VW = 854;
const VH = 480;
const SCENE_S = 6;
const INTRO_S = 3;
const OUTRO_S = 2.5;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const manifestPath = path.join(ASSETS_DIR, 'media.json');
const manifest: Record<string, AssetInfo> = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};
const CJK = "'WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

// -------------------------------------------------------------------------------------------------
// Videos: every frame is a screenshot of one page whose state is set per frame.
// -------------------------------------------------------------------------------------------------
const videoPage = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;width:${VW}px;height:${VH}px;overflow:hidden;background:#0b2a5b;font-family:${CJK}}
#stage{position:absolute;left:0;top:0;width:${VW}px;height:${VH}px}
.screen{position:absolute;left:27px;top:12px;width:${W}px;height:${H}px;box-shadow:0 4px 18px rgba(0,0,0,.45)}
#hl{position:absolute;border:3px solid #fadb14;border-radius:6px;box-shadow:0 0 0 2000px rgba(0,0,0,.28);display:none}
#ptr{position:absolute;width:22px;height:22px}
#ripple{position:absolute;border:3px solid #fadb14;border-radius:50%;display:none}
#cap{position:absolute;left:0;right:0;bottom:0;height:64px;background:rgba(0,21,41,.92);color:#fff;font-size:22px;line-height:64px;padding:0 24px;white-space:nowrap;overflow:hidden}
#bar{position:absolute;left:0;bottom:0;height:4px;background:#36cfc9}
#step{position:absolute;right:18px;bottom:20px;color:#8fb6e8;font-size:14px}
#card{position:absolute;inset:0;background:linear-gradient(135deg,#0b2a5b,#1677ff);color:#fff;display:none;flex-direction:column;justify-content:center;padding:0 70px}
#card h1{font-size:38px;margin:0 0 16px}#card p{font-size:20px;margin:0;opacity:.85}
</style></head><body><div id="stage"><div id="s0" class="screen"></div><div id="s1" class="screen"></div>
<div id="hl"></div><div id="ripple"></div>
<svg id="ptr" viewBox="0 0 22 22"><path d="M2 2 L2 18 L7 13 L11 21 L14 19.5 L10 12 L17 12 Z" fill="#fff" stroke="#000" stroke-width="1.5"/></svg>
<div id="cap"></div><div id="step"></div><div id="bar"></div>
<div id="card"><h1></h1><p></p></div></div></body></html>`;

interface FrameState {
  card: { title: string; sub: string } | null;
  shot: 0 | 1;
  fade: number;
  hl: [number, number, number, number] | null;
  ptr: [number, number];
  ripple: number;
  caption: string;
  step: string;
  progress: number;
}

const centre = (s: VideoScene): [number, number] => {
  const [x, y, w, h] = REGIONS[s.focus];
  return [27 + x + w * 0.55, 12 + y + h * 0.45];
};
/** A frame of the title card the video opens and ends with: nothing else shows but the progress bar. */
const cardFrame = (title: string, sub: string, progress: number): FrameState => ({
  card: { title, sub },
  shot: 0,
  fade: 0,
  hl: null,
  ptr: [VW / 2, VH / 2],
  ripple: -1,
  caption: '',
  step: '',
  progress,
});
const ease = (t: number) => (t < 0 ? 0 : t > 1 ? 1 : t * t * (3 - 2 * t));

function states(v: (typeof videoDefs)[number]): FrameState[] {
  const p = productDefs[v.product];
  const total = INTRO_S + v.scenes.length * SCENE_S + OUTRO_S;
  const frames: FrameState[] = [];
  const n = Math.round(total * FPS);
  for (let f = 0; f < n; f++) {
    const t = f / FPS;
    const progress = t / total;
    if (t < INTRO_S) {
      frames.push(cardFrame(v.title, `${p.title} ${p.version} · ${COMPANY_NAME}`, progress));
      continue;
    }
    const k = Math.floor((t - INTRO_S) / SCENE_S);
    if (k >= v.scenes.length) {
      frames.push(cardFrame('操作演示完毕', `更多资料请访问文档中心 · 服务热线 400-820-6688`, progress));
      continue;
    }
    const s = v.scenes[k];
    const prev = v.scenes[k - 1];
    const u = t - INTRO_S - k * SCENE_S;
    const from = prev ? centre(prev) : ([VW / 2, VH - 90] as [number, number]);
    const to = centre(s);
    const m = ease(u / 1.2);
    const [x, y, w, h] = REGIONS[s.focus];
    const changing = prev && prev.shot !== s.shot;
    frames.push({
      card: null,
      shot: s.shot === 'screen' ? 0 : 1,
      fade: changing ? ease(u / 0.6) : 1,
      hl: u >= 1.4 ? [27 + x - 3, 12 + y - 3, w + 6, h + 6] : null,
      ptr: [from[0] + (to[0] - from[0]) * m, from[1] + (to[1] - from[1]) * m],
      ripple: u >= 1.2 && u < 1.8 ? (u - 1.2) / 0.6 : -1,
      caption: [...s.caption].slice(0, Math.max(0, Math.floor((u - 0.3) * 14))).join(''),
      step: `${k + 1} / ${v.scenes.length}`,
      progress,
    });
  }
  return frames;
}

async function makeVideo(v: (typeof videoDefs)[number]) {
  const p = productDefs[v.product];
  const page = await browser.newPage({ viewport: { width: VW, height: VH } });
  await page.setContent(videoPage);
  // tsx keeps function names with a __name helper, which the functions sent to the page refer to
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(
    ([a, b]) => {
      document.getElementById('s0')!.innerHTML = a;
      document.getElementById('s1')!.innerHTML = b;
    },
    [screenSvg(p.screen), screenSvg(p.detail)],
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `video-${v.slug}-`));
  const frames = states(v);
  let posterFrame = -1;
  for (let i = 0; i < frames.length; i++) {
    await page.evaluate((st: FrameState) => {
      const $ = (id: string) => document.getElementById(id)!;
      const card = $('card');
      card.style.display = st.card ? 'flex' : 'none';
      if (st.card) {
        card.querySelector('h1')!.textContent = st.card.title;
        card.querySelector('p')!.textContent = st.card.sub;
      }
      $('s0').style.opacity = String(st.shot === 0 ? 1 : 1 - st.fade);
      $('s1').style.opacity = String(st.shot === 1 ? st.fade : 0);
      const hl = $('hl');
      hl.style.display = st.hl ? 'block' : 'none';
      if (st.hl) Object.assign(hl.style, { left: `${st.hl[0]}px`, top: `${st.hl[1]}px`, width: `${st.hl[2]}px`, height: `${st.hl[3]}px` });
      Object.assign($('ptr').style, { left: `${st.ptr[0]}px`, top: `${st.ptr[1]}px`, display: st.card ? 'none' : 'block' });
      const r = $('ripple');
      r.style.display = st.ripple >= 0 ? 'block' : 'none';
      const d = 10 + st.ripple * 50;
      Object.assign(r.style, {
        left: `${st.ptr[0] - d / 2}px`,
        top: `${st.ptr[1] - d / 2}px`,
        width: `${d}px`,
        height: `${d}px`,
        opacity: String(1 - st.ripple),
      });
      $('cap').textContent = st.caption;
      $('cap').style.display = st.card ? 'none' : 'block';
      $('step').textContent = st.step;
      $('bar').style.width = `${st.progress * 100}%`;
    }, frames[i]);
    const file = path.join(dir, `f${String(i).padStart(4, '0')}.png`);
    await page.screenshot({ path: file });
    if (posterFrame < 0 && frames[i].hl && frames[i].caption.length > 12) {
      posterFrame = i;
      await page.screenshot({ path: path.join(ASSETS_DIR, 'videos', `${v.slug}.jpg`), type: 'jpeg', quality: 78 });
    }
  }
  await page.close();
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(dir, 'f%04d.png')];
  const mp4 = path.join(ASSETS_DIR, 'videos', `${v.slug}.mp4`);
  const webm = path.join(ASSETS_DIR, 'videos', `${v.slug}.webm`);
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-preset',
    'veryslow',
    '-tune',
    'animation',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-r',
    String(FPS),
    mp4,
  ]);
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '46',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FPS),
    webm,
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const file of [mp4, webm]) {
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=width,height', '-of', 'json', file], { encoding: 'utf8' }),
    );
    manifest[`videos/${path.basename(file)}`] = {
      bytes: fs.statSync(file).size,
      duration: Math.round(Number(probe.format.duration) * 100) / 100,
      width: probe.streams[0].width,
      height: probe.streams[0].height,
    };
  }
  const jpg = `videos/${v.slug}.jpg`;
  manifest[jpg] = { bytes: fs.statSync(path.join(ASSETS_DIR, jpg)).size, width: VW, height: VH };
  console.log(`${v.slug}: ${frames.length} frames, ${manifest[`videos/${v.slug}.mp4`].duration} s, mp4 ${manifest[`videos/${v.slug}.mp4`].bytes} B`);
}

// -------------------------------------------------------------------------------------------------
// PDFs: printed from HTML by Chromium.
// -------------------------------------------------------------------------------------------------
const pdfCss = `
@page{size:A4;margin:22mm 18mm 20mm}
body{font-family:${CJK};font-size:11pt;line-height:1.75;color:#222}
.cover{height:245mm;display:flex;flex-direction:column;justify-content:center;page-break-after:always}
.cover .kind{color:#1677ff;font-size:14pt;letter-spacing:2px}.cover h1{font-size:26pt;line-height:1.3;margin:10px 0 24px}
.cover .meta{color:#666;font-size:11pt;border-top:2px solid #1677ff;padding-top:14px}
h2{font-size:15pt;color:#0b2a5b;border-bottom:1px solid #d6e4ff;padding-bottom:4px;margin:26px 0 10px;page-break-after:avoid}
h3{font-size:12pt;margin:16px 0 6px}
table{border-collapse:collapse;width:100%;margin:10px 0;font-size:10pt;page-break-inside:avoid}
th,td{border:1px solid #c9d3e0;padding:5px 8px;text-align:left}th{background:#eef4ff}
figure{margin:14px 0;page-break-inside:avoid}figure svg{width:100%;height:auto;border:1px solid #ddd}figure svg text{font-family:${CJK} !important;font-weight:400 !important}
h1,h2,h3,th,strong,b{font-weight:400}
figcaption{font-size:9.5pt;color:#666;text-align:center}
.toc li{margin:4px 0}.toc{page-break-after:always}`;

async function makePdf(d: (typeof docDefs)[number], i: number) {
  const p = d.product === null ? null : productDefs[d.product];
  const shots = p ? [screenSvg(p.screen), screenSvg(p.detail)] : [];
  const chapters = d.chapters.map(([h, html], k) => {
    // a product document shows its screens after the second and fourth chapters
    const shot = p && (k === 1 || k === 3) ? shots[k === 1 ? 0 : 1] : null;
    const fig = shot
      ? `<figure>${shot.replace(/^<\?xml[^>]*>\s*/, '')}<figcaption>图 ${k === 1 ? 1 : 2}\u3000${p!.title}界面</figcaption></figure>`
      : '';
    return `<h2>${h}</h2>${html}${fig}`;
  });
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${d.title}</title><style>${pdfCss}</style></head><body>
<section class="cover"><div class="kind">${d.kind}</div><h1>${d.title}</h1>
<div class="meta">${COMPANY_NAME}<br>文档编号：HDZK-DOC-${String(401 + i)}\u3000适用版本：${p?.version ?? '全部产品'}<br>本文档仅供客户项目实施、运维与使用人员参考</div></section>
<section class="toc"><h2>目录</h2><ol>${d.chapters.map(([h]) => `<li>${h}</li>`).join('')}</ol>
<h3>阅读说明</h3><p>${d.desc}</p><p>如对文档内容有疑问，请拨打服务热线 400-820-6688 或发送邮件至 service@hdzk-tech.com.cn。</p></section>
${chapters.join('\n')}
</body></html>`;
  const page = await browser.newPage();
  await page.setContent(html);
  const file = path.join(ASSETS_DIR, 'docs', d.file);
  await page.pdf({
    path: file,
    format: 'A4',
    displayHeaderFooter: true,
    headerTemplate: `<div style="font-size:8px;width:100%;padding:0 18mm;color:#888;font-family:${CJK.replace(/'/g, '')}">${d.title}</div>`,
    footerTemplate: `<div style="font-size:8px;width:100%;text-align:center;color:#888">— <span class="pageNumber"></span> / <span class="totalPages"></span> —</div>`,
    margin: { top: '22mm', bottom: '20mm', left: '18mm', right: '18mm' },
  });
  await page.close();
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  manifest[`docs/${d.file}`] = { bytes: fs.statSync(file).size, pages };
  console.log(`${d.file}: ${pages} pages, ${manifest[`docs/${d.file}`].bytes} B`);
}

// -------------------------------------------------------------------------------------------------
// Pictures: each drawing shown in an <img>, painted into a canvas at its own size and encoded as WebP.
// -------------------------------------------------------------------------------------------------
async function makePictures() {
  const page = await browser.newPage();
  for (const m of media.filter(isPicture)) {
    const svg = drawPicture(m);
    const [, w, h] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
    const dataUrl = await page.evaluate(
      async ({ src, w, h, q }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        canvas.getContext('2d')!.drawImage(img, 0, 0, w, h);
        return canvas.toDataURL('image/webp', q);
      },
      { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, w, h, q: PICTURE_QUALITY },
    );
    if (!dataUrl.startsWith('data:image/webp;')) throw new Error(`${m.rel}: this Chromium encodes no WebP`);
    const file = path.join(ASSETS_DIR, m.rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    manifest[m.rel] = { bytes: fs.statSync(file).size, width: w, height: h };
    console.log(`${m.rel}: ${w}×${h}, ${manifest[m.rel].bytes} B`);
  }
  await page.close();
}

fs.mkdirSync(path.join(ASSETS_DIR, 'videos'), { recursive: true });
fs.mkdirSync(path.join(ASSETS_DIR, 'docs'), { recursive: true });
try {
  if (!only || only === 'pictures') await makePictures();
  for (const [i, d] of docDefs.entries()) if (d.file.endsWith('.pdf') && (!only || only === d.file)) await makePdf(d, i);
  for (const v of videoDefs) if (!only || only === v.slug) await makeVideo(v);
} finally {
  await browser.close();
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(manifestPath, `${JSON.stringify(sorted, null, 2)}\n`);
}
