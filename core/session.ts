/**
 * Sessions: what outlives one command call (configuration, the response cache, the replay
 * cassettes or the recorder, the clock). The class lives in core/session_core.ts; this module
 * adds the cache backends (SQLite, and Redis or Valkey when FINANCE_CACHE names one), so that a
 * session built by any importer of this module can keep a cache.
 */
import { DEFAULT_CACHE_MAX_BYTES, ResponseCache } from "./cache.ts";
import { SharedCache } from "./cache_shared.ts";
import { Fleet } from "./fleet.ts";
import { provideStores } from "./session_core.ts";

provideStores({ ResponseCache, SharedCache, Fleet, DEFAULT_CACHE_MAX_BYTES });

export {
  type CacheStatus,
  getDefaultSession,
  Session,
  type SessionOptions,
  setDefaultSession,
} from "./session_core.ts";
