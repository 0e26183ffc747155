import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { broadcastAuthChange, ME_QUERY_KEY } from "../../lib/session.ts";

/** Where a signed-in visitor of /auth goes: back to the guarded page that sent them here, else /dashboard. */
export function useAfterSignInPath(): string {
  const [params] = useSearchParams();
  const next = params.get("next");
  // only a path of this site: "//evil.example" or "https://…" would leave it
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/auth") ? next : "/dashboard";
}

/** After a session opens: tell the other tabs, reload the profile, then enter the app. */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const target = useAfterSignInPath();
  return async () => {
    broadcastAuthChange();
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    navigate(target, { replace: true });
  };
}
