import { Badge, Group } from "@mantine/core";
import {
  ACTION_FLAG,
  ACTION_LABELS,
  ACTIONS,
  PERMISSION_LEVEL_LABELS,
  type PermissionFlags,
  type PermissionLevel,
  permissionLevel,
} from "#domain/permissions.ts";

export const LEVEL_COLORS: Record<PermissionLevel, string> = {
  none: "gray",
  full: "green",
  limited: "yellow",
  "read-only": "blue",
};

/** Completo / Limitado / Leitura / Sem acesso (spec §4). */
export function LevelBadge({ flags }: { flags: PermissionFlags | undefined }) {
  const level = permissionLevel(flags);
  return (
    <Badge variant="light" color={LEVEL_COLORS[level]} style={{ flexShrink: 0, maxWidth: "none" }}>
      {PERMISSION_LEVEL_LABELS[level]}
    </Badge>
  );
}

/** Ver / Criar / Editar / Excluir: the allowed ones filled, the others outlined and struck out (readable: no fading). */
export function ActionBadges({ flags }: { flags: PermissionFlags | undefined }) {
  return (
    <Group gap={4}>
      {ACTIONS.map((action) => {
        const isAllowed = Boolean(flags?.[ACTION_FLAG[action]]);
        return (
          <Badge
            key={action}
            size="sm"
            variant={isAllowed ? "filled" : "outline"}
            color={isAllowed ? "blue" : "gray"}
            td={isAllowed ? undefined : "line-through"}
            aria-label={`${ACTION_LABELS[action]}: ${isAllowed ? "sim" : "não"}`}
          >
            {ACTION_LABELS[action]}
          </Badge>
        );
      })}
    </Group>
  );
}
