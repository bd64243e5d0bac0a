/**
 * The five canonical sections (contract 2.5) and the item each comes from in each form family:
 * 10-K items 1, 1A, 7, 8; 10-Q Part I Items 1-2 and Part II Item 1A; 20-F Items 4, 3.D, 5 and 18
 * (or 17, or 8). A 40-F has no item map (its sections are exhibits).
 */

export type SectionKey = "business" | "risk_factors" | "mda" | "financial_statements" | "segments";

export const SECTIONS: { key: SectionKey; title: string; edgar_section: string | null }[] = [
  { key: "business", title: "Business", edgar_section: "part_i_item_1" },
  { key: "risk_factors", title: "Risk Factors", edgar_section: "part_i_item_1a" },
  { key: "mda", title: "Management's Discussion and Analysis", edgar_section: "part_ii_item_7" },
  {
    key: "financial_statements",
    title: "Financial Statements and Supplementary Data",
    edgar_section: "part_ii_item_8",
  },
  { key: "segments", title: "Segments", edgar_section: null },
];

/** Form families the reader has an item map for. */
export type Family = "10-K" | "10-Q" | "20-F" | "40-F";

export function formFamily(form: string): Family | null {
  const f = form.trim().toUpperCase();
  if (/^10-K(T|405)?(\/A)?$/.test(f)) return "10-K";
  if (/^10-QT?(\/A)?$/.test(f)) return "10-Q";
  if (/^20-F(\/A)?$/.test(f)) return "20-F";
  if (/^40-F(\/A)?$/.test(f)) return "40-F";
  return null;
}

/** The sections that are items of a form (segments is a note of the statements). */
export type Narrative = Exclude<SectionKey, "segments">;
/** [item id, the form's own name for it]; the first one present wins. */
export const MAPS: Record<Exclude<Family, "40-F">, Record<Narrative, [string, string][]>> = {
  "10-K": {
    business: [["part_i_item_1", "Item 1"]],
    risk_factors: [["part_i_item_1a", "Item 1A"]],
    mda: [["part_ii_item_7", "Item 7"]],
    financial_statements: [["part_ii_item_8", "Item 8"]],
  },
  "10-Q": {
    business: [],
    risk_factors: [["part_ii_item_1a", "Part II, Item 1A"]],
    mda: [["part_i_item_2", "Part I, Item 2"]],
    financial_statements: [["part_i_item_1", "Part I, Item 1"]],
  },
  "20-F": {
    business: [["part_i_item_4", "Item 4"]],
    risk_factors: [["part_i_item_3d", "Item 3.D"]],
    mda: [["part_i_item_5", "Item 5"]],
    financial_statements: [
      ["part_iii_item_18", "Item 18"],
      ["part_iii_item_17", "Item 17"],
      ["part_i_item_8", "Item 8"],
    ],
  },
};

/** The item id a section comes from in a form (the first choice), or null. */
export function itemFor(key: SectionKey, form: string): string | null {
  const fam = formFamily(form);
  if (!fam || fam === "40-F" || key === "segments") return null;
  return MAPS[fam][key][0]?.[0] ?? null;
}

/** The form's own name for the item holding a section (e.g. "Item 5" in a 20-F). */
export function formItemFor(key: SectionKey, form: string): string | null {
  const fam = formFamily(form);
  if (!fam || fam === "40-F" || key === "segments") return null;
  return MAPS[fam][key][0]?.[1] ?? null;
}
