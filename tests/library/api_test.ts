/**
 * mod.ts types the modules it loads on first use with the declarations of core/library_api.ts
 * (so that checking a program against mod.ts reads neither zod nor the providers). This file
 * type-checks that the real modules fit those declarations: `deno check` fails when they drift.
 */
import assert from "node:assert/strict";
import type { Config } from "../../core/config.ts";
import type { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import type {
  CliApi,
  ConfigApi,
  HttpApi,
  JsonSchemaApi,
  OpenApiApi,
  RegistryApi,
  RunnerApi,
  SessionApi,
} from "../../core/library_api.ts";

Deno.test("the modules mod.ts loads fit the declarations it types them with", async () => {
  const runner: RunnerApi<Session> = await import("../../core/runner.ts");
  const session: SessionApi<Session, Config> = await import("../../core/session.ts");
  const config: ConfigApi<Config> = await import("../../core/config.ts");
  const registry: RegistryApi = await import("../../commands/registry.ts");
  const jsonschema: JsonSchemaApi = await import("../../adapters/jsonschema.ts");
  const openapi: OpenApiApi = await import("../../adapters/openapi.ts");
  const http: HttpApi<Session> = await import("../../adapters/http.ts");
  const cli: CliApi = await import("../../adapters/cli.ts");
  for (
    const fn of [
      runner.runCommand,
      session.getDefaultSession,
      config.loadConfig,
      registry.loadAllCommands,
      jsonschema.argsJsonSchema,
      openapi.openApiDocument,
      http.createHandler,
      cli.main,
    ]
  ) assert.equal(typeof fn, "function");
  assert.equal(typeof session.Session, "function");
});
