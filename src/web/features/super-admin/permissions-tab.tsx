import { Text } from "@mantine/core";

// Placeholder: the permissions tab belongs to the other half of issue 6, which replaces this file.
export default function PermissionsTab() {
  return <Text c="dimmed">Carregando permissões...</Text>;
}
