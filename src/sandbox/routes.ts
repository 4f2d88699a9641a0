/**
 * Every route of the sandbox, read from the services' own tables (natgas endpoints, LNG v1 endpoints,
 * the old API's routes), with the mount prefixes the server uses. Tests walk this list, so a route
 * added to a table is covered without editing them.
 */
import { LEGACY_ROUTES, REPORTS } from "./lng/legacy/legacy-handler";
import { endpointParamsOf } from "./lng/query/params";
import { LNG_V1_PATHS, lngV1MethodsOf } from "./lng/v1-handler";
import { NATGAS_ENDPOINTS } from "./natgas/endpoints";
import { DATALINKS_PATH } from "./natgas/datalinks/answer-datalinks";

/** Where each service is mounted below the sandbox root. */
export const MOUNT_PREFIXES = { natgas: "", lng: "/lng", legacy: "/legacy" } as const;

/** One route as a client sees it. */
export interface SandboxRoute {
  readonly service: keyof typeof MOUNT_PREFIXES;
  /** Path from the sandbox root, such as `/v4/rigs`, `/lng/v1/volume_flows`, `/legacy/api/v2/live_status`. */
  readonly path: string;
  /** Methods it answers; any other is 405 (404 for natgas paths that do not exist). */
  readonly methods: readonly ("GET" | "POST")[];
  /** Names of the parameters it reads (body for POST, query string for GET). */
  readonly params: readonly string[];
  /** Body fields every request to it needs to reach its parameters (analysis_report's `req_report`). */
  readonly fixed?: Readonly<Record<string, unknown>>;
}

/** Example of the parameterised `/v3/glossary/{path}/{filter_field}` route. */
const GLOSSARY_EXAMPLE = "/v3/glossary/rigs/county";

/** Every route of the sandbox; analysis_report appears once per report it runs. */
export function sandboxRoutes(): SandboxRoute[] {
  const routes: SandboxRoute[] = [];
  for (const [path, endpoint] of NATGAS_ENDPOINTS) {
    const params = Object.keys(endpoint.params);
    if (path.startsWith("/v3/") && endpoint.paged) params.push("pagination");
    routes.push({ service: "natgas", path: MOUNT_PREFIXES.natgas + path, methods: [endpoint.method], params });
  }
  routes.push({ service: "natgas", path: MOUNT_PREFIXES.natgas + GLOSSARY_EXAMPLE, methods: ["GET"], params: [] });
  routes.push({ service: "natgas", path: MOUNT_PREFIXES.natgas + DATALINKS_PATH, methods: ["POST"], params: ["query", "session_id"] });
  for (const path of LNG_V1_PATHS) {
    routes.push({ service: "lng", path: MOUNT_PREFIXES.lng + path, methods: lngV1MethodsOf(path), params: endpointParamsOf(path) ?? [] });
  }
  for (const [path, route] of LEGACY_ROUTES) {
    const full = MOUNT_PREFIXES.legacy + path;
    if (path === "/api/v2/analysis_report") {
      for (const [name, report] of Object.entries(REPORTS)) {
        routes.push({ service: "legacy", path: full, methods: [route.method], params: Object.keys(report.params), fixed: { req_report: name } });
      }
    } else {
      routes.push({ service: "legacy", path: full, methods: [route.method], params: Object.keys(route.params) });
    }
  }
  return routes;
}
