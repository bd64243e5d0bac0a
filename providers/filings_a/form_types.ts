/**
 * SEC form types as people type them. EDGAR writes a form type one way (10-K, 8-K/A, DEF 14A,
 * SC 13G) and matches it exactly, so `10k` or `def14a` matched nothing and an answer said the
 * company had no such filings. A spelling that differs from a known type only in case, hyphens
 * and spaces is read as that type, and said; any other form is kept as typed (EDGAR has hundreds
 * of types, and a rare one is still a form), and `unknownFormNote` says so when it matched nothing.
 */
import { closest } from "../../core/suggest.ts";

/** Form types as EDGAR writes them: the periodic reports, current reports, proxies, ownership, registrations. */
const KNOWN = [
  "10-K",
  "10-Q",
  "10-KT",
  "10-QT",
  "10-K405",
  "10-KSB",
  "10-QSB",
  "10-KSB405",
  "10-KT405",
  "8-K",
  "8-K12B",
  "8-K12G3",
  "8-K15D5",
  "6-K",
  "20-F",
  "40-F",
  "11-K",
  "10-D",
  "ARS",
  "NT 10-K",
  "NT 10-Q",
  "NT 20-F",
  "NT 11-K",
  "DEF 14A",
  "DEFA14A",
  "DEFM14A",
  "DEFR14A",
  "PRE 14A",
  "PREM14A",
  "DEF 14C",
  "PRE 14C",
  "SC 13D",
  "SC 13G",
  "SC 13E3",
  "SC 14D9",
  "SC TO-I",
  "SC TO-T",
  "SCHEDULE 13D",
  "SCHEDULE 13G",
  "13F-HR",
  "13F-NT",
  "3",
  "4",
  "5",
  "144",
  "FORM 3",
  "FORM 4",
  "FORM 5",
  "S-1",
  "S-3",
  "S-4",
  "S-8",
  "S-11",
  "F-1",
  "F-3",
  "F-4",
  "F-6",
  "F-10",
  "S-3ASR",
  "F-3ASR",
  "POS AM",
  "424B1",
  "424B2",
  "424B3",
  "424B4",
  "424B5",
  "424B7",
  "424B8",
  "425",
  "FWP",
  "10-12B",
  "10-12G",
  "8-A12B",
  "8-A12G",
  "15-12B",
  "15-12G",
  "15-15D",
  "25-NSE",
  "25",
  "SD",
  "1-A",
  "1-K",
  "1-SA",
  "1-U",
  "D",
  "N-CSR",
  "N-CSRS",
  "N-PORT",
  "497",
  "485BPOS",
  "CORRESP",
  "UPLOAD",
  "EFFECT",
  "CT ORDER",
  "DRS",
  "DRSLTR",
];
const KNOWN_SET = new Set(KNOWN);

/** Upper case without hyphens, spaces or dots: how two spellings of one type are compared. */
const squeeze = (form: string) => form.toUpperCase().replace(/[-\s.]+/g, "");

const BY_SQUEEZED = new Map<string, string>();
for (const form of KNOWN) if (!BY_SQUEEZED.has(squeeze(form))) BY_SQUEEZED.set(squeeze(form), form);

/**
 * A typed form type read as EDGAR writes it: upper case, `10k` → 10-K, `def14a` → DEF 14A,
 * `10-k/a` → 10-K/A. `note` says what was read when the spelling differed by more than case;
 * a form matching no known type is returned upper-cased, with no note.
 */
export function readFormType(typed: string): { form: string; note: string | null } {
  const upper = typed.trim().toUpperCase().replace(/\s+/g, " ");
  const amended = /\s*\/\s*A$/.exec(upper);
  const base = amended ? upper.slice(0, amended.index) : upper;
  if (KNOWN_SET.has(base)) return { form: `${base}${amended ? "/A" : ""}`, note: null };
  const known = BY_SQUEEZED.get(squeeze(base));
  if (!known) return { form: upper, note: null };
  const form = `${known}${amended ? "/A" : ""}`;
  return {
    form,
    note: `form ${typed.trim()} is read as ${form}, as SEC writes that form type`,
  };
}

/**
 * What to say of a form that matched nothing: null for a known type (the company simply filed
 * none), else that it is no form type this tool knows, with the closest known one.
 */
export function unknownFormNote(form: string): string | null {
  const base = form.toUpperCase().replace(/\/A$/, "");
  if (KNOWN_SET.has(base)) return null;
  const near = closest(base, KNOWN);
  const shown = form.length > 40 ? `${form.slice(0, 40)}…` : form;
  return `${shown} is not an SEC form type this tool knows${
    near ? ` (did you mean ${near}?)` : ""
  }: forms are matched exactly as SEC writes them, e.g. 10-K, 10-Q, 8-K, 20-F, DEF 14A`;
}

/** A list of typed form types read as SEC writes them, each respelling said through `warn`. */
export function readForms(typed: string[], warn: (message: string) => void): string[] {
  return typed.map((t) => {
    const { form, note } = readFormType(t);
    if (note) warn(note);
    return form;
  });
}
