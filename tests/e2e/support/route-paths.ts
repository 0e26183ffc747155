import type { ReactNode } from "react";
import type { RouteObject } from "react-router";
import { ROUTES } from "#web/routes.tsx";

/** A route of the web route table: its full path and which screen component it draws. */
export type RouteScreen = { path: string; screen: string };

/** Every route of the web route table (src/web/routes.tsx), parents joined to children, "*" left out. */
export function routeScreens(routes: RouteObject[] = ROUTES, parent = ""): RouteScreen[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const isPage = route.path !== undefined && route.path !== "*" && !route.path.endsWith("/*");
    const here = isPage ? [{ path: own, screen: elementSignature(route.element) }] : [];
    return [...here, ...(route.children ? routeScreens(route.children, own) : [])];
  });
}

export function routePaths(): string[] {
  return routeScreens().map((route) => route.path);
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith("/")) return path;
  return `${parent.replace(/\/$/, "")}/${path}`;
}

const ids = new Map<unknown, number>();
const idOf = (value: unknown) => {
  if (!ids.has(value)) ids.set(value, ids.size);
  return ids.get(value);
};

/**
 * Which components a route element nests (guards, Suspense, the screen): two routes drawn by the
 * same screen component (every section page, say) share it.
 */
function elementSignature(node: ReactNode): string {
  if (!node || typeof node !== "object" || !("type" in node)) return "";
  const props = (node.props ?? {}) as { children?: ReactNode; screen?: unknown };
  const screen = props.screen ? `#${idOf(props.screen)}` : "";
  return `${idOf(node.type)}${screen}(${elementSignature(props.children)})`;
}
