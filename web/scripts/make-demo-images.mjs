#!/usr/bin/env node
// Generates the demo illustrations shipped in web/public/images/.
// The demo catalogue needs pictures that work offline, so they are flat SVGs
// drawn here in code. Plain Node ESM, no dependencies, fully deterministic:
// running it twice produces byte-identical files.
//
//   node web/scripts/make-demo-images.mjs
//
// Output (all 4:3, 800x600 viewBox unless noted):
//   categories/{laptop,mobile,ipad,camera,headphone,watch}.svg
//   products/<category>-1.svg ... <category>-8.svg
//   banner.svg (1600x600), fallback.svg
// The home page shows the banner as WebP (banner-800.webp, banner-1600.webp, committed), drawn from
// banner.svg with the server workspace's sharp:
//   cd server && node -e "for (const w of [800, 1600]) require('sharp')('../web/public/images/banner.svg',
//     { density: (144 * w) / 1600 }).resize(w).webp({ quality: 82, effort: 6 }).toFile(`../web/public/images/banner-${w}.webp`)"
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

// ---------------------------------------------------------------- helpers

const n = (v) => String(Math.round(v * 10) / 10);

/** Drawing context: collects <defs>, namespaces ids so several devices can share one file. */
function context(prefix = '', defs = [], seen = new Set()) {
  const add = (id, def) => {
    if (!seen.has(id)) {
      seen.add(id);
      defs.push(def(id));
    }
    return `url(#${id})`;
  };
  const stops = (cs) => cs.map((c, i) => `<stop offset="${n(i / Math.max(1, cs.length - 1))}" stop-color="${c}"/>`).join('');
  return {
    defs,
    sub: (p) => context(prefix + p, defs, seen),
    lg: (key, cs, x1 = 0, y1 = 0, x2 = 0, y2 = 1) =>
      add(
        prefix + key,
        (id) =>
          `<linearGradient id="${id}"${x1 ? ` x1="${x1}"` : ''}${y1 ? ` y1="${y1}"` : ''}${x2 !== 1 ? ` x2="${x2}"` : ''}${y2 ? ` y2="${y2}"` : ''}>${stops(cs)}</linearGradient>`,
      ),
    rg: (key, cs, cx = 0.5, cy = 0.5, r = 0.5) =>
      add(
        prefix + key,
        (id) =>
          `<radialGradient id="${id}"${cx !== 0.5 ? ` cx="${cx}"` : ''}${cy !== 0.5 ? ` cy="${cy}"` : ''}${r !== 0.5 ? ` r="${r}"` : ''}>${stops(cs)}</radialGradient>`,
      ),
    clip: (key, shape) => add(prefix + key, (id) => `<clipPath id="${id}">${shape}</clipPath>`),
    shadow: () =>
      add(
        'sh',
        (id) =>
          `<radialGradient id="${id}"><stop offset="0" stop-color="#0f172a" stop-opacity=".28"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>`,
      ),
  };
}

const doc = (w, h, c, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">\n` +
  (c.defs.length ? `<defs>${c.defs.join('')}</defs>\n` : '') +
  body.filter(Boolean).join('\n') +
  '\n</svg>\n';

const rect = (x, y, w, h, rx, fill, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ''} fill="${fill}"${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${fill ? ` fill="${fill}"` : ''}${extra}/>`;
const shadow = (c, cx, cy, rx, ry) => `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${c.shadow()}"/>`;

// ---------------------------------------------------------------- palettes

/** Soft background gradients. */
const BG = [
  ['#e0f2fe', '#c7d2fe'],
  ['#fce7f3', '#fde68a'],
  ['#dcfce7', '#a5f3fc'],
  ['#ede9fe', '#fbcfe8'],
  ['#fef3c7', '#fed7aa'],
  ['#f1f5f9', '#cbd5e1'],
  ['#ccfbf1', '#bfdbfe'],
  ['#ffe4e6', '#e9d5ff'],
];

/** Device finishes: light edge, base, dark shade. */
const FIN = {
  silver: ['#f8fafc', '#cbd5e1', '#94a3b8'],
  graphite: ['#6b7280', '#374151', '#1f2937'],
  midnight: ['#475569', '#1e293b', '#0f172a'],
  gold: ['#fdf4e3', '#e8cfa6', '#c9a878'],
  blue: ['#93c5fd', '#4f7fc9', '#35609f'],
  green: ['#bbd8c0', '#7fa886', '#587d5f'],
  rose: ['#fde2e7', '#f0a9b6', '#d07d8e'],
  purple: ['#ddd6fe', '#a294d6', '#7a6bb3'],
  white: ['#ffffff', '#eef2f7', '#cbd5e1'],
  black: ['#4b5563', '#1f2937', '#030712'],
  coral: ['#fecaca', '#f28b74', '#d9634d'],
  teal: ['#99f6e4', '#3aa99f', '#23807a'],
};
const FIN_ORDER = ['silver', 'graphite', 'gold', 'blue', 'midnight', 'rose', 'green', 'purple'];

/** Screen wallpaper gradients. */
const WP = [
  ['#6366f1', '#ec4899'],
  ['#0ea5e9', '#22d3ee'],
  ['#f59e0b', '#ef4444'],
  ['#10b981', '#3b82f6'],
  ['#8b5cf6', '#06b6d4'],
  ['#f97316', '#facc15'],
  ['#1e3a8a', '#7c3aed'],
  ['#14b8a6', '#84cc16'],
];
const ICON = ['#f87171', '#fbbf24', '#34d399', '#60a5fa', '#a78bfa', '#f472b6', '#22d3ee', '#fb923c'];

// ---------------------------------------------------------------- backgrounds

function background(c, w, h, [a, b], v = 0) {
  const spots = [
    [0.84, 0.16, 0.36, 0.08, 0.92, 0.28],
    [0.14, 0.12, 0.3, 0.9, 0.86, 0.34],
    [0.9, 0.84, 0.34, 0.12, 0.2, 0.24],
    [0.5, 0.02, 0.3, 0.06, 0.78, 0.3],
  ][v % 4];
  return [
    `<rect width="${w}" height="${h}" fill="${c.lg('bg', [a, b], 0, 0, 1, 1)}"/>`,
    circle(w * spots[0], h * spots[1], h * spots[2], '#fff', ' opacity=".4"'),
    circle(w * spots[3], h * spots[4], h * spots[5], '#fff', ' opacity=".28"'),
  ].join('\n');
}

// ---------------------------------------------------------------- screens

/** Screen content clipped to a rounded rectangle. kind: waves|photo|app|code|icons|draw */
function screen(c, x, y, w, h, r, kind, wp) {
  const clip = c.clip('clip', rect(x, y, w, h, r, '#000'));
  const s = [];
  const X = (f) => x + w * f;
  const Y = (f) => y + h * f;
  const m = Math.min(w, h);
  if (kind === 'waves') {
    s.push(rect(x, y, w, h, 0, c.lg('wp', wp, 0, 0, 1, 1)));
    s.push(
      `<path d="M${n(x)} ${n(Y(0.62))}C${n(X(0.3))} ${n(Y(0.4))} ${n(X(0.6))} ${n(Y(0.88))} ${n(X(1))} ${n(Y(0.52))}V${n(Y(1))}H${n(x)}Z" fill="#fff" opacity=".2"/>`,
    );
    s.push(
      `<path d="M${n(x)} ${n(Y(0.8))}C${n(X(0.35))} ${n(Y(0.66))} ${n(X(0.7))} ${n(Y(1))} ${n(X(1))} ${n(Y(0.74))}V${n(Y(1))}H${n(x)}Z" fill="#fff" opacity=".22"/>`,
    );
    s.push(circle(X(0.76), Y(0.3), m * 0.16, '#fff', ' opacity=".25"'));
  } else if (kind === 'photo') {
    s.push(rect(x, y, w, h, 0, c.lg('wp', [wp[1], '#fef9c3'])));
    s.push(circle(X(0.7), Y(0.36), m * 0.11, '#fff', ' opacity=".9"'));
    s.push(
      `<path d="M${n(x)} ${n(Y(0.78))}L${n(X(0.28))} ${n(Y(0.4))}L${n(X(0.48))} ${n(Y(0.66))}L${n(X(0.66))} ${n(Y(0.46))}L${n(X(1))} ${n(Y(0.82))}V${n(Y(1))}H${n(x)}Z" fill="${wp[0]}" opacity=".75"/>`,
    );
    s.push(
      `<path d="M${n(x)} ${n(Y(0.9))}C${n(X(0.3))} ${n(Y(0.74))} ${n(X(0.6))} ${n(Y(0.84))} ${n(X(1))} ${n(Y(0.76))}V${n(Y(1))}H${n(x)}Z" fill="#0f172a" opacity=".55"/>`,
    );
  } else if (kind === 'app') {
    s.push(rect(x, y, w, h, 0, '#f8fafc'));
    const wide = w > h * 1.1;
    const sx = wide ? X(0.22) : x;
    if (wide) {
      s.push(rect(x, y, w * 0.22, h, 0, '#e2e8f0'));
      for (let i = 0; i < 5; i++)
        s.push(
          rect(
            X(0.03),
            Y(0.12 + i * 0.1),
            w * (i === 1 ? 0.15 : 0.12),
            h * 0.045,
            4,
            i === 1 ? wp[0] : '#94a3b8',
            i === 1 ? '' : ' opacity=".6"',
          ),
        );
    }
    const mw = x + w - sx;
    const pad = mw * 0.06;
    s.push(rect(sx + pad, Y(0.08), mw - 2 * pad, h * 0.3, 8, c.lg('wp', wp, 0, 0, 1, 1)));
    s.push(rect(sx + pad * 1.8, Y(0.16), mw * 0.35, h * 0.05, 4, '#fff', ' opacity=".85"'));
    s.push(rect(sx + pad * 1.8, Y(0.25), mw * 0.22, h * 0.04, 4, '#fff', ' opacity=".55"'));
    const cols = wide ? 3 : 1;
    const rows = wide ? 1 : 3;
    const cw = (mw - pad * (cols + 1)) / cols;
    const ch = wide ? h * 0.5 : h * 0.15;
    for (let r2 = 0; r2 < rows; r2++)
      for (let i = 0; i < cols; i++) {
        const cx = sx + pad + i * (cw + pad);
        const cy = Y(0.44) + r2 * (ch + h * 0.035);
        s.push(rect(cx, cy, cw, ch, 8, '#fff', ' stroke="#e2e8f0" stroke-width="2"'));
        const col = ICON[(i + r2 * 2 + 2) % ICON.length];
        if (wide) {
          s.push(rect(cx + 8, cy + 8, cw - 16, ch * 0.5, 5, col, ' opacity=".8"'));
          s.push(rect(cx + 8, cy + ch * 0.66, cw * 0.6, ch * 0.09, 3, '#cbd5e1'));
          s.push(rect(cx + 8, cy + ch * 0.8, cw * 0.35, ch * 0.09, 3, '#e2e8f0'));
        } else {
          s.push(rect(cx + 8, cy + 8, ch - 16, ch - 16, 6, col, ' opacity=".8"'));
          s.push(rect(cx + ch, cy + ch * 0.3, cw * 0.45, ch * 0.14, 3, '#cbd5e1'));
          s.push(rect(cx + ch, cy + ch * 0.56, cw * 0.28, ch * 0.14, 3, '#e2e8f0'));
        }
      }
  } else if (kind === 'code') {
    s.push(rect(x, y, w, h, 0, '#0f172a'));
    s.push(rect(x, y, w, h * 0.09, 0, '#1e293b'));
    ['#f87171', '#fbbf24', '#34d399'].forEach((col, i) => {
      s.push(circle(x + 14 + i * 14, Y(0.045), 4, col));
    });
    const lines = [
      [0, 0.3],
      [1, 0.42],
      [2, 0.5],
      [2, 0.34],
      [1, 0.2],
      [1, 0.46],
      [2, 0.38],
      [3, 0.3],
      [2, 0.22],
      [1, 0.12],
      [0, 0.08],
    ];
    const cols = ['#60a5fa', '#f472b6', '#34d399', '#fbbf24', '#a78bfa', '#94a3b8'];
    const lh = (h * 0.84) / lines.length;
    lines.forEach(([ind, len], i) => {
      const ly = Y(0.13) + i * lh;
      const lx = x + 14 + ind * w * 0.05;
      s.push(rect(lx, ly, w * len * 0.35, lh * 0.45, 2, cols[i % cols.length]));
      s.push(rect(lx + w * len * 0.35 + 6, ly, w * len * 0.55, lh * 0.45, 2, cols[(i + 3) % cols.length], ' opacity=".6"'));
    });
    s.push(rect(X(0.78), Y(0.13), w * 0.18, h * 0.5, 4, wp[0], ' opacity=".25"'));
  } else if (kind === 'icons') {
    s.push(rect(x, y, w, h, 0, c.lg('wp', wp, 0, 0, 1, 1)));
    const portrait = h > w;
    const cols = portrait ? 4 : 6;
    const rows = portrait ? 5 : 3;
    const cell = (w * 0.84) / cols;
    const sz = cell * 0.68;
    for (let r2 = 0; r2 < rows; r2++)
      for (let i = 0; i < cols; i++) {
        const ix = X(0.08) + i * cell + (cell - sz) / 2;
        const iy = Y(portrait ? 0.1 : 0.1) + r2 * cell * (portrait ? 1.05 : 1.0);
        s.push(rect(ix, iy, sz, sz, sz * 0.26, ICON[(i * 3 + r2 * 5) % ICON.length]));
      }
    const dh = portrait ? h * 0.11 : h * 0.17;
    s.push(rect(X(0.06), Y(0.97) - dh, w * 0.88, dh, dh * 0.35, '#fff', ' opacity=".3"'));
    for (let i = 0; i < 4; i++) {
      const dsz = dh * 0.66;
      const gap = (w * 0.88 - dsz * 4) / 5;
      s.push(
        rect(X(0.06) + gap + i * (dsz + gap), Y(0.97) - dh + (dh - dsz) / 2, dsz, dsz, dsz * 0.26, '#fff', ' opacity=".85"'),
      );
    }
  } else if (kind === 'draw') {
    s.push(rect(x, y, w, h, 0, '#fff'));
    s.push(rect(x, y, w, h * 0.1, 0, '#f1f5f9'));
    ICON.slice(0, 5).forEach((col, i) => {
      s.push(circle(x + 20 + i * 22, Y(0.05), 6, col));
    });
    s.push(
      `<path d="M${n(X(0.12))} ${n(Y(0.7))}C${n(X(0.25))} ${n(Y(0.25))} ${n(X(0.4))} ${n(Y(0.9))} ${n(X(0.55))} ${n(Y(0.45))}S${n(X(0.8))} ${n(Y(0.3))} ${n(X(0.88))} ${n(Y(0.6))}" fill="none" stroke="${wp[0]}" stroke-width="${n(m * 0.035)}" stroke-linecap="round"/>`,
    );
    s.push(
      `<path d="M${n(X(0.15))} ${n(Y(0.85))}C${n(X(0.4))} ${n(Y(0.7))} ${n(X(0.6))} ${n(Y(0.95))} ${n(X(0.85))} ${n(Y(0.8))}" fill="none" stroke="${wp[1]}" stroke-width="${n(m * 0.025)}" stroke-linecap="round"/>`,
    );
    s.push(circle(X(0.72), Y(0.32), m * 0.1, wp[1], ' opacity=".35"'));
  }
  return `<g clip-path="${clip}">${s.join('')}</g>`;
}

// ---------------------------------------------------------------- devices

/** o: { fin, view: 'front'|'open', kind, wp } */
function laptop(c, o) {
  const [li, ba, da] = o.fin;
  const lid = c.lg('lid', [li, ba]);
  const deck = c.lg('deck', [li, ba, da]);
  const out = [];
  if (o.view === 'front') {
    out.push(shadow(c, 400, 446, 320, 26));
    out.push(rect(180, 112, 440, 290, 18, lid));
    out.push(rect(187, 119, 426, 276, 12, '#0b1120'));
    out.push(screen(c, 200, 132, 400, 250, 4, o.kind, o.wp));
    out.push(circle(400, 125.5, 2.5, '#334155'));
    out.push(`<path d="M150 400H650L684 428Q686 440 672 440H128Q114 440 116 428Z" fill="${deck}"/>`);
    out.push(`<path d="M352 400H448V405Q448 411 442 411H358Q352 411 352 405Z" fill="${da}"/>`);
    out.push(`<path d="M151 401H649" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>`);
  } else {
    out.push(shadow(c, 400, 512, 330, 26));
    out.push(rect(212, 72, 376, 250, 16, lid));
    out.push(rect(218, 78, 364, 238, 11, '#0b1120'));
    out.push(screen(c, 230, 90, 340, 214, 4, o.kind, o.wp));
    out.push(`<path d="M206 322H594L694 496Q698 506 686 506H114Q102 506 106 496Z" fill="${deck}"/>`);
    out.push(`<path d="M107 498H693V502Q693 512 681 512H119Q107 512 107 502Z" fill="${da}"/>`);
    // keyboard: rows of keys drawn as dashed strokes, widening towards the viewer
    const hw = (y) => 194 + ((y - 322) * 100) / 174;
    const key = o.keys || '#1e293b';
    for (let i = 0; i < 6; i++) {
      const y = 340 + i * 19.5;
      const half = hw(y) - 34;
      const sw = 11 + i * 0.9;
      if (i < 5) {
        const pitch = (2 * half) / 13;
        out.push(
          `<path d="M${n(400 - half + pitch * 0.08)} ${n(y)}H${n(400 + half)}" stroke="${key}" stroke-width="${n(sw)}" stroke-dasharray="${n(pitch * 0.84)} ${n(pitch * 0.16)}" opacity=".85"/>`,
        );
      } else {
        const pitch = (2 * half) / 13;
        const k = n(pitch * 0.84),
          g = n(pitch * 0.16),
          sp = n(pitch * 6 + pitch * 0.84);
        out.push(
          `<path d="M${n(400 - half + pitch * 0.08)} ${n(y)}H${n(400 + half)}" stroke="${key}" stroke-width="${n(sw)}" stroke-dasharray="${[k, g, k, g, k, g, sp, g, k, g, k, g, k, g, k, g].join(' ')}" opacity=".85"/>`,
        );
      }
    }
    out.push(
      `<path d="M332 452H468L474 490H326Z" fill="${da}" opacity=".3" stroke="${da}" stroke-opacity=".3" stroke-linejoin="round" stroke-width="6"/>`,
    );
    out.push(`<path d="M207 323H593" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>`);
  }
  return out.join('\n');
}

function phoneFront(c, x, y, w, h, fin, kind, wp) {
  const [li, ba, da] = fin;
  const r = w * 0.17;
  return [
    rect(x - 3, y + h * 0.2, 6, h * 0.08, 2, da),
    rect(x - 3, y + h * 0.31, 6, h * 0.08, 2, da),
    rect(x + w - 3, y + h * 0.25, 6, h * 0.13, 2, da),
    rect(x, y, w, h, r, c.lg('body', [li, ba, da], 0, 0, 1, 1)),
    rect(x + 4, y + 4, w - 8, h - 8, r - 4, '#0b1120'),
    screen(c, x + 11, y + 11, w - 22, h - 22, r - 11, kind, wp),
    rect(x + w * 0.35, y + 20, w * 0.3, 13, 6.5, '#000'),
  ].join('\n');
}

function phoneBack(c, x, y, w, h, fin, lenses) {
  const [li, ba, da] = fin;
  const r = w * 0.17;
  const m = w * 0.46;
  const out = [
    rect(x, y, w, h, r, c.lg('back', [li, ba, da], 0, 0, 1, 1)),
    rect(x + 4, y + 4, w - 8, h - 8, r - 4, 'none', ` stroke="#fff" stroke-opacity=".3" stroke-width="2"`),
    rect(x + 14, y + 14, m, m, m * 0.28, da, ' opacity=".55"'),
  ];
  const lr = m * 0.2;
  const pos =
    lenses === 3
      ? [
          [0.3, 0.28],
          [0.3, 0.72],
          [0.72, 0.5],
        ]
      : [
          [0.3, 0.3],
          [0.3, 0.7],
        ];
  for (const [px, py] of pos) {
    const cx = x + 14 + m * px,
      cy = y + 14 + m * py;
    out.push(
      circle(cx, cy, lr + 4, '#475569'),
      circle(cx, cy, lr, '#0b1120'),
      circle(cx, cy, lr * 0.5, '#1e3a8a'),
      circle(cx - lr * 0.25, cy - lr * 0.25, lr * 0.18, '#fff', ' opacity=".6"'),
    );
  }
  out.push(circle(x + 14 + m * 0.74, y + 14 + m * (lenses === 3 ? 0.18 : 0.3), m * 0.07, '#fef3c7'));
  out.push(circle(x + w / 2, y + h * 0.5, w * 0.08, '#fff', ' opacity=".3"'));
  return out.join('\n');
}

/** o: { fin, layout: 'single'|'pair', kind, wp, lenses } */
function mobile(c, o) {
  const w = 196,
    h = 400;
  if (o.layout === 'single') {
    return [shadow(c, 400, 508, 170, 22), phoneFront(c, 302, 92, w, h, o.fin, o.kind, o.wp)].join('\n');
  }
  return [
    shadow(c, 400, 512, 260, 24),
    `<g transform="rotate(-9 310 300)">${phoneBack(c.sub('b'), 212, 104, w, h, o.fin, o.lenses)}</g>`,
    `<g transform="rotate(7 490 300)">${phoneFront(c.sub('f'), 392, 92, w, h, o.fin, o.kind, o.wp)}</g>`,
  ].join('\n');
}

/** o: { fin, orient: 'land'|'port', kind, wp, pencil } */
function tablet(c, o) {
  const [li, ba, da] = o.fin;
  const [x, y, w, h, r] = o.orient === 'land' ? [150, 112, 500, 356, 28] : [252, 70, 296, 420, 26];
  const out = [shadow(c, 400, y + h + 26, w * 0.62, 24)];
  out.push(rect(x, y, w, h, r, c.lg('body', [li, ba, da], 0, 0, 1, 1)));
  out.push(rect(x + 5, y + 5, w - 10, h - 10, r - 5, '#0b1120'));
  out.push(screen(c, x + 17, y + 17, w - 34, h - 34, r - 16, o.kind, o.wp));
  out.push(circle(x + w / 2, y + 11, 2.5, '#334155'));
  if (o.pencil) {
    const [px, py, deg] = o.orient === 'land' ? [520, 528, -8] : [636, 300, -76];
    out.push(
      `<g transform="rotate(${deg} ${px} ${py})">` +
        rect(px - 150, py - 7, 280, 14, 7, '#f8fafc', ' stroke="#cbd5e1" stroke-width="1.5"') +
        `<path d="M${px + 130} ${py - 7}L${px + 160} ${py}L${px + 130} ${py + 7}Z" fill="#e2e8f0"/>` +
        `<path d="M${px + 150} ${py - 2.3}L${px + 160} ${py}L${px + 150} ${py + 2.3}Z" fill="#334155"/>` +
        rect(px - 60, py - 7, 3, 14, 0, '#cbd5e1') +
        `</g>`,
    );
  }
  return out.join('\n');
}

/** o: { fin, style: 'retro'|'modern', lensR, accent } */
function camera(c, o) {
  const [li, ba, da] = o.fin;
  const R = o.lensR;
  const cx = 372,
    cy = 348;
  const out = [shadow(c, 400, 476, 270, 24)];
  const metal = c.lg('metal', [li, ba]);
  // top controls
  out.push(rect(470, 196, 40, 28, 6, da));
  out.push(`<path d="M476 200V222M484 200V222M492 200V222M500 200V222" stroke="${li}" stroke-opacity=".5" stroke-width="2"/>`);
  out.push(rect(530, 204, 38, 20, 7, o.style === 'retro' ? '#1f2937' : da));
  out.push(rect(538, 198, 22, 8, 4, o.accent));
  // viewfinder hump
  out.push(
    `<path d="M${cx - 66} 230L${cx - 48} 168Q${cx - 45} 158 ${cx - 34} 158H${cx + 34}Q${cx + 45} 158 ${cx + 48} 168L${cx + 66} 230Z" fill="${o.style === 'retro' ? metal : da}"/>`,
  );
  out.push(rect(cx - 26, 172, 52, 24, 5, '#0b1120', ' opacity=".75"'));
  if (o.style === 'retro') {
    out.push(rect(190, 220, 420, 246, 30, '#292524'));
    out.push(`<path d="M190 292V250Q190 220 220 220H580Q610 220 610 250V292Z" fill="${metal}"/>`);
    out.push(`<path d="M190 434V420H610V434Q610 466 580 466H220Q190 466 190 434Z" fill="${metal}"/>`);
    out.push(rect(190, 292, 420, 128, 0, 'none', ' stroke="#fff" stroke-opacity=".08" stroke-width="2" stroke-dasharray="2 4"'));
  } else {
    out.push(rect(190, 220, 420, 246, 30, c.lg('body', [li, ba, da])));
    out.push(
      `<path d="M528 220H580Q610 220 610 250V436Q610 466 580 466H528Q508 466 508 440V246Q508 220 528 220Z" fill="${da}" opacity=".7"/>`,
    );
    out.push(rect(190, 222, 420, 6, 3, '#fff', ' opacity=".25"'));
  }
  out.push(circle(238, 258, 10, '#fef3c7', ' stroke="#0b1120" stroke-opacity=".4" stroke-width="3"'));
  out.push(rect(182, 246, 12, 22, 4, '#64748b'), rect(606, 246, 12, 22, 4, '#64748b'));
  // lens
  out.push(circle(cx, cy, R, '#111827'));
  out.push(circle(cx, cy, R * 0.88, 'none', ` stroke="#374151" stroke-width="${n(R * 0.13)}" stroke-dasharray="3 3"`));
  out.push(circle(cx, cy, R * 0.72, '#1f2937', ` stroke="${o.accent}" stroke-width="3"`));
  out.push(circle(cx, cy, R * 0.6, c.rg('glass', ['#60a5fa', '#312e81', '#020617'], 0.4, 0.38, 0.6)));
  out.push(circle(cx, cy, R * 0.3, '#0b1120', ' opacity=".7"'));
  out.push(
    `<ellipse cx="${n(cx - R * 0.22)}" cy="${n(cy - R * 0.24)}" rx="${n(R * 0.16)}" ry="${n(R * 0.09)}" transform="rotate(-40 ${n(cx - R * 0.22)} ${n(cy - R * 0.24)})" fill="#fff" opacity=".55"/>`,
  );
  out.push(circle(cx + R * 0.2, cy + R * 0.22, R * 0.05, '#fff', ' opacity=".35"'));
  return out.join('\n');
}

/** o: { fin, cushion, accent, tilt } */
function headphones(c, o) {
  const [li, ba, da] = o.fin;
  const body = c.lg('body', [li, ba, da], 0, 0, 1, 1);
  const out = [shadow(c, 400, 520, 250, 22), `<g transform="rotate(${o.tilt} 400 330)">`];
  out.push(`<path d="M222 352C222 104 578 104 578 352" fill="none" stroke="${da}" stroke-width="34" stroke-linecap="round"/>`);
  out.push(`<path d="M222 352C222 104 578 104 578 352" fill="none" stroke="${ba}" stroke-width="24" stroke-linecap="round"/>`);
  out.push(
    `<path d="M256 250C274 172 326 148 400 148" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="6" stroke-linecap="round"/>`,
  );
  for (const side of [-1, 1]) {
    const cx = 400 + side * 178;
    out.push(rect(cx - 9, 320, 18, 48, 6, '#cbd5e1'));
    out.push(rect(side < 0 ? cx + 12 : cx - 62, 334, 50, 158, 24, o.cushion));
    out.push(rect(cx - 48, 322, 96, 182, 44, body));
    out.push(rect(cx - 34, 340, 68, 146, 32, 'none', ` stroke="${o.accent}" stroke-width="5"`));
    out.push(rect(cx - 40, 330, 14, 60, 7, '#fff', ' opacity=".25"'));
  }
  out.push('</g>');
  return out.join('\n');
}

/** o: { fin, shape: 'square'|'round', strap, face, wp } */
function watch(c, o) {
  const [li, ba, da] = o.fin;
  const [s1, s2] = o.strap;
  const out = [shadow(c, 400, 566, 150, 16)];
  const strap = c.lg('strap', [s1, s2, s1], 0, 0, 1, 0);
  out.push(`<path d="M338 230V66Q338 40 364 40H436Q462 40 462 66V230Z" fill="${strap}"/>`);
  out.push(`<path d="M338 370V534Q338 560 364 560H436Q462 560 462 534V370Z" fill="${strap}"/>`);
  out.push(
    `<path d="M350 210V72Q350 52 370 52H430Q450 52 450 72V210M350 390V528Q350 548 370 548H430Q450 548 450 528V390" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2" stroke-dasharray="6 5"/>`,
  );
  out.push(
    circle(400, 476, 5, '#000', ' opacity=".25"'),
    circle(400, 500, 5, '#000', ' opacity=".25"'),
    circle(400, 524, 5, '#000', ' opacity=".25"'),
  );
  const body = c.lg('case', [li, ba, da], 0, 0, 1, 1);
  let fx, fy, fr; // face centre + radius
  if (o.shape === 'square') {
    out.push(rect(494, 258, 16, 38, 6, da), rect(498, 306, 8, 44, 4, da));
    out.push(rect(296, 178, 204, 244, 52, body));
    out.push(rect(305, 187, 186, 226, 44, '#0b1120'));
    fx = 398;
    fy = 300;
    fr = 80;
    const clip = c.clip('fc', rect(317, 199, 162, 202, 34, '#000'));
    out.push(`<g clip-path="${clip}">${face(c, fx, fy, fr, o.face, o.wp)}</g>`);
  } else {
    out.push(rect(508, 282, 18, 36, 6, da));
    out.push(circle(400, 300, 122, body));
    out.push(circle(400, 300, 108, '#0b1120'));
    fx = 400;
    fy = 300;
    fr = 98;
    const clip = c.clip('fc', circle(400, 300, 100, '#000'));
    out.push(`<g clip-path="${clip}">${face(c, fx, fy, fr, o.face, o.wp)}</g>`);
  }
  return out.join('\n');
}

function face(c, x, y, r, kind, wp) {
  const s = [];
  if (kind === 'rings') {
    s.push(rect(x - 120, y - 120, 240, 240, 0, '#000'));
    [
      ['#fa114f', 0.78, 0.82],
      ['#a6ff00', 0.58, 0.6],
      ['#00e5ff', 0.38, 0.7],
    ].forEach(([col, rr, frac]) => {
      const R = r * rr;
      const C = 2 * Math.PI * R;
      s.push(circle(x, y, R, 'none', ` stroke="${col}" stroke-opacity=".25" stroke-width="${n(r * 0.16)}"`));
      s.push(
        circle(
          x,
          y,
          R,
          'none',
          ` stroke="${col}" stroke-width="${n(r * 0.16)}" stroke-linecap="round" stroke-dasharray="${n(C * frac)} ${n(C)}" transform="rotate(-90 ${n(x)} ${n(y)})"`,
        ),
      );
    });
  } else if (kind === 'analog') {
    s.push(rect(x - 120, y - 120, 240, 240, 0, c.rg('dial', ['#ffffff', '#e2e8f0'])));
    const R = r * 0.86;
    const C = 2 * Math.PI * R;
    s.push(
      circle(
        x,
        y,
        R,
        'none',
        ` stroke="#334155" stroke-width="${n(r * 0.12)}" stroke-dasharray="3 ${n(C / 12 - 3)}" transform="rotate(-90.5 ${n(x)} ${n(y)})"`,
      ),
    );
    s.push(
      circle(
        x,
        y,
        R * 1.02,
        'none',
        ` stroke="#94a3b8" stroke-width="${n(r * 0.05)}" stroke-dasharray="1 ${n((C * 1.02) / 60 - 1)}"`,
      ),
    );
    const hand = (deg, len, wdt, col) =>
      `<path d="M${n(x)} ${n(y + len * 0.15)}V${n(y - len)}" stroke="${col}" stroke-width="${wdt}" stroke-linecap="round" transform="rotate(${deg} ${n(x)} ${n(y)})"/>`;
    s.push(hand(-55, r * 0.48, 7, '#0f172a'), hand(60, r * 0.7, 5, '#0f172a'), hand(150, r * 0.78, 2, wp[0]));
    s.push(circle(x, y, 6, wp[0]), circle(x, y, 2.5, '#fff'));
  } else if (kind === 'heart') {
    s.push(rect(x - 120, y - 120, 240, 240, 0, '#000'));
    const hx = x,
      hy = y - r * 0.32;
    s.push(
      `<path d="M${n(hx)} ${n(hy + 24)}C${n(hx - 40)} ${n(hy - 2)} ${n(hx - 26)} ${n(hy - 32)} ${n(hx)} ${n(hy - 14)}C${n(hx + 26)} ${n(hy - 32)} ${n(hx + 40)} ${n(hy - 2)} ${n(hx)} ${n(hy + 24)}Z" fill="#f43f5e"/>`,
    );
    const py = y + r * 0.35;
    s.push(
      `<path d="M${n(x - r)} ${n(py)}H${n(x - 30)}L${n(x - 20)} ${n(py - 14)}L${n(x - 8)} ${n(py + 22)}L${n(x + 4)} ${n(py - 40)}L${n(x + 14)} ${n(py + 10)}L${n(x + 22)} ${n(py)}H${n(x + r)}" fill="none" stroke="${wp[1]}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  } else if (kind === 'weather') {
    s.push(rect(x - 120, y - 120, 240, 240, 0, c.lg('sky', ['#38bdf8', '#1d4ed8'])));
    s.push(circle(x + r * 0.2, y - r * 0.22, r * 0.32, '#fde047'));
    s.push(
      `<g fill="#fff">${circle(x - r * 0.32, y + r * 0.2, r * 0.2)}${circle(x - r * 0.04, y + r * 0.06, r * 0.3)}${circle(x + r * 0.28, y + r * 0.2, r * 0.2)}${rect(x - r * 0.32, y + r * 0.2, r * 0.6, r * 0.2, 0, '#fff')}</g>`,
    );
    s.push(rect(x - r * 0.5, y + r * 0.62, r * 1.0, r * 0.1, r * 0.05, '#fff', ' opacity=".6"'));
  }
  return s.join('');
}

// ---------------------------------------------------------------- variants

const fin = (i) => FIN[FIN_ORDER[i % FIN_ORDER.length]];
const STRAPS = [
  ['#1f2937', '#374151'],
  ['#f97316', '#fb923c'],
  ['#e11d48', '#f43f5e'],
  ['#0f766e', '#14b8a6'],
  ['#f1f5f9', '#cbd5e1'],
  ['#78350f', '#a16207'],
  ['#4338ca', '#6366f1'],
  ['#be185d', '#ec4899'],
];
const ACCENT = ['#ef4444', '#f59e0b', '#22c55e', '#3b82f6', '#a855f7', '#ec4899', '#14b8a6', '#eab308'];

const CATEGORIES = {
  laptop: {
    draw: laptop,
    hero: { fin: FIN.silver, view: 'open', kind: 'waves', wp: WP[0] },
    variant: (i) => ({
      fin: fin(i),
      view: i % 2 ? 'open' : 'front',
      kind: ['waves', 'app', 'photo', 'code', 'app', 'waves', 'code', 'photo'][i],
      wp: WP[(i * 3) % 8],
    }),
  },
  mobile: {
    draw: mobile,
    hero: { fin: FIN.midnight, layout: 'pair', kind: 'icons', wp: WP[4], lenses: 3 },
    variant: (i) => ({
      fin: [FIN.graphite, FIN.blue, FIN.rose, FIN.silver, FIN.green, FIN.purple, FIN.coral, FIN.gold][i],
      layout: i % 3 === 1 ? 'single' : 'pair',
      kind: ['icons', 'photo', 'waves', 'app', 'photo', 'icons', 'waves', 'app'][i],
      wp: WP[(i * 5 + 1) % 8],
      lenses: i % 2 ? 2 : 3,
    }),
  },
  ipad: {
    draw: tablet,
    hero: { fin: FIN.silver, orient: 'land', kind: 'draw', wp: WP[3], pencil: true },
    variant: (i) => ({
      fin: [FIN.graphite, FIN.silver, FIN.purple, FIN.blue, FIN.gold, FIN.midnight, FIN.rose, FIN.green][i],
      orient: i % 3 === 2 ? 'port' : 'land',
      kind: ['icons', 'draw', 'photo', 'app', 'waves', 'icons', 'draw', 'photo'][i],
      wp: WP[(i * 3 + 2) % 8],
      pencil: i % 2 === 1,
    }),
  },
  camera: {
    draw: camera,
    hero: { fin: FIN.silver, style: 'retro', lensR: 104, accent: '#ef4444' },
    variant: (i) => ({
      fin: [FIN.black, FIN.silver, FIN.graphite, FIN.gold, FIN.midnight, FIN.white, FIN.black, FIN.green][i],
      style: [1, 3, 5, 7].includes(i) ? 'retro' : 'modern',
      lensR: [96, 82, 116, 100, 108, 90, 122, 88][i],
      accent: ACCENT[i],
    }),
  },
  headphone: {
    draw: headphones,
    hero: { fin: FIN.midnight, cushion: '#0f172a', accent: '#60a5fa', tilt: 0 },
    variant: (i) => ({
      fin: [FIN.black, FIN.white, FIN.blue, FIN.rose, FIN.silver, FIN.green, FIN.coral, FIN.purple][i],
      cushion: ['#111827', '#94a3b8', '#1e3a8a', '#9f1239', '#334155', '#14532d', '#7c2d12', '#3b0764'][i],
      accent: ACCENT[(i + 3) % 8],
      tilt: [0, -8, 6, 0, -5, 8, -10, 4][i],
    }),
  },
  watch: {
    draw: watch,
    hero: { fin: FIN.midnight, shape: 'square', strap: ['#f97316', '#fb923c'], face: 'rings', wp: WP[1] },
    variant: (i) => ({
      fin: [FIN.silver, FIN.midnight, FIN.gold, FIN.graphite, FIN.rose, FIN.silver, FIN.black, FIN.gold][i],
      shape: i % 2 ? 'round' : 'square',
      strap: STRAPS[i],
      face: ['rings', 'analog', 'heart', 'analog', 'weather', 'rings', 'heart', 'analog'][i],
      wp: WP[(i * 3 + 1) % 8],
    }),
  },
};

// ---------------------------------------------------------------- files

function deviceImage(name, opts, bg, bgVariant) {
  const c = context();
  return doc(800, 600, c, [background(c, 800, 600, bg, bgVariant), CATEGORIES[name].draw(c, opts)]);
}

function banner() {
  const c = context();
  const place = (p, tx, ty, s, svg) => `<g transform="translate(${tx} ${ty}) scale(${s})">${svg(c.sub(p))}</g>`;
  const body = [
    `<rect width="1600" height="600" fill="${c.lg('bg', ['#e0e7ff', '#fce7f3', '#fef3c7'], 0, 0, 1, 1)}"/>`,
    circle(1380, 90, 220, '#fff', ' opacity=".35"'),
    circle(180, 560, 200, '#fff', ' opacity=".3"'),
    circle(820, 320, 270, '#fff', ' opacity=".3"'),
    place('h', -90, 96, 0.74, (k) => headphones(k, { fin: FIN.midnight, cushion: '#0f172a', accent: '#60a5fa', tilt: -8 })),
    place('l', 480, 24, 0.92, (k) => laptop(k, { fin: FIN.silver, view: 'open', kind: 'waves', wp: WP[0] })),
    place('c', 286, 250, 0.58, (k) => camera(k, { fin: FIN.silver, style: 'retro', lensR: 100, accent: '#ef4444' })),
    place('p', 880, 140, 0.78, (k) => mobile(k, { fin: FIN.blue, layout: 'single', kind: 'photo', wp: WP[6] })),
    place('w', 1120, 90, 0.78, (k) =>
      watch(k, { fin: FIN.midnight, shape: 'square', strap: ['#f97316', '#fb923c'], face: 'rings', wp: WP[1] }),
    ),
  ];
  return doc(1600, 600, c, body);
}

function fallback() {
  const c = context();
  return doc(800, 600, c, [
    `<rect width="800" height="600" fill="#f1f5f9"/>`,
    circle(400, 300, 150, '#e2e8f0'),
    `<g transform="translate(304 204) scale(8)" fill="none" stroke="#94a3b8" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">`,
    `<path d="M2 2l20 20M21 15V5a2 2 0 0 0-2-2H9M3.6 3.6A2 2 0 0 0 3 5v14a2 2 0 0 0 2 2h14a2 2 0 0 0 1.4-.6"/>`,
    `<path d="M10.4 10.4a2 2 0 1 1-2.8-2.8M13.5 13.5L6 21M18 12l3 3"/>`,
    `</g>`,
  ]);
}

function write(rel, text) {
  const file = join(OUT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return text.length;
}

const written = [];
const names = Object.keys(CATEGORIES);
names.forEach((name, ci) => {
  written.push([
    `categories/${name}.svg`,
    write(`categories/${name}.svg`, deviceImage(name, CATEGORIES[name].hero, BG[(ci * 3) % 8], ci)),
  ]);
  for (let i = 0; i < 8; i++) {
    const rel = `products/${name}-${i + 1}.svg`;
    const bg = BG[(i + ci * 5) % BG.length];
    written.push([rel, write(rel, deviceImage(name, CATEGORIES[name].variant(i), bg, i + ci))]);
  }
});
written.push(['banner.svg', write('banner.svg', banner())]);
written.push(['fallback.svg', write('fallback.svg', fallback())]);

const total = written.reduce((s, [, b]) => s + b, 0);
const biggest = written.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`wrote ${written.length} files, ${total} bytes (largest ${biggest[0]}: ${biggest[1]} bytes)`);
