/**
 * Yahoo endpoints yahoo-finance2 does not cover, called directly through the HttpClient:
 * sector and industry pages and the exchange's market time. None of them needs the crumb.
 */
import { z } from "zod";
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import { num } from "./schemas.ts";

const P = "market_a";
const BASE = "https://query1.finance.yahoo.com";
const PARAMS = "formatted=true&withReturns=true&lang=en-US&region=US";

/** Yahoo's eleven sectors (key → display name); industries come from each sector's page. */
export const SECTORS: Record<string, string> = {
  "basic-materials": "Basic Materials",
  "communication-services": "Communication Services",
  "consumer-cyclical": "Consumer Cyclical",
  "consumer-defensive": "Consumer Defensive",
  "energy": "Energy",
  "financial-services": "Financial Services",
  "healthcare": "Healthcare",
  "industrials": "Industrials",
  "real-estate": "Real Estate",
  "technology": "Technology",
  "utilities": "Utilities",
};

const row = z.looseObject({}).transform((o) => o as Record<string, unknown>);

const overview = z.looseObject({
  companiesCount: num,
  marketCap: num,
  messageBoardId: z.string().optional(),
  description: z.string().optional(),
  industriesCount: num,
  marketWeight: num,
  employeeCount: num,
});

const performance = z.looseObject({
  ytdChangePercent: num,
  regMarketChangePercent: num,
  oneYearChangePercent: num,
  threeYearChangePercent: num,
  fiveYearChangePercent: num,
}).optional();

export const sectorData = z.looseObject({
  key: z.string(),
  name: z.string(),
  symbol: z.string().optional(),
  overview,
  performance,
  performanceOverviewBenchmark: performance,
  topCompanies: z.array(row).default([]),
  topETFs: z.array(row).default([]),
  topMutualFunds: z.array(row).default([]),
  industries: z.array(z.looseObject({
    key: z.string().optional(),
    name: z.string(),
    symbol: z.string().optional(),
    marketWeight: num,
    ytdReturn: num,
  })).default([]),
  researchReports: z.array(row).default([]),
});
export type SectorData = z.infer<typeof sectorData>;

export const industryData = z.looseObject({
  key: z.string(),
  name: z.string(),
  symbol: z.string().optional(),
  sectorKey: z.string().optional(),
  sectorName: z.string().optional(),
  overview,
  performance,
  topCompanies: z.array(row).default([]),
  topPerformingCompanies: z.array(row).default([]),
  topGrowthCompanies: z.array(row).default([]),
  researchReports: z.array(row).default([]),
});
export type IndustryData = z.infer<typeof industryData>;

export const marketTimeBody = z.looseObject({
  finance: z.looseObject({
    marketTimes: z.array(z.looseObject({
      id: z.string().optional(),
      marketTime: z.array(z.looseObject({
        id: z.string().optional(),
        name: z.string().optional(),
        status: z.string().optional(),
        message: z.string().optional(),
        open: z.string().optional(),
        close: z.string().optional(),
        time: z.string().optional(),
        timezone: z.array(z.looseObject({})).optional(),
      })),
    })),
  }),
});

/** Lower-cases and hyphenates a key typed by a user ("Software—Infrastructure" too). */
export function normalizeKey(key: string): string {
  return key.trim().toLowerCase().replace(/[\s_—–]+/g, "-").replace(/-+/g, "-");
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown, url: string): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const i = r.error.issues[0];
  throw new ProviderError(
    P,
    `unexpected answer from ${url}: ${i.path.join(".")} ${i.message}; Yahoo may have changed it`,
  );
}

export class DomainCalls {
  constructor(readonly env: ProviderEnv) {}

  async #data(url: string, what: string): Promise<unknown> {
    const res = await this.env.http.request({
      provider: P,
      url,
      cache: { ttl: 3_600 },
      acceptStatus: [404],
      signal: this.env.signal,
    });
    if (res.status === 404) {
      throw new InputError(`${what} is not known to Yahoo; list valid keys with sector.keys`);
    }
    const body = res.json<{ data?: unknown; error?: { description?: string } }>();
    if (!body.data) {
      throw new ProviderError(
        P,
        `no data for ${what}${body.error ? `: ${body.error.description}` : ""}`,
        {
          url,
        },
      );
    }
    return body.data;
  }

  /** A sector page: overview, performance, top companies/ETFs/funds, industries, reports. */
  async sector(key: string): Promise<SectorData> {
    const k = normalizeKey(key);
    if (!Object.hasOwn(SECTORS, k)) {
      throw new InputError(
        `unknown sector key '${key}'; valid keys: ${Object.keys(SECTORS).join(", ")}`,
      );
    }
    const url = `${BASE}/v1/finance/sectors/${k}?${PARAMS}`;
    return parseBody(sectorData, await this.#data(url, `sector '${k}'`), url);
  }

  /** An industry page; the key is Yahoo's own (as listed by industry.keys). */
  async industry(key: string): Promise<IndustryData> {
    const k = normalizeKey(key);
    if (!/^[a-z0-9&-]+$/.test(k)) throw new InputError(`industry key '${key}' is not a valid key`);
    const url = `${BASE}/v1/finance/industries/${encodeURIComponent(k)}?${PARAMS}`;
    return parseBody(industryData, await this.#data(url, `industry '${k}'`), url);
  }

  /** The exchange's own trading status (open/closed), from Yahoo's market-time endpoint. */
  async marketTime(market: string) {
    const url = `${BASE}/v6/finance/markettime?formatted=true&key=finance&lang=en-US&region=${
      encodeURIComponent(market)
    }`;
    const body = await this.env.http.json({ provider: P, url, cache: { ttl: 60 } });
    const parsed = parseBody(marketTimeBody, body, url);
    const mt = parsed.finance.marketTimes[0]?.marketTime[0];
    if (!mt) throw new ProviderError(P, `market time for ${market} came back empty`, { url });
    return { ...mt, url };
  }
}
