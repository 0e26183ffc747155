import { Alert, Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { deniedMessage } from "#web/shell/permission-guard.tsx";
import type { ScreenHandle } from "#web/shell/current-screen.ts";
import { canOpenScreen } from "#web/shell/nav-access.ts";
import { useFlagsLookup } from "#web/shell/use-nav-access.ts";

/** The section's content when the user may open the screen (the sidebar's own rule); else the denial. */
export function SectionAccess({ screen, children }: { screen: ScreenHandle; children: ReactNode }) {
  const lookup = useFlagsLookup();
  if (!lookup) {
    return (
      <Center p="xl" role="status" aria-label="Verificando permissões...">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!screen.item || !canOpenScreen(lookup, screen.item, screen.child)) {
    return (
      <Alert color="yellow" title="Acesso restrito" role="alert">
        {deniedMessage("view")}
      </Alert>
    );
  }
  return <>{children}</>;
}
