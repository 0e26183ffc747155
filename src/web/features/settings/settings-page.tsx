import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function SettingsPage() {
  return <Title order={2}>Configurações</Title>;
}
