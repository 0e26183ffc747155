import type { RouteObject } from "react-router";
import { ROUTES } from "#web/routes.tsx";

/** Every path of the web route table, parents joined to children, "*" left out. */
export function routePaths(routes: RouteObject[] = ROUTES, parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const here = route.path !== undefined && route.path !== "*" && !route.path.endsWith("/*") ? [own] : [];
    return [...here, ...(route.children ? routePaths(route.children, own) : [])];
  });
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith("/")) return path;
  return `${parent.replace(/\/$/, "")}/${path}`;
}
