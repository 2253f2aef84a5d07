/**
 * Seeded media (nothing is fetched from the internet): SVG logos and icons drawn in code, a text file, and the files
 * generated once by services/api-server/tools/make-media.ts and committed under services/api-server/assets (the
 * pictures of seed/pictures.ts as WebP, tutorial videos, posters, multi-page PDFs with an embedded CJK font subset),
 * listed with their measured size, duration and page count in services/api-server/assets/media.json. Written to
 * the object storage (DATA_DIR/files by default) on start when missing; served under /files/...
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ObjectStorage } from '@site/object-storage';

export const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');

/** What services/api-server/tools/make-media.ts measured for each committed asset (by path under services/api-server/assets). */
export interface AssetInfo {
  bytes: number;
  /** Videos: seconds, as ffprobe read it. */
  duration?: number;
  /** PDFs: pages, as pdfinfo read it. */
  pages?: number;
  width?: number;
  height?: number;
}
export const ASSET_MANIFEST: Record<string, AssetInfo> = JSON.parse(fs.readFileSync(path.join(ASSETS_DIR, 'media.json'), 'utf8'));

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif";

/** Banner / cover image: gradient, grid, a stylised power-line motif and a title. */
export function coverSvg(title: string, subtitle: string, hue: number, w = 800, h = 450, motif = 0): string {
  const c1 = `hsl(${hue},70%,28%)`;
  const c2 = `hsl(${(hue + 40) % 360},75%,45%)`;
  const accent = `hsl(${(hue + 180) % 360},90%,65%)`;
  const grid: string[] = [];
  for (let x = 0; x <= w; x += 40) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${h}"/>`);
  for (let y = 0; y <= h; y += 40) grid.push(`<line x1="0" y1="${y}" x2="${w}" y2="${y}"/>`);
  const motifs = [
    // pylon
    `<g stroke="${accent}" stroke-width="3" fill="none" opacity=".85"><path d="M${w * 0.78} ${h * 0.2} L${w * 0.72} ${h * 0.85} M${w * 0.78} ${h * 0.2} L${w * 0.84} ${h * 0.85} M${w * 0.7} ${h * 0.35} H${w * 0.86} M${w * 0.72} ${h * 0.5} H${w * 0.84} M${w * 0.73} ${h * 0.6} L${w * 0.83} ${h * 0.75} M${w * 0.83} ${h * 0.6} L${w * 0.73} ${h * 0.75}"/><path d="M0 ${h * 0.36} Q${w * 0.35} ${h * 0.5} ${w * 0.7} ${h * 0.35}" stroke-dasharray="6 6"/></g>`,
    // chart
    `<g fill="none" stroke="${accent}" stroke-width="4" opacity=".9"><polyline points="${w * 0.55},${h * 0.8} ${w * 0.62},${h * 0.62} ${w * 0.69},${h * 0.7} ${w * 0.76},${h * 0.45} ${w * 0.83},${h * 0.52} ${w * 0.92},${h * 0.25}"/><circle cx="${w * 0.92}" cy="${h * 0.25}" r="8" fill="${accent}"/></g>`,
    // shield
    `<g opacity=".9"><path d="M${w * 0.78} ${h * 0.18} L${w * 0.9} ${h * 0.26} V${h * 0.5} Q${w * 0.9} ${h * 0.72} ${w * 0.78} ${h * 0.82} Q${w * 0.66} ${h * 0.72} ${w * 0.66} ${h * 0.5} V${h * 0.26} Z" fill="none" stroke="${accent}" stroke-width="4"/><path d="M${w * 0.72} ${h * 0.5} L${w * 0.77} ${h * 0.57} L${w * 0.85} ${h * 0.42}" stroke="${accent}" stroke-width="5" fill="none"/></g>`,
    // nodes
    `<g fill="${accent}" stroke="${accent}" stroke-width="2" opacity=".85"><line x1="${w * 0.62}" y1="${h * 0.3}" x2="${w * 0.8}" y2="${h * 0.55}"/><line x1="${w * 0.8}" y1="${h * 0.55}" x2="${w * 0.92}" y2="${h * 0.3}"/><line x1="${w * 0.8}" y1="${h * 0.55}" x2="${w * 0.7}" y2="${h * 0.8}"/><circle cx="${w * 0.62}" cy="${h * 0.3}" r="9"/><circle cx="${w * 0.8}" cy="${h * 0.55}" r="13"/><circle cx="${w * 0.92}" cy="${h * 0.3}" r="9"/><circle cx="${w * 0.7}" cy="${h * 0.8}" r="9"/></g>`,
  ];
  const fs1 = Math.round(Math.min(44, (w * 0.55) / Math.max(6, title.length)));
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<g stroke="#fff" stroke-opacity=".07">${grid.join('')}</g>
${motifs[motif % motifs.length]}
<text x="${w * 0.07}" y="${h * 0.48}" fill="#fff" font-family="${FONT}" font-size="${fs1}" font-weight="700">${esc(title)}</text>
<text x="${w * 0.07}" y="${h * 0.48 + fs1 * 1.1}" fill="#fff" fill-opacity=".85" font-family="${FONT}" font-size="${Math.round(fs1 * 0.45)}">${esc(subtitle)}</text>
</svg>`;
}

export function logoSvg(light = false): string {
  const fg = light ? '#ffffff' : '#0b3d91';
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="220" height="56" viewBox="0 0 220 56" role="img" aria-label="华电智控">
<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1677ff"/><stop offset="1" stop-color="#13c2c2"/></linearGradient></defs>
<rect x="4" y="6" width="44" height="44" rx="10" fill="url(#l)"/>
<path d="M29 12 L17 31 H26 L22 44 L36 23 H27 Z" fill="#fff"/>
<text x="58" y="32" fill="${fg}" font-family="${FONT}" font-size="22" font-weight="700">华电智控</text>
<text x="59" y="47" fill="${fg}" fill-opacity=".7" font-family="Arial,sans-serif" font-size="9" letter-spacing="1.2">HUADIAN SMART CONTROL</text>
</svg>`;
}

export function iconSvg(label: string, hue: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${esc(label)}">
<circle cx="48" cy="48" r="44" fill="hsl(${hue},70%,95%)" stroke="hsl(${hue},70%,45%)" stroke-width="3"/>
<text x="48" y="58" text-anchor="middle" fill="hsl(${hue},70%,35%)" font-family="${FONT}" font-size="28" font-weight="700">${esc(label.slice(0, 2))}</text>
</svg>`;
}

/** Stores an object if it is missing or differs in size (a restart checks each with one head, rewrites nothing). */
export async function writeIfMissing(storage: ObjectStorage, key: string, data: Buffer | string): Promise<number> {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if ((await storage.head(key))?.size === buf.length) return buf.length;
  await storage.put(key, buf);
  return buf.length;
}

export async function copyAsset(storage: ObjectStorage, key: string, assetName: string): Promise<number> {
  if (!ASSET_MANIFEST[assetName])
    throw new Error(`services/api-server/assets/${assetName} is missing from media.json: run services/api-server/tools/make-media.ts`);
  const buf = await fs.promises.readFile(path.join(ASSETS_DIR, assetName));
  return writeIfMissing(storage, key, buf);
}
