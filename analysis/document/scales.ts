/**
 * Scale words of captions and headers ("in thousands", "$000", "€m", "Rs. in crore", 百万円) and
 * what they multiply by: one table for document.tables and for kpi.extract.
 */

/** Scale word (lower case) → multiplier: the words tables.ts SCALE_FORMS and kpi_table.ts captions capture. */
export const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  "000": 1e3,
  "000s": 1e3,
  k: 1e3,
  tsd: 1e3,
  t: 1e3,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  mln: 1e6,
  mio: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  mrd: 1e9,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  crore: 1e7,
  crores: 1e7,
  "千": 1e3,
  "百万": 1e6,
  "億": 1e8,
};
