/** The benchmark as an SVG bar chart: one panel per database, req/s bars, latency beside each bar. */
import type { Row } from './run';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const LABELS: Record<string, string> = {
  'pg-1m': 'PostgreSQL, 1M products',
  'pg-100k': 'PostgreSQL, 100k products',
  'pglite-100k': 'Embedded PGlite, 100k products',
};

export function renderSvg(
  rows: Row[],
  machine: { cpus: number; node: string; postgres: string },
  settings: { connections: number; durationSeconds: number; rounds?: number },
): string {
  const targets = [...new Set(rows.map((r) => r.target))];
  const width = 1160;
  const left = 110;
  const barMax = 420;
  const barH = 22;
  const gap = 8;
  const out: string[] = [];
  const under: string[] = [];
  let y = 88;
  for (const t of targets) {
    const rs = rows.filter((r) => r.target === t);
    const max = Math.max(...rs.map((r) => r.reqPerSec), 1);
    const ceiling = rs.find((r) => r.call === 'ceiling');
    out.push(`<text x="16" y="${y}" class="h">${esc(LABELS[t] ?? t)}</text>`);
    y += 12;
    const top = y;
    for (const r of rs) {
      const w = Math.max(1, Math.round((r.reqPerSec / max) * barMax));
      const cls = r.call === 'ceiling' ? 'ceil' : 'bar';
      out.push(`<text x="${left - 8}" y="${y + 16}" class="l" text-anchor="end">${esc(r.call)}</text>`);
      out.push(`<rect x="${left}" y="${y}" width="${w}" height="${barH}" class="${cls}"/>`);
      const ratio = r.ratio !== undefined && r.call !== 'ceiling' ? ` · ${Math.round(r.ratio * 100)}% of ceiling` : '';
      const cpu =
        r.serverCpuUsPerReq !== undefined
          ? ` · cpu ${r.serverCpuUsPerReq}${r.dbCpuUsPerReq !== undefined ? ` + ${r.dbCpuUsPerReq} db` : ''} µs`
          : '';
      out.push(
        `<text x="${left + w + 8}" y="${y + 16}" class="v">${r.reqPerSec.toLocaleString('en')} req/s · p50 ${r.p50} ms · p99 ${r.p99} ms${ratio}${cpu}</text>`,
      );
      y += barH + gap;
    }
    if (ceiling) {
      const x = left + Math.round(((ceiling.reqPerSec * 0.7) / max) * barMax);
      under.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${y - gap + 4}" class="t"/>`);
      out.push(`<text x="${x}" y="${y + 10}" class="s" text-anchor="middle">70% of ceiling (median run)</text>`);
      y += 14;
    }
    y += 28;
  }
  const height = y + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
<style>
  .h { font-size: 15px; font-weight: 600; fill: #111; }
  .l { font-size: 13px; fill: #333; }
  .v { font-size: 12px; fill: #333; }
  .s { font-size: 11px; fill: #a33; }
  .bar { fill: #2f6fdb; }
  .ceil { fill: #999; }
  .t { stroke: #a33; stroke-width: 1.5; stroke-dasharray: 4 3; }
</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="16" y="26" font-size="18" font-weight="700" fill="#111">Catalog API throughput (${settings.connections} connections, ${settings.durationSeconds} s per run${settings.rounds && settings.rounds > 1 ? `, median of ${settings.rounds} runs per call` : ''})</text>
<text x="16" y="44" font-size="12" fill="#555">${machine.cpus} CPU cores shared by autocannon, the server and PostgreSQL ${esc(machine.postgres)} · Node ${esc(machine.node)} · cpu: CPU time per request of the server (+ its PostgreSQL backends)</text>
<text x="16" y="60" font-size="12" fill="#555">grey: the ceiling, bare Fastify + node-postgres answering the same page (same bytes); each call's % is against the ceiling run made just before it</text>
${under.join('\n')}
${out.join('\n')}
</svg>
`;
}
