import type { BenchRow } from './compare.js';

const columns: { title: string; cell(row: BenchRow): string }[] = [
  { title: 'comparison', cell: (row) => (row.role === 'subject' ? row.comparison : '') },
  { title: 'arm', cell: (row) => row.arm },
  { title: 'req/s', cell: (row) => row.reqPerSec.toFixed(0) },
  { title: 'p50 ms', cell: (row) => row.p50Ms.toFixed(2) },
  { title: 'p99 ms', cell: (row) => row.p99Ms.toFixed(2) },
  { title: 'CPU µs/req', cell: (row) => row.cpuUsPerRequest.toFixed(0) },
  { title: 'errors', cell: (row) => String(row.errors) },
  // CPU per request over the baseline's where the target reads <=, else requests per second over the baseline's.
  { title: 'ratio', cell: (row) => (row.ratio === null ? '' : row.ratio.toFixed(2)) },
  {
    title: 'target',
    cell: (row) =>
      row.goal ?? (row.target === null ? '' : `${row.ratioOf === 'cpu' ? '<=' : '>='} ${row.target.toFixed(2)}`),
  },
  { title: 'result', cell: (row) => (row.pass === null ? '' : row.pass ? 'PASS' : 'FAIL') },
];

/** A plain-text table, one line per arm, the subject above its baseline. */
export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    values.map((value, i) => (i < 2 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.title)), rule, ...cells.map(line)].join('\n');
}
