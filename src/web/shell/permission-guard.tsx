import { Alert, Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import type { Module } from "#domain/modules.ts";
import type { Action } from "#domain/permissions.ts";
import { usePermission } from "../lib/permissions.ts";

const ACTION_VERBS: Record<Action, string> = { view: "visualizar", create: "criar", edit: "editar", delete: "excluir" };

export function deniedMessage(action: Action): string {
  return `Você não tem permissão para ${ACTION_VERBS[action]} este módulo.`;
}

/** Shows children when the user may perform the action on the module; else the denial alert (or `fallback`). */
export function PermissionGuard({
  module,
  action,
  children,
  fallback,
}: {
  module: Module;
  action: Action;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const check = usePermission(module, action);
  if (check.isLoading)
    return (
      <Center p="xl" role="status" aria-label="Verificando permissões...">
        <Loader size="sm" />
      </Center>
    );
  if (check.isAllowed) return <>{children}</>;
  return (
    <>
      {fallback ?? (
        <Alert color="yellow" title="Acesso restrito" role="alert">
          {deniedMessage(action)}
        </Alert>
      )}
    </>
  );
}
