import { Title } from "@mantine/core";

// Placeholder until the Super Admin Panel issue lands.
export default function SuperAdminPanel() {
  return <Title order={2}>Super Admin Panel</Title>;
}
