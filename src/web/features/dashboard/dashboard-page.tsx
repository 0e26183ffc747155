import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function DashboardPage() {
  return <Title order={2}>Dashboard</Title>;
}
