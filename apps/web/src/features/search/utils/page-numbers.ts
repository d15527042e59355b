/**
 * The page numbers to show around the current page: always the first and last, the current one and its
 * neighbours, with 'gap' where pages are skipped. 1 … 4 5 6 … 20.
 */
export function pageNumbers(current: number, total: number, siblings = 1): (number | 'gap')[] {
  if (total <= 0) return [];
  const pages = new Set<number>([1, total]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push('gap');
    out.push(p);
  }
  return out;
}
