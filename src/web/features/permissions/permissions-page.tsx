import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function PermissionsPage() {
  return <Title order={2}>Sistema de Permissões</Title>;
}
