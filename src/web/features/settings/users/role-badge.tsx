import { Badge } from "@mantine/core";
import { ROLE_LABELS, type Role } from "#domain/roles.ts";

const ROLE_COLORS: Partial<Record<Role, string>> = {
  super_admin: "red",
  agency_manager: "violet",
  project_manager: "blue",
  agency_client: "teal",
  user: "gray",
};

/** A role with its spec §3 label; managers and clients stand out by colour. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role] ?? "indigo"} style={{ flexShrink: 0 }}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
