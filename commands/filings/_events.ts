/**
 * Event classification of filings.recent (`classify=true`). 8-K item codes map to named
 * events; other forms map by form type. Importance is 1 (routine) to 5 (market-moving).
 */
export interface FilingEvent {
  event_type: string;
  title: string;
  importance: number;
  /** The 8-K item code behind this event, or null for non-8-K forms. */
  item: string | null;
}

/** 8-K item code → [event_type, title, importance]. */
export const EIGHT_K_EVENTS: Record<string, [string, string, number]> = {
  "1.01": ["material_agreement", "Entry into a material definitive agreement", 4],
  "1.02": ["agreement_terminated", "Termination of a material definitive agreement", 4],
  "1.03": ["bankruptcy", "Bankruptcy or receivership", 5],
  "1.04": ["mine_safety", "Mine safety: shutdowns and patterns of violations", 2],
  "1.05": ["cybersecurity_incident", "Material cybersecurity incident", 5],
  "2.01": ["acquisition_or_disposition", "Completed acquisition or disposition of assets", 4],
  "2.02": ["results_of_operations", "Results of operations and financial condition", 5],
  "2.03": ["debt_obligation", "Creation of a direct financial obligation", 3],
  "2.04": ["debt_acceleration", "Triggering event accelerating an obligation", 4],
  "2.05": ["restructuring", "Costs of exit or disposal activities", 4],
  "2.06": ["impairment", "Material impairment", 4],
  "3.01": ["delisting", "Delisting or failure to meet listing standards", 5],
  "3.02": ["unregistered_equity_sale", "Unregistered sale of equity securities", 3],
  "3.03": ["security_holder_rights", "Material modification of security holders' rights", 3],
  "4.01": ["auditor_change", "Change in the company's certifying accountant", 4],
  "4.02": ["restatement", "Non-reliance on previously issued financial statements", 5],
  "5.01": ["change_in_control", "Change in control of the company", 5],
  "5.02": ["officer_director_change", "Departure or appointment of directors or officers", 4],
  "5.03": ["charter_amendment", "Amendment to articles or bylaws; change in fiscal year", 2],
  "5.04": ["benefit_plan_suspension", "Suspension of trading under employee benefit plans", 2],
  "5.05": ["ethics_code_change", "Amendment or waiver of the code of ethics", 2],
  "5.06": ["shell_status_change", "Change in shell company status", 3],
  "5.07": ["shareholder_vote", "Submission of matters to a vote of security holders", 2],
  "5.08": ["director_nominations", "Shareholder director nominations", 2],
  "6.01": ["abs_information", "Asset-backed securities information", 1],
  "7.01": ["regulation_fd", "Regulation FD disclosure", 3],
  "8.01": ["other_event", "Other events", 2],
  "9.01": ["financial_exhibits", "Financial statements and exhibits", 1],
};

/**
 * 8-K items before the numbering of August 2004 (SEC's data lists them as "5,7" or "12,7"): the
 * item of today's numbering that took each one over.
 */
const OLD_EIGHT_K: Record<string, string> = {
  "1": "5.01", // changes in control of registrant
  "2": "2.01", // acquisition or disposition of assets
  "3": "1.03", // bankruptcy or receivership
  "4": "4.01", // changes in registrant's certifying accountant
  "5": "8.01", // other events
  "6": "5.02", // resignations of registrant's directors
  "7": "9.01", // financial statements and exhibits
  "8": "5.03", // change in fiscal year
  "9": "7.01", // regulation FD disclosure
  "10": "5.05", // amendments to or waivers of the code of ethics
  "11": "5.04", // temporary suspension of trading under employee benefit plans
  "12": "2.02", // results of operations and financial condition
};

const FORM_EVENTS: [RegExp, string, string, number][] = [
  [/^10-KT/, "annual_report", "Transition report (a change of fiscal year end)", 4],
  [/^10-QT/, "quarterly_report", "Transition report (a change of fiscal year end)", 4],
  [/^10-K/, "annual_report", "Annual report", 4],
  [/^10-Q/, "quarterly_report", "Quarterly report", 4],
  [/^20-F/, "annual_report", "Annual report (foreign issuer)", 4],
  [/^40-F/, "annual_report", "Annual report (Canadian issuer)", 4],
  [/^6-K/, "current_report_foreign", "Current report (foreign issuer)", 2],
  [/^[345](\/A)?$/, "insider_transaction", "Insider ownership report", 1],
  [/^144/, "insider_sale_notice", "Notice of proposed sale of securities", 1],
  [/^13F/, "institutional_holdings", "Institutional holdings report", 1],
  [/^SC 13[DG]|^SCHEDULE 13[DG]/, "ownership_stake", "Beneficial ownership report", 3],
  [/^DEF 14A|^DEFA14A|^PRE 14A/, "proxy_statement", "Proxy statement", 2],
  [/^S-[1348]|^F-[13]|^424B/, "securities_offering", "Securities registration or prospectus", 3],
];

/**
 * 8-Ks of a successor issuer (a holding-company reorganisation, a reincorporation, a merger that
 * leaves a new registrant): the form itself says what happened, before any item it lists.
 */
const SUCCESSOR_8K: Record<string, string> = {
  "8-K12B": "Successor issuer's securities registered under Section 12(b) (Form 8-K12B)",
  "8-K12G3": "Successor issuer's securities deemed registered under Rule 12g-3 (Form 8-K12G3)",
  "8-K15D5": "Successor issuer assumes the duty to report under Rule 15d-5 (Form 8-K15D5)",
};

/**
 * The events of one filing, most important first. An amendment (10-K/A, 8-K/A) is the event of
 * the form it amends, its title saying it is an amendment: never read as a new report.
 */
export function classifyFiling(form: string, items: string[]): FilingEvent[] {
  const events = classifyForm(form, items);
  const f = form.toUpperCase().trim();
  if (!f.endsWith("/A") || SUCCESSOR_8K[f.replace(/\/A$/, "")]) return events;
  return events.map((e) => ({
    ...e,
    title: `${e.title}, amended (${form.trim()}: it amends an earlier filing of the same period)`,
  }));
}

function classifyForm(form: string, items: string[]): FilingEvent[] {
  const f = form.toUpperCase().trim();
  const base = f.replace(/\/A$/, "");
  const successor = SUCCESSOR_8K[base];
  if (successor) {
    const title = f.endsWith("/A") ? `${successor}, amended` : successor;
    return [
      { event_type: "successor_issuer", title, importance: 4, item: null },
      ...eightKItems(items),
    ];
  }
  // another 8-K variant the classifier has no rule for: said, never read as an ordinary 8-K
  if (/^8-K/.test(f) && base !== "8-K") {
    return [{
      event_type: "other_filing",
      title:
        `${form} filing (an 8-K variant this classifier does not know; read the filing for what it reports)`,
      importance: 1,
      item: null,
    }];
  }
  if (base === "8-K") {
    const events = eightKItems(items);
    // SEC's data names no item: say so rather than guess one
    if (!events.length) {
      return [{
        event_type: "current_report",
        title: "Current report (SEC's data lists no item; read the filing for its items)",
        importance: 2,
        item: null,
      }];
    }
    return events;
  }
  for (const [re, type, title, importance] of FORM_EVENTS) {
    if (re.test(f)) return [{ event_type: type, title, importance, item: null }];
  }
  return [{ event_type: "other_filing", title: `${form} filing`, importance: 1, item: null }];
}

/** The events of an 8-K's item codes, most important first. */
function eightKItems(items: string[]): FilingEvent[] {
  const events = items.map((raw): FilingEvent | null => {
    const code = /(\d{1,2}\.\d{2})/.exec(raw)?.[1];
    if (code) {
      const hit = EIGHT_K_EVENTS[code];
      return hit
        ? { event_type: hit[0], title: hit[1], importance: hit[2], item: code }
        : { event_type: "other_event", title: `8-K item ${code}`, importance: 2, item: code };
    }
    // an item of the numbering before August 2004 ("12" results of operations, "5" other
    // events): the event of the item that took it over, under its own number
    const old = /^(?:item\s*)?(\d{1,2})$/i.exec(raw.trim())?.[1];
    const now = old ? EIGHT_K_EVENTS[OLD_EIGHT_K[String(Number(old))] ?? ""] : undefined;
    if (!old) return null;
    return now
      ? {
        event_type: now[0],
        title: `${now[1]} (Item ${Number(old)} before August 2004)`,
        importance: now[2],
        item: String(Number(old)),
      }
      : {
        event_type: "other_event",
        title: `8-K item ${old} (numbering before August 2004)`,
        importance: 2,
        item: String(Number(old)),
      };
  }).filter((e): e is FilingEvent => e !== null);
  return events.sort((a, b) => b.importance - a.importance);
}
