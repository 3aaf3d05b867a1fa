/**
 * Draws the seed images under public/media/ from the seed content (lib/db/seed/content.ts):
 * event posters and thumbnails carrying the event's title, initials avatars, sponsor logo marks,
 * gallery scenes, hero and background art, resource thumbnails and design portfolio pieces. All
 * are compact SVG on the brand's #8F001A. Run it after changing the seed content:
 *
 *   npx tsx scripts/generate-seed-media.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEED_ALUMNI, SEED_MEMBERS } from '@/lib/db/seed/content';
import { SEED_EVENTS } from '@/lib/db/seed/events';
import {
  SEED_BENEFITS,
  SEED_CAROUSEL,
  SEED_GALLERY,
  SEED_PAGE_HEROES,
  SEED_SERVICES,
} from '@/lib/db/seed/images';
import { SEED_DESIGNS, SEED_RESOURCES, SEED_SPONSORS } from '@/lib/db/seed/listings';
import { media } from '@/lib/db/seed/media';

const BRAND = '#8F001A';
const DEEP = '#3B000B';
const GOLD = '#F2C14E';
const PINK = '#FF6F91';
const FONT =
  "Poppins,'Helvetica Neue',Arial,'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif";

const root = path.join(process.cwd(), 'public');
let written = 0;

function write(url: string, svg: string) {
  const file = path.join(root, url);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg.replace(/\n\s*/g, '').trim() + '\n');
  written += 1;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A deterministic number in [0, 1) from a string, so each image differs but never changes. */
function hash(text: string, salt = 0): number {
  let value = 2166136261 ^ salt;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return ((value >>> 0) % 10_000) / 10_000;
}

function svg(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;
}

function gradient(id: string, from: string, to: string, angle: 'down' | 'diagonal' = 'diagonal') {
  const end = angle === 'down' ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function glow(id: string, color: string) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity=".55"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** Splits a bilingual title into its Latin part and its Chinese part. */
function splitTitle(title: string): { latin: string; chinese: string } {
  const match = title.match(/^(.*?)\s*([\u3400-\u9fff\uff00-\uffef].*)$/);
  return match
    ? { latin: match[1]!.trim(), chinese: match[2]!.trim() }
    : { latin: title, chinese: '' };
}

/** Greedy line wrapping by character count. */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, extra = ''): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * size * 1.18}" font-size="${size}" ${extra}>${escapeXml(line)}</text>`,
    )
    .join('');
}

function lantern(x: number, y: number, scale: number, opacity = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})" opacity="${opacity}"><path d="M0-60V-34" stroke="${GOLD}" stroke-width="2"/><rect x="-14" y="-36" width="28" height="8" rx="2" fill="${GOLD}"/><ellipse cx="0" cy="0" rx="34" ry="30" fill="#D7263D"/><path d="M-16-27Q-24 0-16 27M16-27Q24 0 16 27M0-30V30" stroke="#A3001C" stroke-width="2" fill="none"/><rect x="-14" y="28" width="28" height="8" rx="2" fill="${GOLD}"/><path d="M-6 36v22M0 36v26M6 36v22" stroke="${GOLD}" stroke-width="2"/></g>`;
}

function cloud(x: number, y: number, scale: number, color: string, opacity: number): string {
  return `<path transform="translate(${x} ${y}) scale(${scale})" opacity="${opacity}" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round" d="M0 0c10-14 30-14 36 0c6-10 22-10 26 2c12-2 18 10 10 18H6C-8 20-10 6 0 0z"/>`;
}

// ---------- events ----------

function eventPoster(title: string, organizer: string | null, slug: string): string {
  const { latin, chinese } = splitTitle(title);
  const lines = wrap(latin.toUpperCase(), 13);
  const size = lines.length > 2 ? 46 : 52;
  const top = 430 - (lines.length - 1) * size * 0.6;
  const tilt = Math.round(hash(slug) * 40) - 20;
  return svg(
    600,
    800,
    `Poster: ${title}`,
    `<defs>${gradient('g', BRAND, DEEP)}${glow('m', GOLD)}</defs>
    <rect width="600" height="800" fill="url(#g)"/>
    <circle cx="460" cy="170" r="190" fill="url(#m)"/>
    <circle cx="460" cy="170" r="92" fill="${GOLD}" opacity=".9"/>
    ${lantern(120, 200, 1.3)}${lantern(215, 165, 0.8, 0.8)}
    ${cloud(70 + tilt, 290, 1.8, GOLD, 0.5)}${cloud(380, 300, 1.4, PINK, 0.45)}
    <text x="48" y="64" font-size="20" letter-spacing="6" fill="${GOLD}" font-family="${FONT}" font-weight="600">TCSA PRESENTS</text>
    <g fill="#fff" font-family="${FONT}" font-weight="800">${textLines(lines, 48, top, size)}</g>
    ${chinese ? `<text x="48" y="${top + lines.length * size * 1.18 + 28}" font-size="64" fill="${GOLD}" font-family="${FONT}" font-weight="700">${escapeXml(chinese)}</text>` : ''}
    <rect x="48" y="690" width="504" height="2" fill="${GOLD}" opacity=".6"/>
    <text x="48" y="730" font-size="20" fill="#fff" font-family="${FONT}">${escapeXml(organizer ?? 'Telfer Chinese Student Association')}</text>
    <text x="48" y="760" font-size="16" fill="#fff" opacity=".75" font-family="${FONT}">Telfer Chinese Student Association · uOttawa</text>`,
  );
}

function eventThumbnail(title: string, slug: string): string {
  const { latin, chinese } = splitTitle(title);
  const lines = wrap(latin, 22);
  const hue = Math.round(hash(slug, 7) * 30) - 15;
  return svg(
    800,
    450,
    `Event: ${title}`,
    `<defs>${gradient('g', BRAND, DEEP)}${glow('m', PINK)}</defs>
    <rect width="800" height="450" fill="url(#g)"/>
    <circle cx="${650 + hue * 4}" cy="110" r="220" fill="url(#m)"/>
    <circle cx="660" cy="120" r="70" fill="${GOLD}" opacity=".85"/>
    ${lantern(560, 260, 0.9, 0.9)}${lantern(720, 300, 1.1)}
    ${cloud(420, 360, 2.2, GOLD, 0.35)}
    <text x="48" y="70" font-size="18" letter-spacing="5" fill="${GOLD}" font-family="${FONT}" font-weight="600">TCSA EVENT</text>
    <g fill="#fff" font-family="${FONT}" font-weight="800">${textLines(lines, 48, 190 - (lines.length - 1) * 22, 46)}</g>
    ${chinese ? `<text x="48" y="${190 + lines.length * 30 + 40}" font-size="44" fill="${GOLD}" font-family="${FONT}" font-weight="700">${escapeXml(chinese)}</text>` : ''}`,
  );
}

// ---------- people ----------

const AVATAR_PAIRS: [string, string][] = [
  [BRAND, '#D7263D'],
  ['#6D0014', '#C2185B'],
  ['#8F001A', '#F57C00'],
  ['#5B0A2E', '#8F001A'],
  ['#7A1020', '#B23A48'],
  ['#4A000D', '#A3001C'],
];

function avatar(name: string, seed: string): string {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const [from, to] = AVATAR_PAIRS[Math.floor(hash(seed) * AVATAR_PAIRS.length)]!;
  return svg(
    200,
    200,
    name,
    `<defs>${gradient('g', from, to)}</defs>
    <circle cx="100" cy="100" r="100" fill="url(#g)"/>
    <circle cx="100" cy="100" r="88" fill="none" stroke="${GOLD}" stroke-opacity=".5" stroke-width="2"/>
    <text x="100" y="100" dy=".35em" text-anchor="middle" font-size="72" font-weight="700" fill="#fff" font-family="${FONT}">${escapeXml(initials)}</text>`,
  );
}

// ---------- sponsors ----------

function sponsorLogo(name: string, mark: string, accent: string): string {
  const lines = wrap(name, 16);
  return svg(
    360,
    160,
    `${name} logo`,
    `<rect width="360" height="160" rx="16" fill="#fff"/>
    <circle cx="78" cy="80" r="50" fill="${accent}"/>
    <circle cx="78" cy="80" r="40" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="6 5"/>
    <text x="78" y="80" dy=".35em" text-anchor="middle" font-size="30" font-weight="800" fill="#fff" font-family="${FONT}">${escapeXml(mark)}</text>
    <g fill="#1f1f1f" font-family="${FONT}" font-weight="700">${textLines(lines, 146, 80 - (lines.length - 1) * 14, 24)}</g>`,
  );
}

// ---------- scenes ----------

type Motif = (width: number, height: number, seed: string) => string;

const motifs: Record<string, Motif> = {
  lanterns: (w, h) =>
    [0.15, 0.35, 0.55, 0.75, 0.9]
      .map((x, i) => lantern(w * x, h * (0.3 + (i % 2) * 0.15), 1.2 + (i % 3) * 0.3))
      .join(''),
  stage: (w, h) =>
    `<path d="M0 ${h * 0.75}H${w}V${h}H0z" fill="${DEEP}"/><path d="M${w * 0.1} ${h * 0.75}L${w * 0.3} 0H${w * 0.38}L${w * 0.2} ${h * 0.75}z" fill="${GOLD}" opacity=".18"/><path d="M${w * 0.9} ${h * 0.75}L${w * 0.7} 0H${w * 0.62}L${w * 0.8} ${h * 0.75}z" fill="${GOLD}" opacity=".18"/>${[0.3, 0.42, 0.54, 0.66].map((x) => `<circle cx="${w * x}" cy="${h * 0.6}" r="${h * 0.05}" fill="#fff" opacity=".85"/><rect x="${w * x - h * 0.04}" y="${h * 0.65}" width="${h * 0.08}" height="${h * 0.1}" rx="8" fill="#fff" opacity=".85"/>`).join('')}`,
  moon: (w, h) =>
    `<circle cx="${w * 0.68}" cy="${h * 0.35}" r="${h * 0.22}" fill="${GOLD}"/><circle cx="${w * 0.68}" cy="${h * 0.35}" r="${h * 0.3}" fill="${GOLD}" opacity=".15"/>${cloud(w * 0.1, h * 0.45, 3, '#fff', 0.5)}<path d="M0 ${h * 0.82}Q${w * 0.25} ${h * 0.72} ${w * 0.5} ${h * 0.82}T${w} ${h * 0.8}V${h}H0z" fill="${DEEP}"/>`,
  pot: (w, h) =>
    `<ellipse cx="${w / 2}" cy="${h * 0.62}" rx="${w * 0.3}" ry="${h * 0.18}" fill="#2b2b2b"/><ellipse cx="${w / 2}" cy="${h * 0.55}" rx="${w * 0.28}" ry="${h * 0.12}" fill="#D7263D"/><path d="M${w / 2} ${h * 0.43}V${h * 0.67}" stroke="#2b2b2b" stroke-width="10"/><ellipse cx="${w / 2 + w * 0.14}" cy="${h * 0.55}" rx="${w * 0.12}" ry="${h * 0.08}" fill="${GOLD}" opacity=".9"/>${[0.3, 0.45, 0.6].map((x) => `<path d="M${w * x} ${h * 0.35}q-20-40 0-80" stroke="#fff" stroke-width="6" fill="none" opacity=".5" stroke-linecap="round"/>`).join('')}`,
  chart: (w, h) =>
    `${[0.2, 0.35, 0.5, 0.65].map((x, i) => `<rect x="${w * x}" y="${h * (0.7 - i * 0.12)}" width="${w * 0.1}" height="${h * (0.15 + i * 0.12)}" rx="8" fill="${i === 3 ? GOLD : '#fff'}" opacity="${i === 3 ? 1 : 0.75}"/>`).join('')}<path d="M${w * 0.18} ${h * 0.62}L${w * 0.4} ${h * 0.45}L${w * 0.55} ${h * 0.5}L${w * 0.82} ${h * 0.2}" stroke="${GOLD}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  dumpling: (w, h) =>
    [0.3, 0.5, 0.7]
      .map(
        (x, i) =>
          `<path transform="translate(${w * x} ${h * (0.55 + (i % 2) * 0.08)})" d="M-70 0Q0-90 70 0Q0 30-70 0z" fill="#FFF4E0"/><path transform="translate(${w * x} ${h * (0.55 + (i % 2) * 0.08)})" d="M-40-30q10 12 20 0q10 12 20 0q10 12 20 0" stroke="#E8C99B" stroke-width="5" fill="none"/>`,
      )
      .join('') +
    `<ellipse cx="${w / 2}" cy="${h * 0.72}" rx="${w * 0.36}" ry="${h * 0.06}" fill="${DEEP}" opacity=".5"/>`,
  mountain: (w, h) =>
    `<path d="M0 ${h}L${w * 0.3} ${h * 0.4}L${w * 0.45} ${h * 0.6}L${w * 0.65} ${h * 0.3}L${w} ${h}z" fill="${DEEP}"/><path d="M${w * 0.65} ${h * 0.3}L${w * 0.58} ${h * 0.42}L${w * 0.65} ${h * 0.4}L${w * 0.72} ${h * 0.44}z" fill="#fff" opacity=".85"/><circle cx="${w * 0.2}" cy="${h * 0.25}" r="${h * 0.08}" fill="${GOLD}"/>`,
  cap: (w, h) =>
    `<path d="M${w / 2} ${h * 0.28}L${w * 0.78} ${h * 0.42}L${w / 2} ${h * 0.56}L${w * 0.22} ${h * 0.42}z" fill="#1f1f1f"/><path d="M${w * 0.34} ${h * 0.48}V${h * 0.64}Q${w / 2} ${h * 0.74} ${w * 0.66} ${h * 0.64}V${h * 0.48}L${w / 2} ${h * 0.56}z" fill="#2b2b2b"/><path d="M${w * 0.7} ${h * 0.44}V${h * 0.62}" stroke="${GOLD}" stroke-width="6"/><circle cx="${w * 0.7}" cy="${h * 0.64}" r="10" fill="${GOLD}"/>${[0.15, 0.85, 0.25, 0.8].map((x, i) => `<circle cx="${w * x}" cy="${h * (0.2 + i * 0.15)}" r="8" fill="${[GOLD, PINK][i % 2]}"/>`).join('')}`,
  waves: (w, h, seed) =>
    [0.55, 0.68, 0.8]
      .map(
        (y, i) =>
          `<path d="M0 ${h * y}Q${w * 0.25} ${h * (y - 0.08 - hash(seed, i) * 0.06)} ${w * 0.5} ${h * y}T${w} ${h * y}V${h}H0z" fill="${[PINK, GOLD, DEEP][i]}" opacity="${[0.35, 0.3, 0.9][i]}"/>`,
      )
      .join(''),
  skyline: (w, h) =>
    `<path d="M0 ${h}V${h * 0.7}H${w * 0.08}V${h * 0.55}H${w * 0.14}V${h * 0.66}H${w * 0.22}V${h * 0.45}H${w * 0.24}V${h * 0.38}H${w * 0.26}V${h * 0.45}H${w * 0.3}V${h * 0.62}H${w * 0.4}V${h * 0.5}H${w * 0.46}V${h * 0.68}H${w * 0.55}V${h * 0.58}H${w * 0.62}V${h * 0.42}L${w * 0.65} ${h * 0.3}L${w * 0.68} ${h * 0.42}V${h * 0.64}H${w * 0.78}V${h * 0.52}H${w * 0.86}V${h * 0.7}H${w}V${h}z" fill="${DEEP}"/><circle cx="${w * 0.82}" cy="${h * 0.22}" r="${h * 0.07}" fill="${GOLD}"/>`,
  network: (w, h, seed) => {
    const points = Array.from({ length: 9 }, (_, i) => [
      w * (0.1 + hash(seed, i) * 0.8),
      h * (0.15 + hash(seed, i + 20) * 0.7),
    ]);
    const lines = points
      .slice(1)
      .map(
        ([x, y], i) =>
          `<path d="M${points[i]![0]} ${points[i]![1]}L${x} ${y}" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>`,
      )
      .join('');
    return (
      lines +
      points
        .map(
          ([x, y], i) =>
            `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 22 : 14}" fill="${i % 3 === 0 ? GOLD : '#fff'}"/>`,
        )
        .join('')
    );
  },
  camera: (w, h) =>
    `<rect x="${w * 0.3}" y="${h * 0.35}" width="${w * 0.4}" height="${h * 0.34}" rx="24" fill="#1f1f1f"/><rect x="${w * 0.38}" y="${h * 0.29}" width="${w * 0.1}" height="${h * 0.08}" rx="8" fill="#1f1f1f"/><circle cx="${w / 2}" cy="${h * 0.52}" r="${h * 0.12}" fill="#444"/><circle cx="${w / 2}" cy="${h * 0.52}" r="${h * 0.07}" fill="${PINK}" opacity=".8"/><circle cx="${w * 0.64}" cy="${h * 0.41}" r="8" fill="${GOLD}"/>`,
  browser: (w, h) =>
    `<rect x="${w * 0.2}" y="${h * 0.22}" width="${w * 0.6}" height="${h * 0.56}" rx="18" fill="#fff"/><rect x="${w * 0.2}" y="${h * 0.22}" width="${w * 0.6}" height="${h * 0.08}" rx="18" fill="#eee"/>${[0.24, 0.27, 0.3].map((x, i) => `<circle cx="${w * x}" cy="${h * 0.26}" r="7" fill="${[PINK, GOLD, '#9ccc65'][i]}"/>`).join('')}<rect x="${w * 0.25}" y="${h * 0.36}" width="${w * 0.5}" height="${h * 0.14}" rx="10" fill="${BRAND}"/><rect x="${w * 0.25}" y="${h * 0.55}" width="${w * 0.23}" height="${h * 0.17}" rx="10" fill="#f3d4da"/><rect x="${w * 0.52}" y="${h * 0.55}" width="${w * 0.23}" height="${h * 0.17}" rx="10" fill="#f3d4da"/>`,
  palette: (w, h) =>
    [BRAND, PINK, GOLD, DEEP, '#fff']
      .map(
        (color, i) =>
          `<rect x="${w * (0.16 + i * 0.14)}" y="${h * 0.3}" width="${w * 0.12}" height="${h * 0.4}" rx="14" fill="${color}" stroke="#fff" stroke-opacity=".5"/>`,
      )
      .join(''),
  book: (w, h) =>
    `<path d="M${w / 2} ${h * 0.3}Q${w * 0.35} ${h * 0.22} ${w * 0.2} ${h * 0.3}V${h * 0.72}Q${w * 0.35} ${h * 0.64} ${w / 2} ${h * 0.72}Q${w * 0.65} ${h * 0.64} ${w * 0.8} ${h * 0.72}V${h * 0.3}Q${w * 0.65} ${h * 0.22} ${w / 2} ${h * 0.3}z" fill="#fff"/><path d="M${w / 2} ${h * 0.3}V${h * 0.72}" stroke="${BRAND}" stroke-width="4"/>${[0.38, 0.46, 0.54].map((y) => `<path d="M${w * 0.26} ${h * y}H${w * 0.44}M${w * 0.56} ${h * y}H${w * 0.74}" stroke="#ccc" stroke-width="5"/>`).join('')}`,
  leaf: (w, h) =>
    `<path d="M${w / 2} ${h * 0.2}C${w * 0.8} ${h * 0.3} ${w * 0.75} ${h * 0.7} ${w / 2} ${h * 0.8}C${w * 0.25} ${h * 0.7} ${w * 0.2} ${h * 0.3} ${w / 2} ${h * 0.2}z" fill="#fff" opacity=".9"/><path d="M${w / 2} ${h * 0.25}V${h * 0.85}" stroke="${BRAND}" stroke-width="6"/>`,
  bus: (w, h) =>
    `<rect x="${w * 0.22}" y="${h * 0.3}" width="${w * 0.56}" height="${h * 0.34}" rx="26" fill="#fff"/><rect x="${w * 0.26}" y="${h * 0.36}" width="${w * 0.48}" height="${h * 0.12}" rx="8" fill="#cfd8dc"/><rect x="${w * 0.22}" y="${h * 0.52}" width="${w * 0.56}" height="${h * 0.04}" fill="${BRAND}"/><circle cx="${w * 0.33}" cy="${h * 0.66}" r="${h * 0.05}" fill="#1f1f1f"/><circle cx="${w * 0.67}" cy="${h * 0.66}" r="${h * 0.05}" fill="#1f1f1f"/>`,
  coins: (w, h) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<ellipse cx="${w * 0.42}" cy="${h * (0.68 - i * 0.08)}" rx="${w * 0.12}" ry="${h * 0.05}" fill="${GOLD}" stroke="#b8860b" stroke-width="3"/>`,
      )
      .join('') +
    `<rect x="${w * 0.58}" y="${h * 0.3}" width="${w * 0.18}" height="${h * 0.42}" rx="10" fill="#fff"/><path d="M${w * 0.61} ${h * 0.4}H${w * 0.73}M${w * 0.61} ${h * 0.5}H${w * 0.73}M${w * 0.61} ${h * 0.6}H${w * 0.7}" stroke="#999" stroke-width="5"/>`,
  campus: (w, h) =>
    `<path d="M${w * 0.2} ${h * 0.75}V${h * 0.45}L${w / 2} ${h * 0.25}L${w * 0.8} ${h * 0.45}V${h * 0.75}z" fill="#fff" opacity=".92"/>${[0.3, 0.42, 0.58, 0.7].map((x) => `<rect x="${w * x - 12}" y="${h * 0.5}" width="24" height="${h * 0.25}" fill="${BRAND}" opacity=".7"/>`).join('')}<circle cx="${w / 2}" cy="${h * 0.38}" r="${h * 0.05}" fill="${GOLD}"/>`,
};

function scene(
  width: number,
  height: number,
  label: string,
  motif: keyof typeof motifs,
  seed: string,
): string {
  const shift = Math.round(hash(seed, 3) * 100);
  return svg(
    width,
    height,
    label,
    `<defs>${gradient('g', BRAND, DEEP)}${glow('p', PINK)}${glow('y', GOLD)}</defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width * 0.15 + shift}" cy="${height * 0.2}" r="${height * 0.45}" fill="url(#p)"/>
    <circle cx="${width * 0.85 - shift}" cy="${height * 0.85}" r="${height * 0.4}" fill="url(#y)"/>
    ${motifs[motif]!(width, height, seed)}`,
  );
}

function labelledCard(
  width: number,
  height: number,
  title: string,
  motif: keyof typeof motifs,
  seed: string,
): string {
  const base = scene(width, height, title, motif, seed).replace('</svg>', '');
  const lines = wrap(title, Math.round(width / 26));
  const size = Math.round(width / 22);
  return `${base}<rect x="0" y="${height - lines.length * size * 1.2 - 36}" width="${width}" height="${lines.length * size * 1.2 + 36}" fill="#000" opacity=".35"/><g fill="#fff" font-family="${FONT}" font-weight="700">${textLines(lines, 28, height - lines.length * size * 1.2 - 18 + size * 0.95, size)}</g></svg>`;
}

// ---------- designs ----------

function designPiece(slug: string, title: string): string {
  const w = 800;
  const h = 1000;
  const frames: Record<string, string> = {
    'gala-poster': `<rect x="180" y="140" width="440" height="620" rx="8" fill="${BRAND}" transform="rotate(-4 400 450)"/><g transform="rotate(-4 400 450)">${lantern(300, 300, 1.4)}<circle cx="500" cy="260" r="70" fill="${GOLD}"/><text x="220" y="560" font-size="46" font-weight="800" fill="#fff" font-family="${FONT}">LUNAR GALA</text><text x="220" y="640" font-size="60" font-weight="700" fill="${GOLD}" font-family="${FONT}">春节晚会</text></g>`,
    'welcome-kit': [0, 1, 2]
      .map(
        (i) =>
          `<g transform="translate(${130 + i * 190} ${200 + (i % 2) * 60})"><rect width="160" height="320" rx="24" fill="#1f1f1f"/><rect x="10" y="20" width="140" height="280" rx="12" fill="${[BRAND, PINK, GOLD][i]}"/><text x="80" y="160" text-anchor="middle" font-size="22" font-weight="800" fill="#fff" font-family="${FONT}">${['WELCOME', 'WEEK', 'TCSA'][i]}</text></g>`,
      )
      .join(''),
    'sponsor-deck': `<rect x="120" y="260" width="560" height="340" rx="12" fill="#fff"/><rect x="120" y="260" width="560" height="120" rx="12" fill="${BRAND}"/><text x="150" y="335" font-size="34" font-weight="800" fill="#fff" font-family="${FONT}">PARTNER WITH TCSA</text><path d="M150 430H560M150 470H500M150 510H530" stroke="#ddd" stroke-width="14" stroke-linecap="round"/>`,
    'mooncake-box': `<path d="M220 420L400 340L580 420V640L400 720L220 640z" fill="${BRAND}"/><path d="M220 420L400 500L580 420M400 500V720" stroke="${DEEP}" stroke-width="6" fill="none"/><circle cx="310" cy="560" r="50" fill="${GOLD}" opacity=".9"/><circle cx="490" cy="560" r="50" fill="${GOLD}" opacity=".7"/>`,
    hoodie: `<path d="M260 300Q400 230 540 300L650 420L590 470L560 440V760H240V440L210 470L150 420z" fill="${BRAND}"/><path d="M340 290Q400 360 460 290" stroke="${DEEP}" stroke-width="10" fill="none"/><text x="400" y="540" text-anchor="middle" font-size="64" font-weight="800" fill="#fff" font-family="${FONT}">TCSA</text>`,
    'bootcamp-brand': `<circle cx="400" cy="380" r="130" fill="none" stroke="${GOLD}" stroke-width="16"/><path d="M340 400L390 450L470 330" stroke="#fff" stroke-width="22" fill="none" stroke-linecap="round"/><text x="400" y="620" text-anchor="middle" font-size="44" font-weight="800" fill="#fff" font-family="${FONT}">CASE BOOTCAMP</text><rect x="250" y="660" width="300" height="8" fill="${GOLD}"/>`,
  };
  return svg(
    w,
    h,
    title,
    `<defs>${gradient('g', '#f7e9ec', '#ead0d6', 'down')}${gradient('d', BRAND, DEEP)}</defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <rect x="60" y="60" width="680" height="880" rx="24" fill="url(#d)" opacity="${slug === 'gala-poster' || slug === 'sponsor-deck' ? 0.12 : 1}"/>
    ${frames[slug] ?? ''}`,
  );
}

// ---------- write everything ----------

rmSync(path.join(root, 'media'), { recursive: true, force: true });

for (const event of SEED_EVENTS) {
  if (event.poster) {
    write(media.eventPoster(event.slug), eventPoster(event.title, event.organizer, event.slug));
  }
  if (event.thumbnail)
    write(media.eventThumbnail(event.slug), eventThumbnail(event.title, event.slug));
}
for (const member of SEED_MEMBERS) {
  write(media.member(member.key), avatar(`${member.firstName} ${member.lastName}`, member.key));
}
for (const person of SEED_ALUMNI)
  write(media.alumnus(person.name), avatar(person.name, person.name));
for (const sponsor of SEED_SPONSORS) {
  write(media.sponsor(sponsor.slug), sponsorLogo(sponsor.name, sponsor.mark, sponsor.accent));
}

const galleryMotifs: (keyof typeof motifs)[] = [
  'stage',
  'network',
  'moon',
  'pot',
  'chart',
  'dumpling',
  'mountain',
  'cap',
];
SEED_GALLERY.forEach((item, index) => {
  write(
    media.gallery(item.slug),
    scene(800, 600, item.text, galleryMotifs[index % galleryMotifs.length]!, item.slug),
  );
});

write(
  media.homeHero(),
  scene(1600, 900, 'TCSA members at the Lunar New Year Gala', 'lanterns', 'home'),
);
const heroMotifs: Record<string, keyof typeof motifs> = {
  events: 'stage',
  joinus: 'network',
  alumni: 'cap',
  services: 'skyline',
  resources: 'book',
};
for (const page of SEED_PAGE_HEROES)
  write(media.pageHero(page), scene(1600, 900, `${page} hero`, heroMotifs[page]!, page));

const benefitMotifs: (keyof typeof motifs)[] = ['chart', 'mountain', 'campus'];
SEED_BENEFITS.forEach((benefit, index) => {
  write(
    media.benefit(benefit.slug),
    scene(1200, 800, benefit.title, benefitMotifs[index]!, benefit.slug),
  );
});
const serviceMotifs: (keyof typeof motifs)[] = ['camera', 'palette', 'browser', 'stage'];
SEED_SERVICES.forEach((service, index) => {
  write(
    media.service(service.slug),
    scene(1200, 800, service.title, serviceMotifs[index]!, service.slug),
  );
});
const carouselMotifs: (keyof typeof motifs)[] = ['lanterns', 'network', 'palette', 'skyline'];
SEED_CAROUSEL.forEach((slide, index) => {
  write(
    media.carousel(slide.slug),
    scene(1200, 500, slide.title, carouselMotifs[index]!, slide.slug),
  );
});
const resourceMotifs: (keyof typeof motifs)[] = [
  'campus',
  'leaf',
  'book',
  'coins',
  'bus',
  'campus',
];
SEED_RESOURCES.forEach((resource, index) => {
  write(
    media.resource(resource.slug),
    labelledCard(640, 360, resource.title, resourceMotifs[index]!, resource.slug),
  );
});
for (const design of SEED_DESIGNS)
  write(media.design(design.slug), designPiece(design.slug, design.title));

console.log(`Wrote ${written} images under public/media/.`);
