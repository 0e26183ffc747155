import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function AdminSetupPage() {
  return <Title order={2}>Configuração do Super Admin</Title>;
}
