// Charts as SVG text, drawn at generation time (no script, no fonts shipped):
// horizontal bars for "how long does each take", and a dot plot on a
// logarithmic axis for "how does it grow with the page count". Each chart is
// drawn twice, for light and dark pages; the page shows the one its colour
// mode wants. Numbers are printed with fixed decimals so the output is stable.

export type Tone = 'docsc' | 'floor' | 'peer';
export type Theme = 'light' | 'dark';

export interface Bar {
  label: string;
  /** A second, smaller line under the label. */
  detail?: string;
  value: number;
  tone: Tone;
}

export interface BarChart {
  title: string;
  subtitle: string;
  unit: string;
  bars: Bar[];
  /** How a value is printed beside its bar. */
  format: (value: number) => string;
}

export interface DotRow {
  label: string;
  /** Values at each size, in the order of `sizes`; a missing value is left out. */
  values: (number | undefined)[];
  tone: Tone;
}

export interface DotPlot {
  title: string;
  subtitle: string;
  /** The sizes compared, such as `1,000 pages`; the first is drawn hollow, the last filled. */
  sizes: string[];
  rows: DotRow[];
  format: (value: number) => string;
}

const PALETTE: Record<Theme, { text: string; muted: string; grid: string; tones: Record<Tone, string> }> = {
  light: { text: '#111827', muted: '#4b5563', grid: '#e5e7eb', tones: { docsc: '#0b7a5f', floor: '#6b7280', peer: '#b45309' } },
  dark: { text: '#f3f4f6', muted: '#c4c9d2', grid: '#374151', tones: { docsc: '#34d399', floor: '#9ca3af', peer: '#fbbf24' } },
};

const TONE_LABEL: Record<Tone, string> = { docsc: 'docsc', floor: 'floor: a lower bound, not a tool', peer: 'another tool' };

const WIDTH = 760;
const LABEL_WIDTH = 310;
const MARGIN = 8;
const VALUE_WIDTH = 90;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export function barChartSvg(chart: BarChart, theme: Theme, id: string): string {
  const colors = PALETTE[theme];
  const rowHeight = chart.bars.some((bar) => bar.detail) ? 44 : 34;
  const top = 64;
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 16;
  const { max, ticks } = axis(Math.max(...chart.bars.map((bar) => bar.value)));
  const plotHeight = chart.bars.length * rowHeight;
  const legendY = top + plotHeight + 44;
  const height = legendY + 22;
  const x = (value: number) => LABEL_WIDTH + (value / max) * plotWidth;
  const parts: string[] = [];
  for (const tick of ticks) {
    parts.push(line(x(tick), top - 6, x(tick), top + plotHeight, colors.grid));
    parts.push(text(x(tick), top + plotHeight + 18, `${trimNumber(tick)} ${chart.unit}`, colors.muted, 11, 'middle'));
  }
  chart.bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    const barY = y + (rowHeight - 18) / 2;
    const labelY = bar.detail ? y + rowHeight / 2 - 3 : y + rowHeight / 2 + 4;
    parts.push(text(LABEL_WIDTH - 12, labelY, bar.label, colors.text, 13, 'end', bar.tone === 'docsc' ? 600 : 400));
    if (bar.detail) parts.push(text(LABEL_WIDTH - 12, labelY + 15, bar.detail, colors.muted, 11, 'end'));
    const w = Math.max(1, x(bar.value) - LABEL_WIDTH);
    parts.push(`<rect x="${LABEL_WIDTH}" y="${fixed(barY)}" width="${fixed(w)}" height="18" rx="3" fill="${colors.tones[bar.tone]}"/>`);
    parts.push(text(LABEL_WIDTH + w + 8, barY + 13.5, chart.format(bar.value), colors.text, 12, 'start'));
  });
  parts.push(...legend([...new Set(chart.bars.map((bar) => bar.tone))], legendY, colors));
  return svg(id, chart.title, chart.subtitle, describeBars(chart), height, colors, parts);
}

export function dotPlotSvg(plot: DotPlot, theme: Theme, id: string): string {
  const colors = PALETTE[theme];
  const rowHeight = 32;
  const top = 64;
  const plotWidth = WIDTH - LABEL_WIDTH - 40;
  const values = plot.rows.flatMap((row) => row.values.filter((v): v is number => v !== undefined));
  const low = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values)));
  const x = (value: number) => LABEL_WIDTH + ((Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * plotWidth;
  const plotHeight = plot.rows.length * rowHeight;
  const legendY = top + plotHeight + 44;
  const height = legendY + 22;
  const parts: string[] = [];
  for (let tick = low; tick <= high * 1.0001; tick *= 10) {
    parts.push(line(x(tick), top - 6, x(tick), top + plotHeight, colors.grid));
    parts.push(text(x(tick), top + plotHeight + 18, `${trimNumber(tick)} s`, colors.muted, 11, 'middle'));
  }
  plot.rows.forEach((row, i) => {
    const y = top + i * rowHeight + rowHeight / 2;
    const color = colors.tones[row.tone];
    parts.push(text(LABEL_WIDTH - 12, y + 4, row.label, colors.text, 13, 'end', row.tone === 'docsc' ? 600 : 400));
    const points = row.values.map((value, k) => ({ value, k })).filter((p): p is { value: number; k: number } => p.value !== undefined);
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1] as { value: number };
      const b = points[k] as { value: number };
      parts.push(line(x(a.value), y, x(b.value), y, color, 2));
    }
    for (const point of points) {
      const filled = point.k === plot.sizes.length - 1;
      parts.push(
        `<circle cx="${fixed(x(point.value))}" cy="${fixed(y)}" r="5.5" fill="${filled ? color : 'none'}" stroke="${color}" stroke-width="2"/>`,
      );
    }
    const last = points[points.length - 1];
    if (last !== undefined) parts.push(text(x(last.value) + 10, y + 4, plot.format(last.value), colors.text, 12, 'start'));
  });
  const hollow = `<circle cx="${LABEL_WIDTH + 6}" cy="${legendY - 4}" r="5" fill="none" stroke="${colors.muted}" stroke-width="2"/>`;
  const filled = `<circle cx="${LABEL_WIDTH + 176}" cy="${legendY - 4}" r="5" fill="${colors.muted}"/>`;
  parts.push(hollow, text(LABEL_WIDTH + 16, legendY, plot.sizes[0] ?? '', colors.muted, 12, 'start'));
  parts.push(filled, text(LABEL_WIDTH + 186, legendY, plot.sizes[plot.sizes.length - 1] ?? '', colors.muted, 12, 'start'));
  return svg(id, plot.title, plot.subtitle, describeDots(plot), height, colors, parts);
}

function svg(
  id: string,
  title: string,
  subtitle: string,
  description: string,
  height: number,
  colors: (typeof PALETTE)[Theme],
  parts: string[],
): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="${FONT}">`,
    `<title id="${id}-title">${escapeXml(title)}</title>`,
    `<desc id="${id}-desc">${escapeXml(description)}</desc>`,
    text(MARGIN, 22, title, colors.text, 16, 'start', 600),
    text(MARGIN, 42, subtitle, colors.muted, 12, 'start'),
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

function legend(tones: Tone[], y: number, colors: (typeof PALETTE)[Theme]): string[] {
  const parts: string[] = [];
  let x = LABEL_WIDTH;
  for (const tone of tones) {
    parts.push(`<rect x="${x}" y="${y - 11}" width="12" height="12" rx="2" fill="${colors.tones[tone]}"/>`);
    parts.push(text(x + 18, y, TONE_LABEL[tone], colors.muted, 12, 'start'));
    x += 30 + TONE_LABEL[tone].length * 6.6;
  }
  return parts;
}

function describeBars(chart: BarChart): string {
  return `${chart.subtitle}. ${chart.bars.map((bar) => `${bar.label}${bar.detail ? ` (${bar.detail})` : ''}: ${chart.format(bar.value)}`).join('; ')}.`;
}

function describeDots(plot: DotPlot): string {
  const rows = plot.rows.map(
    (row) =>
      `${row.label}: ${row.values
        .map((value, k) => (value === undefined ? undefined : `${plot.format(value)} at ${plot.sizes[k]}`))
        .filter(Boolean)
        .join(', ')}`,
  );
  return `${plot.subtitle}. ${rows.join('; ')}.`;
}

function text(x: number, y: number, content: string, fill: string, size: number, anchor: 'start' | 'middle' | 'end', weight = 400): string {
  const bold = weight === 400 ? '' : ` font-weight="${weight}"`;
  return `<text x="${fixed(x)}" y="${fixed(y)}" fill="${fill}" font-size="${size}" text-anchor="${anchor}"${bold}>${escapeXml(content)}</text>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width = 1): string {
  return `<line x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}" stroke="${stroke}" stroke-width="${width}"/>`;
}

/** A linear axis from 0 past `value`: ticks every 1, 2, 2.5 or 5 times a power of ten, four to six of them. */
function axis(value: number): { max: number; ticks: number[] } {
  const rough = value / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((k) => k * power >= rough) ?? 10) * power;
  const count = Math.ceil(value / step - 1e-9);
  return { max: count * step, ticks: Array.from({ length: count + 1 }, (_, i) => i * step) };
}

function trimNumber(value: number): string {
  return Number(value.toPrecision(6)).toString();
}

function fixed(value: number): string {
  return Number(value.toFixed(1)).toString();
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
